import crypto from "node:crypto";
import path from "node:path";
import type { ChainConfig } from "../chain/chainsConfig.js";
import { predictCoreAddresses } from "../chain/deployCore.js";
import type { Settings } from "../config/env.js";
import { RUNTIME_FILE_ENV, type Role, type RuntimeChain, runtimeFilePath, writeRuntimeConfig } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { isPortFree } from "../ports.js";
import { isDatabaseUnavailable, type Store } from "../store/db.js";
import { dropIndexSchema, releaseIndexLock } from "../store/indexReset.js";
import { getSetting, indexedBlockOf, putSetting } from "../store/indexState.js";
import { type Progress, resetIndexIfChainChanged } from "./chains.js";
import { indexFingerprint } from "./indexFingerprint.js";
import { readyWithin, throwIfAborted, waitForHealth, waitForLocalChainsIndexed } from "./indexerStartup.js";
import { type PonderProcess, ponderVersion, startPonder } from "./ponderProcess.js";

export const ROOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
/** How long start-up waits for the backfill before coming up with queries answering NOT_READY. */
const BACKFILL_WAIT_MS = 15_000;

export type UnreachableChain = { config: ChainConfig; reason: string };

export type Indexer = {
  /** Starts Ponder on these chains and waits until it answers (and the local chains are indexed). */
  start(chains: RuntimeChain[], unreachable: UnreachableChain[]): Promise<void>;
  /** Stops the running Ponder and starts it again with these chains (a chain that joined). */
  restart(chains: RuntimeChain[], unreachable: UnreachableChain[]): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when Ponder exits other than by stop() or restart(). */
  exited: Promise<number | null>;
};

/**
 * The Ponder process (indexer and API) and the index schema it runs on. While a chain is unreachable, Ponder cannot
 * start with it (it asks every RPC for its chain id first), and starting without it is another build of the index:
 * the chains that serve are then indexed into a schema of their own (rebuilt from Ponder's RPC cache), and the full
 * index schema is kept as it was, to be resumed once every chain answers.
 */
export function createIndexer(deps: {
  /** `all`: the API, pipeline and loops run in this Ponder process too; `indexer`: they run in the API replicas. */
  role: Extract<Role, "all" | "indexer">;
  settings: Settings;
  store: Store;
  databaseUrl: string;
  progress: Progress;
  ponderOutput: (chunk: Buffer) => void;
  signal: AbortSignal;
}): Indexer {
  const { settings, store, progress, signal } = deps;
  let ponder: PonderProcess | undefined;
  let schema = settings.indexSchema;
  let stopping = false;
  let unexpectedExit: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    unexpectedExit = resolve;
  });
  const indexedBlock = (chainId: number) => indexedBlockOf(store.pool, schema, chainId);
  const localUrl = `http://${settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host}:${settings.port}`;

  const schemaFor = (unreachable: { config: ChainConfig }[]) => {
    if (unreachable.length === 0) return settings.indexSchema;
    const missing = unreachable.map(({ config }) => config.id).sort((a, b) => a - b).join(",");
    return `${settings.indexSchema}_without_${crypto.createHash("sha256").update(missing).digest("hex").slice(0, 8)}`;
  };

  const stopPonder = async () => {
    const current = ponder;
    ponder = undefined;
    if (current === undefined) return;
    await current.stop();
    // A database that stopped too (systemd stopping every process at once) holds no lock to release.
    await releaseIndexLock(store.pool, schema).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
    });
  };

  const launch = async (chains: RuntimeChain[], unreachable: UnreachableChain[]) => {
    schema = schemaFor(unreachable);
    for (const chain of chains) await resetIndexIfChainChanged(store, [...new Set([settings.indexSchema, schema])], chain, progress);
    const fingerprint = indexFingerprint(ROOT_DIR, chains, ponderVersion());
    const fingerprintKey = `index_fingerprint:${schema}`;
    const recorded = await getSetting(store.db, fingerprintKey);
    if (recorded !== undefined && recorded !== fingerprint && (await dropIndexSchema(store.pool, schema))) {
      progress("indexer", "indexing code or indexed contracts changed: rebuilding the index");
    }
    await putSetting(store.db, fingerprintKey, fingerprint);

    // The API replicas serve the schema named here (src/runtime/apiReplica.ts).
    await putSetting(store.db, servingSchemaKey(settings.indexSchema), schema);
    const runtimeFile = writeRuntimeFile(settings, deps.role, schema, chains, unreachable);

    progress("indexer", `starting Ponder ${ponderVersion()} on schema ${schema}`);
    // Ponder moves to the next port when its own is taken; the service would then answer where nobody looks. Checked
    // before the start, and watched for in Ponder's output in case another program takes it meanwhile.
    const portInUse = new ConfigError(`Port ${settings.port} is in use by another program: stop it, or set PORT to a free port.`);
    if (!(await isPortFree(settings.port))) throw portInUse;
    let portTaken = false;
    let otherBuild = false;
    const spawnPonder = () => {
      const started = launchPonder(settings, { command: "start", schema, databaseUrl: deps.databaseUrl, runtimeFile }, {
        onOutput: (chunk) => {
          const text = chunk.toString();
          if (PORT_TAKEN.test(text)) portTaken = true;
          if (OTHER_BUILD.test(text)) otherBuild = true;
          deps.ponderOutput(chunk);
        },
      });
      ponder = started;
      return started;
    };
    let current = spawnPonder();
    const portProblem = () => (portTaken ? portInUse : undefined);
    try {
      await waitForHealth(localUrl, current, portProblem, signal);
    } catch (error) {
      // The fingerprint check normally drops an index built by other code; this catches files that changed while
      // the indexer started: rebuild rather than fail.
      if (!otherBuild || signal.aborted) throw error;
      ponder = undefined;
      await dropIndexSchema(store.pool, schema);
      progress("indexer", "the index was built by other indexing code: rebuilding it");
      current = spawnPonder();
      await waitForHealth(localUrl, current, portProblem, signal);
    }
    progress("http", `listening on ${localUrl}`);
    // From here on an exit is the service's end; before, the start handled it (a rebuild, or the start failed).
    const running = current;
    void running.exited.then((code) => {
      if (ponder === running && !stopping) unexpectedExit(code);
    });
    if (await readyWithin(localUrl, BACKFILL_WAIT_MS, current, signal)) {
      await waitForLocalChainsIndexed(indexedBlock, chains, current, signal);
    } else {
      throwIfAborted(signal);
      // A remote chain may take hours to backfill: the service comes up now and index queries answer 503 NOT_READY
      // with the progress until it is done; local chains are woken once it is.
      progress("indexer", "still backfilling: index queries answer 503 NOT_READY (with the progress) until it completes");
      void readyWithin(localUrl, Number.POSITIVE_INFINITY, current, signal)
        .then((ready) => (ready ? waitForLocalChainsIndexed(indexedBlock, chains, current, signal) : undefined))
        .then(
          () => {
            if (current.exitCode() === null && !signal.aborted) progress("indexer", "backfill complete: the index answers queries");
          },
          (error: unknown) => {
            if (current.exitCode() === null && !signal.aborted) progress("indexer", `could not catch up local chains: ${(error as Error).message}`);
          },
        );
    }
  };

  return {
    exited,
    start: launch,
    async restart(chains, unreachable) {
      const previous = schema;
      await stopPonder();
      await launch(chains, unreachable);
      if (previous !== schema) await dropIndexSchema(store.pool, previous);
    },
    async stop() {
      stopping = true;
      progress("stop", `stopping the API (requests in flight finish, up to ${settings.shutdownGraceMs} ms) and the indexer`);
      await stopPonder();
    },
  };
}

/** The app store setting naming the schema the indexer of `indexSchema` builds now. */
export function servingSchemaKey(indexSchema: string): string {
  return `serving_schema:${indexSchema}`;
}

/** What the Ponder process reads (ponder.config.ts, src/api/index.ts): the resolved chains, the schema, the role. */
export function writeRuntimeFile(settings: Settings, role: Role, schema: string, chains: RuntimeChain[], unreachable: UnreachableChain[]): string {
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
    media: settings.media,
    logLevel: settings.logLevel,
    logFormat: settings.logFormat,
    shutdownGraceMs: settings.shutdownGraceMs,
    remoteMetadata: settings.remoteMetadata,
    transactions: settings.transactions,
    chains: [...chains, ...unreachable.map(({ config, reason }) => unreachableRuntimeChain(config, reason))],
    indexOverHttp: settings.indexOverHttp,
    metricsServer: settings.metricsPort === undefined ? null : { port: settings.metricsPort, host: settings.host },
    rateLimits: settings.rateLimits,
    webhooks: settings.webhooks,
  });
  return runtimeFile;
}

/**
 * A chain left out at start-up: in runtime.json so that the API answers for it (503 with the reason), not in
 * Ponder's configuration (src/config/runtime.ts, `unavailable`).
 */
function unreachableRuntimeChain(config: ChainConfig, reason: string): RuntimeChain {
  return {
    id: config.id,
    name: config.name,
    rpcUrl: Array.isArray(config.rpcUrl) ? config.rpcUrl : [config.rpcUrl!],
    wsUrl: config.wsUrl,
    explorerUrl: config.explorerUrl,
    local: false,
    startBlock: config.startBlock,
    pollingIntervalMs: config.pollingIntervalMs,
    finality: config.finality,
    genesisHash: "0x",
    core: predictCoreAddresses(),
    coreDeployed: false,
    accountsDeployed: false,
    contracts: config.contracts,
    unavailable: reason,
  };
}

/** What Ponder says when the port it was given is taken (it then listens on the next one). */
export const PORT_TAKEN = /Port in use/;

/** What Ponder says when its schema was built by other indexing code. */
const OTHER_BUILD = /was previously used by a different Ponder app/;

/** Ponder (`start`: indexer and API; `serve`: API on another process's index) with this service's settings. */
export function launchPonder(
  settings: Settings,
  target: { command: "start" | "serve"; schema: string; databaseUrl: string; runtimeFile: string },
  output: { onOutput: (chunk: Buffer) => void },
): PonderProcess {
  return startPonder({
    command: target.command,
    rootDir: ROOT_DIR,
    pidFile: path.join(settings.dataDir, "ponder.pid"),
    schema: target.schema,
    port: settings.port,
    host: settings.host,
    logLevel: settings.logLevel,
    logFormat: settings.logFormat,
    shutdownGraceMs: settings.shutdownGraceMs,
    env: { ...process.env, DATABASE_URL: target.databaseUrl, [RUNTIME_FILE_ENV]: target.runtimeFile, PONDER_TELEMETRY_DISABLED: "true" },
    onOutput: output.onOutput,
  });
}
