import { expect, inject } from "vitest";
import type { Address } from "viem";
import path from "node:path";
import { type RuntimeConfig, readRuntimeConfig } from "../../server/config/runtime.js";
import type { Lease } from "./serviceBroker.js";
import { runCli } from "./service.js";

/**
 * A running service borrowed from the broker (test/helpers/serviceBroker.ts) for the calling file, with a project and
 * an admin token of the file's own. For files that only talk to a service: a file that stops, restarts, kills or
 * reads the output of its service starts its own (startTestService). With `env`, the file gets a service started with
 * those settings, for itself alone.
 */
export type SharedService = {
  baseUrl: string;
  adminToken: string;
  /** The file's own project, the one adminToken belongs to. */
  projectName: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  runtime(): RuntimeConfig;
  databaseUrl(): string;
  cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  signerAddress(chainId?: number): Address;
  /** Gives it back (call it in afterAll). */
  release(): Promise<void>;
};

async function brokerCall<T>(route: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject("serviceBroker")}${route}`, { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`the service broker failed: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Borrows a service for the calling file (call it in beforeAll). */
export async function sharedService(options: { env?: NodeJS.ProcessEnv } = {}): Promise<SharedService> {
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "unknown");
  const lease = await brokerCall<Lease>("/lease", { env: options.env, file });
  return {
    baseUrl: lease.baseUrl,
    adminToken: lease.adminToken,
    projectName: lease.projectName,
    dataDir: lease.dataDir,
    env: lease.env,
    runtime: () => readRuntimeConfig(path.join(lease.dataDir, "runtime.json")),
    databaseUrl: () => lease.databaseUrl,
    cli: (args) => runCli(lease.env, args),
    signerAddress: (chainId = 31337) => {
      const address = lease.signers[String(chainId)];
      if (!address) throw new Error(`no signer known for chain ${chainId}`);
      return address as Address;
    },
    release: async () => {
      await brokerCall("/release", { id: lease.id });
    },
  };
}
