import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../server/ports.js";
import { embeddedConnectionString } from "../../server/store/database/embeddedPostgres.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type BenchService = {
  child: ChildProcess;
  base: string;
  token: string;
  dataDir: string;
  /** The embedded database's connection string. */
  databaseUrl(): string;
  post(pathname: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Stops the service, keeping its data directory for another start. */
  stop(): Promise<void>;
  /** Stops the service and removes its data directory. */
  destroy(): Promise<void>;
};

/**
 * `tokenhub start` (with `args`, such as `--role api`) as a user runs it, on a fresh data directory (or `again`'s, a
 * stopped service's), with a known admin token; resolves once it is up.
 */
export async function startBenchService(label: string, env: NodeJS.ProcessEnv = {}, args: string[] = [], again?: BenchService): Promise<BenchService> {
  const dataDir = again?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `tokenhub-bench-${label}-`));
  const token = again?.token ?? `thk_bench_${crypto.randomBytes(16).toString("hex")}`;
  // Between freePort() and Ponder's listen another program can take the port: the service then refuses to start
  // (saying so), and the benchmark tries another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(dataDir, await freePort(), token, env, args);
    } catch (error) {
      if (attempt >= 3 || !/is in use by another program/.test((error as Error).message)) throw error;
    }
  }
}

async function startOn(dataDir: string, port: number, token: string, env: NodeJS.ProcessEnv, args: string[]): Promise<BenchService> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), "start", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TOKENHUB_DATA_DIR: dataDir, PORT: String(port), TOKENHUB_ADMIN_TOKEN: token, TOKENHUB_LOG_LEVEL: "warn", ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("tokenhub is up")) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`tokenhub exited:\n${output}`)));
  });
  return {
    child,
    base,
    token,
    dataDir,
    /** The embedded database as the service itself connects to it (its Unix socket when it has one). */
    databaseUrl() {
      return embeddedConnectionString(dataDir)!;
    },
    async post(pathname, body) {
      const response = await fetch(`${base}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
    async destroy() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
