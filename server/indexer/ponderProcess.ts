import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { spawnOwnedChild } from "../processes.js";
import { PONDER_SHUTDOWN_GRACE_MS, ponderBin } from "./ponderInternals.js";

export type PonderProcess = {
  pid: number;
  /** Resolves with the exit code when the process ends, for whatever reason. */
  exited: Promise<number | null>;
  /** null while it runs. */
  exitCode(): number | null;
  stop(): Promise<void>;
};

/** Ponder's packages (drizzle-orm above all) load through the resolver the CLI uses (bin/relativeImports.mjs says why). */
const RELATIVE_IMPORTS = new URL("../../bin/relativeImports.mjs", import.meta.url).href;

/** Beyond the API's own drain time: Ponder's shutdown of its indexer and database (it allows itself 5 s), and more. */
const STOP_MARGIN_MS = 3 * PONDER_SHUTDOWN_GRACE_MS;

/**
 * Runs `ponder start` (indexer and HTTP server in one process) or `ponder serve` from the project root. Its pid is written to the data
 * directory so that a supervisor killed without cleanup can stop the orphan on the next start. On SIGTERM (from
 * stop(), or from the kernel when the supervisor dies) the API drains before Ponder shuts down (server/http/shutdown.ts).
 */
export function startPonder(options: {
  /** `start`: indexer and HTTP server; `serve`: the HTTP server alone, on a schema another process indexes. */
  command: "start" | "serve";
  rootDir: string;
  pidFile: string;
  schema: string;
  /** `start`: the schema whose views Ponder points at `schema` once its backfill is done. */
  viewsSchema?: string;
  port: number;
  host: string;
  env: NodeJS.ProcessEnv;
  logLevel: string;
  logFormat: "pretty" | "json";
  /** How long the API may take to drain on stop; the process is killed some seconds after that. */
  shutdownGraceMs: number;
  onOutput: (chunk: Buffer, stream: "stdout" | "stderr") => void;
}): PonderProcess {
  const child: ChildProcess = spawnOwnedChild(
    process.execPath,
    [
      // Ponder's own pg usage triggers a deprecation warning on every start; it says nothing to an operator.
      "--no-deprecation",
      // Every request and every indexed event leaves short-lived garbage; with V8's default young generation (16 MiB
      // semi-spaces) the process scavenges so often that objects still in use get promoted, then collected again.
      // 32 MiB cut Ponder's CPU per mint by 13-30 % and the p99 at 200 clients by about a quarter, for 42 MiB more
      // at idle (bench/README.md, "Mints").
      "--max-semi-space-size=32",
      "--import",
      RELATIVE_IMPORTS,
      ponderBin(),
      "--log-level",
      options.logLevel,
      "--log-format",
      options.logFormat,
      options.command,
      "--schema",
      options.schema,
      ...(options.viewsSchema === undefined ? [] : ["--views-schema", options.viewsSchema]),
      "--port",
      String(options.port),
      "--hostname",
      options.host,
    ],
    { cwd: options.rootDir, env: options.env, stdio: ["ignore", "pipe", "pipe"], deathSignal: "SIGTERM" },
  );
  if (child.pid === undefined) throw new Error("Could not start the Ponder process.");
  fs.writeFileSync(options.pidFile, String(child.pid));
  child.stdout?.on("data", (chunk: Buffer) => options.onOutput(chunk, "stdout"));
  child.stderr?.on("data", (chunk: Buffer) => options.onOutput(chunk, "stderr"));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      fs.rmSync(options.pidFile, { force: true });
      resolve(code);
    }),
  );
  return {
    pid: child.pid,
    exited,
    exitCode: () => (child.exitCode ?? (child.signalCode === null ? null : -1)),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), options.shutdownGraceMs + STOP_MARGIN_MS);
      await exited;
      clearTimeout(force);
    },
  };
}
