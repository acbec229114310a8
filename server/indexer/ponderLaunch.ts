import path from "node:path";
import { type ChainConfig, rpcLimitsOf } from "../chain/chainsConfig.js";
import { predictCoreAddresses } from "../chain/deployCore.js";
import type { Settings } from "../config/env.js";
import { RUNTIME_FILE_ENV, type Role, type RuntimeChain, runtimeFilePath, writeRuntimeConfig } from "../config/runtime.js";
import { CRASH_RECOVERY_LOG, LIVE_BLOCK_LOG, NO_NEW_BLOCK_LOG } from "./ponderInternals.js";
import { type PonderProcess, startPonder } from "./ponderProcess.js";

export const ROOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

/** The pid file of each Ponder process, in the data directory it runs with (orphans.ts reads it after a crash). */
export const PONDER_PID_FILE = "ponder.pid";

export type UnreachableChain = { config: ChainConfig; reason: string };

/** What the Ponder process reads (ponder.config.ts, src/api/index.ts): the resolved chains, the schema, the role. */
export function writeRuntimeFile(
  settings: Settings,
  role: Role,
  schema: string,
  chains: RuntimeChain[],
  unreachable: UnreachableChain[],
  operatorSecret?: string,
): string {
  const runtimeFile = runtimeFilePath(settings.dataDir);
  writeRuntimeConfig(runtimeFile, {
    role,
    dataDir: settings.dataDir,
    publicUrl: settings.publicUrl,
    indexSchema: schema,
    appSchema: settings.appSchema,
    maxBodyBytes: settings.maxBodyBytes,
    maxBatchSize: settings.maxBatchSize,
    metadataPropagationWindowMs: settings.metadataPropagationWindowMs,
    readWaitMs: settings.readWaitMs,
    writeWaitMs: settings.writeWaitMs,
    media: settings.media,
    logLevel: settings.logLevel,
    logFormat: settings.logFormat,
    shutdownGraceMs: settings.shutdownGraceMs,
    remoteMetadata: settings.remoteMetadata,
    transactions: settings.transactions,
    chains: [...chains, ...unreachable.map(({ config, reason }) => unreachableRuntimeChain(config, reason))],
    indexOverHttp: settings.indexOverHttp,
    connections: settings.connections,
    metricsServer: settings.metricsPort === undefined ? null : { port: settings.metricsPort, host: settings.host },
    rateLimits: settings.rateLimits,
    webhooks: settings.webhooks,
    ...(operatorSecret === undefined ? {} : { operatorSecret }),
  });
  return runtimeFile;
}

/**
 * A chain left out at start-up: in runtime.json so that the API answers for it (503 with the reason), not in
 * Ponder's configuration (server/config/runtime.ts, `unavailable`).
 */
function unreachableRuntimeChain(config: ChainConfig, reason: string): RuntimeChain {
  return {
    id: config.id,
    name: config.name,
    rpcUrl: Array.isArray(config.rpcUrl) ? config.rpcUrl : [config.rpcUrl!],
    wsUrl: config.wsUrl,
    explorerUrl: config.explorerUrl,
    local: false,
    startBlock: config.startBlock ?? 0,
    pollingIntervalMs: config.pollingIntervalMs,
    finality: config.finality,
    rpcLimits: rpcLimitsOf(config),
    genesisHash: "0x",
    core: predictCoreAddresses(),
    coreDeployed: false,
    accountsDeployed: false,
    contracts: config.contracts,
    unavailable: reason,
  };
}

/**
 * The output of a Ponder process that runs beside the main one (the follower of the build that answers, the API
 * during a rebuild), each line marked as its: otherwise two Ponders' "Completed backfill indexing" or "/ready" lines
 * read as one's. A JSON line gets a first field `"process": label`, a text line a `label | ` prefix.
 */
export function labelledOutput(label: string, write: (chunk: Buffer) => void): (chunk: Buffer) => void {
  let partial = "";
  return (chunk) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop()!;
    if (lines.length === 0) return;
    const labelled = lines.map((line) => (line.startsWith("{\"") ? `{"process":${JSON.stringify(label)},${line.slice(1)}` : line === "" ? line : `${label} | ${line}`));
    write(Buffer.from(`${labelled.join("\n")}\n`));
  };
}

/** Ponder (`start`: indexer and API; `serve`: API on another process's index) with this service's settings. */
export function launchPonder(
  settings: Settings,
  target: {
    command: "start" | "serve";
    schema: string;
    viewsSchema?: string;
    databaseUrl: string;
    runtimeFile: string;
    /** The program to run: this one, or a saved copy of the one that made the build (server/indexer/indexingProgram.ts). */
    rootDir?: string;
    /** The chains it indexes (`start`): a local one mines only when sent a transaction, so it is idle most of the time. */
    chains?: readonly RuntimeChain[];
  },
  output: { onOutput: (chunk: Buffer) => void },
): PonderProcess {
  return startPonder({
    command: target.command,
    rootDir: target.rootDir ?? ROOT_DIR,
    pidFile: path.join(settings.dataDir, PONDER_PID_FILE),
    schema: target.schema,
    viewsSchema: target.viewsSchema,
    port: settings.port,
    host: settings.host,
    logLevel: settings.logLevel,
    logFormat: settings.logFormat,
    shutdownGraceMs: settings.shutdownGraceMs,
    // Ponder takes PORT from the environment over --port: the indexer beside an API (server/indexer/indexer.ts) has its own.
    env: { ...process.env, PORT: String(settings.port), DATABASE_URL: target.databaseUrl, [RUNTIME_FILE_ENV]: target.runtimeFile },
    onOutput:
      settings.logLevel === "debug"
        ? output.onOutput
        : operatorOutput(output.onOutput, (target.chains ?? []).filter((chain) => chain.local).map((chain) => chain.name)),
  });
}

/**
 * Ponder's output without the lines that tell an operator nothing at the default level (TOKENHUB_LOG_LEVEL=debug keeps
 * them): one a block indexed live; "no new block" on a local chain, which mines only when sent a transaction; the
 * crash recovery Ponder detects at every start, after a clean stop too, where tokenhub's own line says what the start
 * keeps. Changes of state (backfill, readiness, a reorganisation, an RPC's errors) pass.
 */
export function operatorOutput(write: (chunk: Buffer) => void, idleChains: readonly string[]): (chunk: Buffer) => void {
  const quiet = (line: string) => {
    if (LIVE_BLOCK_LOG.test(line) || CRASH_RECOVERY_LOG.test(line)) return true;
    const idle = NO_NEW_BLOCK_LOG.exec(line);
    return idle !== null && idleChains.includes(idle[1] ?? idle[2] ?? "");
  };
  let partial = "";
  return (chunk) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop()!;
    const kept = lines.filter((line) => !quiet(line));
    if (kept.length > 0) write(Buffer.from(`${kept.join("\n")}\n`));
  };
}
