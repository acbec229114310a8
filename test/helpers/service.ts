import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type RuntimeConfig, readRuntimeConfig } from "../../src/config/runtime.js";
import { freePort } from "../../src/ports.js";
import { waitFor } from "./waitFor.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CLI = path.join(ROOT, "bin", "tokenhub.mjs");

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
  /** Starts it again on the same data directory and port; resolves once it answers. */
  start(): Promise<{ seconds: number }>;
  /** Graceful stop (SIGTERM), waiting for every child to exit. */
  stop(): Promise<void>;
  /** SIGKILL to the supervisor only, as a crash would. */
  kill(): Promise<void>;
  /** Stops it and removes its data (and its external database). */
  destroy(): Promise<void>;
  cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
};

/**
 * Runs the real service exactly as a user does (`tokenhub start`), in a temporary data directory, on the embedded
 * database or, with `external: true`, on a fresh database of the server in DATABASE_URL.
 */
export async function startTestService(options: { external?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-test-"));
  let port = await freePort();
  const adminToken = `thk_test_${crypto.randomBytes(24).toString("base64url")}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PONDER_TELEMETRY_DISABLED: "true",
    TOKENHUB_DATA_DIR: dataDir,
    PORT: String(port),
    TOKENHUB_ADMIN_TOKEN: adminToken,
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
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const began = Date.now();
    const mark = output.length;
    child = spawn(process.execPath, [CLI, "start"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const append = (chunk: Buffer) => {
      output += chunk.toString();
      fs.appendFileSync(logFile, chunk);
    };
    child.stdout!.on("data", append);
    child.stderr!.on("data", append);
    const current = child;
    exited = new Promise((resolve) => current.once("exit", () => resolve()));
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    await waitFor(
      () => {
        if (gone) throw new Error(`tokenhub exited during start-up:\n${output.slice(mark)}`);
        return output.slice(mark).includes("tokenhub is up");
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
    destroy: async () => {
      await stop();
      if (externalDatabase) await adminQuery(externalDatabase.admin, `DROP DATABASE IF EXISTS ${externalDatabase.name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    cli: (args) =>
      new Promise((resolve) => {
        const run = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        run.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        run.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        run.once("exit", (code) => {
          output += stdout + stderr;
          resolve({ code, stdout, stderr });
        });
      }),
  };
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
