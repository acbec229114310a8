import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Address } from "viem";
import { localSignerAccount } from "../../server/chain/signers.js";
import { type RuntimeConfig, readRuntimeConfig } from "../../server/config/runtime.js";
import { freePort } from "../../server/ports.js";
import { createSoftHsmToken, type SoftHsmToken } from "./softhsm.js";
import { waitFor } from "./waitFor.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type TestService = {
  baseUrl: string;
  adminToken: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  runtime(): RuntimeConfig;
  /** Everything the service printed since it was first started (all restarts). */
  output(): string;
  /** A connection string for the service's database (the embedded one or the external test database). */
  databaseUrl(): string;
  /**
   * Starts it again on the same data directory and port; resolves once it answers, or once its output matches
   * `until` (a point during start-up).
   */
  start(options?: { until?: RegExp }): Promise<{ seconds: number }>;
  /** Graceful stop (SIGTERM), waiting for every child to exit. */
  stop(): Promise<void>;
  /** SIGKILL to the supervisor only, as a crash would. */
  kill(): Promise<void>;
  /** The supervisor's pid (it leads its own process group, as a command started from a terminal does). */
  pid(): number;
  /**
   * Sends a signal as an operator would: to the supervisor alone, to its process group (a terminal's Ctrl-C), or to
   * every process of the service at once (systemd's default KillMode=control-group).
   */
  signal(signal: NodeJS.Signals, to: "supervisor" | "group" | "every process"): void;
  /** Resolves once the supervisor has exited, with its exit code. */
  exited(): Promise<number | null>;
  /** Stops reading the supervisor's output and closes the pipes, as a parent that went away does. */
  closeOutput(): void;
  /** Every process that works on this data directory (the supervisor, Ponder, anvil, PostgreSQL). */
  processes(): number[];
  /** Stops it and removes its data (and its external database). */
  destroy(): Promise<void>;
  cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** The chain's first service signer: the local chain's generated key, or the key in the SoftHSM2 token. */
  signerAddress(chainId?: number): Address;
  /** With TEST_KEYS_BACKEND=pkcs11: the SoftHSM2 token that holds the signers and the cloud keys. */
  softhsm: SoftHsmToken | undefined;
};

/**
 * TEST_KEYS_BACKEND=pkcs11 runs every service of a test file with its signers and cloud keys in a SoftHSM2 token of
 * its own (issue 29, acceptance 1): the same tests then show that minting, permits, metadata and accounts work with
 * keys that never leave the token.
 */
const KEYS_BACKEND = process.env.TEST_KEYS_BACKEND ?? "local";
const SIGNER_LABEL = "tokenhub-signer";

/**
 * Runs the real service exactly as a user does (`tokenhub start`), in a temporary data directory, on the embedded
 * database or, with `external: true`, on a fresh database of the server in DATABASE_URL.
 */
export async function startTestService(
  options: {
    external?: boolean;
    env?: NodeJS.ProcessEnv;
    args?: string[];
    /** A copy of the project to run instead of this one. */
    root?: string;
    /** Where the data directory is made, instead of the system's temporary directory. */
    parent?: string;
  } = {},
): Promise<TestService> {
  const root = options.root ?? ROOT;
  const cli = path.join(root, "bin", "tokenhub.mjs");
  const dataDir = fs.mkdtempSync(path.join(options.parent ?? os.tmpdir(), "tokenhub-test-"));
  let port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const adminToken = `thk_test_${crypto.randomBytes(24).toString("base64url")}`;
  const softhsm = KEYS_BACKEND === "pkcs11" ? createSoftHsmToken() : undefined;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TOKENHUB_DATA_DIR: dataDir,
    PORT: String(port),
    TOKENHUB_ADMIN_TOKEN: adminToken,
    ...(softhsm ? { ...softhsm.env, TOKENHUB_SIGNER_PKCS11_KEYS: SIGNER_LABEL, TOKENHUB_CLOUD_KEYS_BACKEND: "pkcs11" } : {}),
    ...options.env,
  };
  let externalDatabase: { admin: string; name: string } | undefined;
  if (options.external) {
    const admin = process.env.DATABASE_URL;
    if (!admin) throw new Error("external database tests need DATABASE_URL");
    const name = `tokenhub_test_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    externalDatabase = { admin, name };
    const url = new URL(admin);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }

  // Kept after the test for post-mortems: destroy() removes the data directory, not this file.
  const logFile = path.join(os.tmpdir(), "tokenhub-test-logs", `${path.basename(dataDir)}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  let output = "";
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);

  const start = async ({ until }: { until?: RegExp } = {}) => {
    const began = Date.now();
    const mark = output.length;
    // Its own process group, as a shell gives a command started from a terminal.
    child = spawn(process.execPath, [cli, "start", ...(options.args ?? [])], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const append = (chunk: Buffer) => {
      output += chunk.toString();
      fs.appendFileSync(logFile, chunk);
    };
    child.stdout!.on("data", append);
    child.stderr!.on("data", append);
    const current = child;
    exited = exitWithOutput(current);
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    await waitFor(
      () => {
        if (gone) throw new Error(`tokenhub exited during start-up:\n${output.slice(mark)}`);
        return until === undefined ? output.slice(mark).includes("tokenhub is up") : until.test(output.slice(mark));
      },
      { timeoutMs: 120_000, message: () => `tokenhub did not come up:\n${output.slice(mark)}` },
    );
    return { seconds: (Date.now() - began) / 1000 };
  };

  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };

  // Between freePort() and Ponder's listen, another process of a busy machine can take the port (a client socket's
  // local port, another test's server): the service then refuses to start, and the first start tries another.
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3 || !/is in use by another program/.test((error as Error).message)) throw error;
      port = await freePort();
      env.PORT = String(port);
    }
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    adminToken,
    dataDir,
    env,
    runtime: () => readRuntimeConfig(path.join(dataDir, "runtime.json")),
    output: () => output,
    databaseUrl: () => {
      if (env.DATABASE_URL) return env.DATABASE_URL;
      const settings = JSON.parse(fs.readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { port: number; user: string; password: string };
      return `postgresql://${settings.user}:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/tokenhub`;
    },
    start,
    stop,
    kill: async () => {
      child?.kill("SIGKILL");
      await exited;
    },
    pid: () => child!.pid!,
    signal: (signal, to) => {
      const pid = child!.pid!;
      if (to === "supervisor") process.kill(pid, signal);
      else if (to === "group") process.kill(-pid, signal);
      else for (const each of processesOf(dataDir)) process.kill(each, signal);
    },
    exited: () => exited,
    closeOutput: () => {
      child?.stdout?.destroy();
      child?.stderr?.destroy();
    },
    processes: () => processesOf(dataDir),
    destroy: async () => {
      await stop();
      if (externalDatabase) await adminQuery(externalDatabase.admin, `DROP DATABASE IF EXISTS ${externalDatabase.name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      softhsm?.destroy();
    },
    softhsm,
    signerAddress: (chainId = 31337) => {
      if (!env.TOKENHUB_SIGNER_PKCS11_KEYS && !env[`TOKENHUB_SIGNER_PKCS11_KEYS_${chainId}`]) return localSignerAccount(dataDir).address;
      // The supervisor prints the addresses of the signers it found or generated in the token.
      const printed = new RegExp(`chain ${chainId}'s signers in the .*?: \\S+ (0x[0-9a-fA-F]{40})`).exec(output);
      if (!printed) throw new Error(`the service printed no signer in the token for chain ${chainId}`);
      return printed[1] as Address;
    },
    cli: async (args) => {
      const result = await runCli(env, args, root);
      output += result.stdout + result.stderr;
      return result;
    },
  };
}

/** Runs `tokenhub <args>` with a service's environment, as an operator beside it would. */
export function runCli(env: NodeJS.ProcessEnv, args: string[], root = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const run = spawn(process.execPath, [path.join(root, "bin", "tokenhub.mjs"), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    run.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    run.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    void exitWithOutput(run).then((code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A child's exit code once its output has been read too: "exit" can come before the last output, "close" after it,
 * unless something the child started still holds its output open, hence the second at most.
 */
function exitWithOutput(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => {
      const late = setTimeout(() => resolve(code), 1_000);
      child.once("close", () => {
        clearTimeout(late);
        resolve(code);
      });
    });
  });
}

/**
 * The processes that work on a data directory, found as an operator would: the supervisor and Ponder carry it in their
 * environment (TOKENHUB_DATA_DIR, TOKENHUB_RUNTIME_FILE), anvil and PostgreSQL in their command line, PostgreSQL's
 * backends are children of its postmaster.
 */
export function processesOf(dataDir: string): number[] {
  const found = new Set<number>();
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8");
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      if (cmdline.includes(dataDir) || environ.includes(dataDir)) found.add(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  for (const [pid, parent] of parents) if (found.has(parent)) found.add(pid);
  return [...found].sort((a, b) => a - b);
}

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One query against the service's database, for assertions on what it stored. */
export async function queryDatabase<T extends pg.QueryResultRow>(connectionString: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The build the index schema's views read (server/indexer/store/indexDeployments.ts). */
export async function answeringBuild(databaseUrl: string): Promise<string> {
  const [view] = await queryDatabase<{ definition: string }>(databaseUrl, "SELECT definition FROM pg_views WHERE schemaname = 'tokenhub_index' AND viewname = '_ponder_meta'");
  return /FROM (\w+)\._ponder_meta/.exec(view!.definition)![1]!;
}
