import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ChainConfig, loadChainsConfig } from "../chain/chainsConfig.js";
import { predictCoreAddresses } from "../chain/deployCore.js";
import type { Settings } from "../config/env.js";
import { RUNTIME_FILE_ENV, type RuntimeChain, runtimeFilePath, writeRuntimeConfig } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { prepareMasterKey } from "../services/masterKeys.js";
import { bootstrapFirstProject } from "../services/projects.js";
import { isPortFree } from "../ports.js";
import { stopOrphanFromPidFile } from "../processes.js";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../store/embeddedPostgres.js";
import { createStore, isDatabaseUnavailable, type Store } from "../store/db.js";
import { lockIndexSchema } from "../store/indexSchemaLock.js";
import { dropIndexSchema, releaseIndexLock } from "../store/indexReset.js";
import { getSetting, putSetting } from "../store/indexState.js";
import { migrateAppStore } from "../store/migrate.js";
import { deleteEmptyProject } from "../store/projects.js";
import { type Progress, resetIndexIfChainChanged, resolveChain, rpcAnswers, stopLocalChain, stopLocalChainOrphan } from "./chains.js";
import { lockDataDir } from "./dataDirLock.js";
import { indexFingerprint } from "./indexFingerprint.js";
import { readyWithin, StartAborted, throwIfAborted, waitForHealth, waitForLocalChainsIndexed } from "./indexerStartup.js";
import { type PonderProcess, ponderVersion, startPonder } from "./ponderProcess.js";

export type { Progress } from "./chains.js";
export { StartAborted } from "./indexerStartup.js";

export type StartupReport = {
  baseUrl: string;
  /** The chains that came up; a chain whose RPC did not answer is in `unreachable` instead. */
  chains: RuntimeChain[];
  unreachable: { id: number; name: string; reason: string }[];
  /** Set on first start only: the admin token of the first project, when the service generated it. */
  generatedAdminToken: string | undefined;
  firstStart: boolean;
};

export type RunningService = StartupReport & {
  /** Resolves when the service stopped (asked to, or because the indexer exited), with the indexer's exit code. */
  done: Promise<number | null>;
};

const ROOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
/** How often the RPC of a chain that was unreachable at start-up is asked whether it answers now. */
const UNREACHABLE_PROBE_MS = 5_000;
/** How long start-up waits for the backfill before coming up with queries answering NOT_READY. */
const BACKFILL_WAIT_MS = 15_000;

type StopStep = { name: string; run: () => Promise<void> };

/**
 * Brings up every part of the service in order (lock, database, chains, contracts, indexer, HTTP) and returns once it
 * answers. `signal` stops it, during start-up as well as after: whatever was started is stopped again, in reverse
 * order: the indexer (the API drains first: src/api/shutdown.ts), the local chain (its state saved whole), the
 * database, the lock. A failure stops it the same way.
 */
export async function startTokenhub(
  settings: Settings,
  options: { progress: Progress; ponderOutput: (chunk: Buffer) => void; signal: AbortSignal },
): Promise<RunningService> {
  const { progress, signal } = options;
  // A chains file with a typo is refused before anything is created, started or deployed.
  const configuredChains = loadChainsConfig(settings.chainsFile);
  fs.mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
  const stopSteps: StopStep[] = [];
  // One stop, however many ask for it (a signal, the indexer's exit, a failed start): each waits for the same end.
  let stopped: Promise<void> | undefined;
  const stopAll = () =>
    (stopped ??= (async () => {
      for (const step of stopSteps.splice(0).reverse()) {
        await step.run().catch((error: unknown) => progress("stop", `stopping ${step.name} failed: ${(error as Error).message}`));
      }
    })());
  let undoFirstProject: (() => Promise<void>) | undefined;
  try {
    const lock = lockDataDir(settings.dataDir, settings.publicUrl);
    stopSteps.push({ name: "the data directory lock", run: async () => lock.release() });
    if (lock.takenOverFrom) progress("lock", `took the data directory over from pid ${lock.takenOverFrom.pid}, which is gone`);
    // What a start that did not get to clean up left running: stopped before anything else touches the data.
    const orphanedIndexer = await stopOrphanFromPidFile(path.join(settings.dataDir, "ponder.pid"), "ponder");
    if (orphanedIndexer !== undefined) progress("indexer", `stopped the indexer an earlier start left running (pid ${orphanedIndexer})`);
    const orphanedChain = await stopLocalChainOrphan(settings.dataDir);
    if (orphanedChain !== undefined) progress("chain", `stopped the local chain an earlier start left running (pid ${orphanedChain}), its state saved`);
    throwIfAborted(signal);

    const { databaseUrl, embedded } = await startDatabase(settings, progress);
    if (embedded) stopSteps.push({ name: "the database", run: () => embedded.stop() });
    throwIfAborted(signal);
    const store = createStore(databaseUrl, { max: 4 });
    stopSteps.push({ name: "the supervisor's database pool", run: () => store.close() });
    const migrations = await migrateAppStore(store.pool);
    if (migrations.applied.length > 0) progress("database", `app store migrated (${migrations.applied.join(", ")})`);
    if (!embedded) {
      const claimed = await lockIndexSchema(databaseUrl, settings.appSchema, settings.indexSchema, { pid: process.pid, url: settings.publicUrl, hostname: os.hostname() });
      if ("heldBy" in claimed) {
        const holder = claimed.heldBy ? `pid ${claimed.heldBy.pid} on ${claimed.heldBy.hostname}, ${claimed.heldBy.url}` : "another process";
        throw new ConfigError(`tokenhub is already running on index schema ${settings.indexSchema} of this database (${holder}); stop it first, or set another TOKENHUB_INDEX_SCHEMA.`);
      }
      stopSteps.push({ name: "the index schema lock", run: () => claimed.lock.release() });
    }
    const masterKey = await prepareMasterKey(store.db, settings.dataDir);
    progress(
      "keys",
      masterKey.generated
        ? `generated the cloud keys' master key in ${masterKey.file} (owner-only): BACK IT UP, without it the cloud keys are lost${embedded ? "" : "; every replica needs this same key (TOKENHUB_MASTER_KEY_FILE)"}`
        : `cloud keys' master key ${masterKey.id} from ${masterKey.source}`,
    );
    // Ponder's own unlock on exit loses the race with its exit; after an owner that did not stop in order, the
    // lock its indexer left would make this start wait for it to expire (about half a minute).
    if (orphanedIndexer !== undefined || lock.takenOverFrom !== undefined) await releaseIndexLock(store.pool, settings.indexSchema);
    // Before the HTTP server listens, so a client that waits for /health can use the token at once. Undone if this
    // start fails: its one-time token would never have been shown.
    const first = await bootstrapFirstProject(store.db, settings.adminToken);
    if (first) undoFirstProject = () => deleteEmptyProject(store.db, first.project.id);

    const chains: RuntimeChain[] = [];
    const unreachable: { config: ChainConfig; reason: string }[] = [];
    for (const config of configuredChains) {
      throwIfAborted(signal);
      const resolved = await resolveChain(config, settings.dataDir, progress);
      if ("unreachable" in resolved) {
        unreachable.push({ config, reason: resolved.reason });
        continue;
      }
      const anvil = resolved.anvil;
      if (anvil) stopSteps.push({ name: `chain ${config.name}`, run: () => stopLocalChain(anvil, settings.dataDir) });
      chains.push(resolved.chain);
    }
    throwIfAborted(signal);

    const indexer = createIndexer({ settings, store, databaseUrl, progress, ponderOutput: options.ponderOutput, signal });
    stopSteps.push({ name: "the indexer and API", run: () => indexer.stop() });
    await indexer.start(chains, unreachable);
    undoFirstProject = undefined;

    const done = new Promise<number | null>((resolve) => {
      let code: number | null = null;
      const finish = () => void stopAll().then(() => resolve(code));
      signal.addEventListener("abort", finish, { once: true });
      void indexer.exited.then((exitCode) => {
        code = exitCode;
        if (!signal.aborted) finish();
      });
    });
    if (unreachable.length > 0) {
      const watcher = watchUnreachableChains(unreachable, settings.dataDir, progress, indexer, chains);
      stopSteps.push({ name: "the watch on unreachable chains", run: () => watcher.stop() });
    }
    return {
      baseUrl: settings.publicUrl,
      chains,
      unreachable: unreachable.map(({ config, reason }) => ({ id: config.id, name: config.name, reason })),
      generatedAdminToken: settings.adminToken === undefined ? first?.issued.token : undefined,
      firstStart: first !== undefined,
      done,
    };
  } catch (error) {
    await undoFirstProject?.().catch(() => undefined);
    await stopAll();
    throw signal.aborted ? new StartAborted() : error;
  }
}

async function startDatabase(settings: Settings, progress: Progress): Promise<{ databaseUrl: string; embedded?: EmbeddedPostgres }> {
  if (settings.databaseUrl) {
    const url = new URL(settings.databaseUrl);
    progress("database", `external PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`);
    return { databaseUrl: settings.databaseUrl };
  }
  const started = Date.now();
  const embedded = await startEmbeddedPostgres({ dataDir: settings.dataDir });
  if (embedded.stoppedOrphan !== undefined) progress("database", `stopped the PostgreSQL server an earlier start left running (pid ${embedded.stoppedOrphan})`);
  progress(
    "database",
    `embedded PostgreSQL on 127.0.0.1:${embedded.port} (${embedded.created ? "created" : "resumed"} in ${Date.now() - started} ms, data in ${path.join(settings.dataDir, "postgres")})`,
  );
  return { databaseUrl: embedded.connectionString, embedded };
}

type Indexer = {
  /** Starts Ponder on these chains and waits until it answers (and the local chains are indexed). */
  start(chains: RuntimeChain[], unreachable: { config: ChainConfig; reason: string }[]): Promise<void>;
  /** Stops the running Ponder and starts it again with these chains (a chain that joined). */
  restart(chains: RuntimeChain[], unreachable: { config: ChainConfig; reason: string }[]): Promise<void>;
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
function createIndexer(deps: {
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

  const launch = async (chains: RuntimeChain[], unreachable: { config: ChainConfig; reason: string }[]) => {
    schema = schemaFor(unreachable);
    for (const chain of chains) await resetIndexIfChainChanged(store, [...new Set([settings.indexSchema, schema])], chain, progress);
    const fingerprint = indexFingerprint(ROOT_DIR, chains, ponderVersion());
    const fingerprintKey = `index_fingerprint:${schema}`;
    const recorded = await getSetting(store.db, fingerprintKey);
    if (recorded !== undefined && recorded !== fingerprint && (await dropIndexSchema(store.pool, schema))) {
      progress("indexer", "indexing code or indexed contracts changed: rebuilding the index");
    }
    await putSetting(store.db, fingerprintKey, fingerprint);

    const runtimeFile = runtimeFilePath(settings.dataDir);
    writeRuntimeConfig(runtimeFile, {
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
    });

    progress("indexer", `starting Ponder ${ponderVersion()} on schema ${schema}`);
    // Ponder moves to the next port when its own is taken; the service would then answer where nobody looks. Checked
    // before the start, and watched for in Ponder's output in case another program takes it meanwhile.
    const portInUse = new ConfigError(`Port ${settings.port} is in use by another program: stop it, or set PORT to a free port.`);
    if (!(await isPortFree(settings.port))) throw portInUse;
    let portTaken = false;
    let otherBuild = false;
    const spawnPonder = () => {
      const started = startPonder({
        rootDir: ROOT_DIR,
        pidFile: path.join(settings.dataDir, "ponder.pid"),
        schema,
        port: settings.port,
        host: settings.host,
        logLevel: settings.logLevel,
        logFormat: settings.logFormat,
        shutdownGraceMs: settings.shutdownGraceMs,
        env: { ...process.env, DATABASE_URL: deps.databaseUrl, [RUNTIME_FILE_ENV]: runtimeFile, PONDER_TELEMETRY_DISABLED: "true" },
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
      await waitForLocalChainsIndexed(localUrl, chains, current, signal);
    } else {
      throwIfAborted(signal);
      // A remote chain may take hours to backfill: the service comes up now and index queries answer 503 NOT_READY
      // with the progress until it is done; local chains are woken once it is.
      progress("indexer", "still backfilling: index queries answer 503 NOT_READY (with the progress) until it completes");
      void readyWithin(localUrl, Number.POSITIVE_INFINITY, current, signal)
        .then((ready) => (ready ? waitForLocalChainsIndexed(localUrl, chains, current, signal) : undefined))
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

/**
 * Asks the RPC of each chain that was unreachable at start-up whether it answers now; when one does, the chain is
 * resolved and the indexer restarted with it (a few seconds of 503 while Ponder restarts), without an operator.
 */
function watchUnreachableChains(
  unreachable: { config: ChainConfig; reason: string }[],
  dataDir: string,
  progress: Progress,
  indexer: Indexer,
  chains: RuntimeChain[],
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  const check = async () => {
    const joined: RuntimeChain[] = [];
    for (const entry of [...unreachable]) {
      if (stopped || !(await rpcAnswers(entry.config))) continue;
      const resolved = await resolveChain(entry.config, dataDir, progress);
      if ("unreachable" in resolved) continue;
      unreachable.splice(unreachable.indexOf(entry), 1);
      joined.push(resolved.chain);
    }
    if (joined.length === 0 || stopped) return;
    chains.push(...joined);
    progress("indexer", `${joined.map((chain) => chain.name).join(", ")} answer${joined.length === 1 ? "s" : ""} now: restarting the indexer with ${joined.length === 1 ? "it" : "them"}`);
    await indexer.restart(chains, unreachable);
  };
  const schedule = () => {
    if (stopped || unreachable.length === 0) return;
    timer = setTimeout(() => {
      pass = check()
        .catch((error: unknown) => {
          if (!stopped) progress("indexer", `could not add a chain whose RPC answers again: ${(error as Error).message}`);
        })
        .finally(schedule);
    }, UNREACHABLE_PROBE_MS);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}

/** What Ponder says when the port it was given is taken (it then listens on the next one). */
const PORT_TAKEN = /Port in use/;

/** What Ponder says when its schema was built by other indexing code. */
const OTHER_BUILD = /was previously used by a different Ponder app/;
