import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ChainConfig, loadChainsConfig } from "../chain/chainsConfig.js";
import { MASTER_KEY_ENV, MASTER_KEY_FILE_ENV } from "../custody/masterKey.js";
import type { Settings } from "../config/env.js";
import type { Role, RuntimeChain } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { prepareMasterKey } from "../services/keys/masterKeys.js";
import { bootstrapFirstProject } from "../services/projects/projects.js";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../store/database/embeddedPostgres.js";
import { recordedFactoryBlocks } from "../store/coreDeployments.js";
import { createStore } from "../store/database/db.js";
import { lockIndexSchema } from "../indexer/store/indexSchemaLock.js";
import { clearLeases } from "../store/coordination/leases.js";
import { clearDeliveryLeases } from "../store/webhookDeliveries.js";
import { migrateAppStore } from "../store/database/migrate.js";
import { deleteEmptyProject } from "../store/projects.js";
import { createApiReplica } from "../indexer/apiReplica.js";
import { type Progress, resolveChain, stopLocalChain, stopLocalChainOrphan, watchUnreachableChains } from "./chains.js";
import { lockDataDir } from "./dataDirLock.js";
import { checkPkcs11Token } from "./pkcs11Check.js";
import { createIndexer } from "../indexer/indexer.js";
import { releaseOrphanedBuild, stopOrphanedPonders } from "../indexer/orphans.js";
import type { UnreachableChain } from "../indexer/ponderLaunch.js";
import { StartAborted, throwIfAborted } from "../indexer/indexerStartup.js";

export type { Progress } from "./chains.js";
export { StartAborted } from "../indexer/indexerStartup.js";

export type StartupReport = {
  role: Role;
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


type StopStep = { name: string; run: () => Promise<void> };

/**
 * Brings up every part of the service in order (lock, database, chains, contracts, indexer, HTTP) and returns once it
 * answers. With `role` (README, "Running several API replicas") only the indexer, or only an API replica (Ponder's
 * `serve` beside an indexer that runs elsewhere on the same database), is started. `signal` stops it, during start-up as well as after: whatever was started is stopped again, in reverse
 * order: the indexer (the API drains first: server/http/shutdown.ts), the local chain (its state saved whole), the
 * database, the lock. A failure stops it the same way.
 */
export async function startTokenhub(
  settings: Settings,
  options: { progress: Progress; ponderOutput: (chunk: Buffer) => void; signal: AbortSignal; role?: Role },
): Promise<RunningService> {
  const { progress, signal } = options;
  const role = options.role ?? "all";
  // A chains file with a typo is refused before anything is created, started or deployed.
  const configuredChains = loadChainsConfig(settings.chainsFile);
  if (role !== "all") checkSplitRoles(settings, role, configuredChains);
  // The indexer never signs.
  if (role !== "indexer") await checkPkcs11Token(configuredChains.map((chain) => chain.id), progress);
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
    const orphaned = await stopOrphanedPonders(settings.dataDir, progress);
    const orphanedChain = await stopLocalChainOrphan(settings.dataDir);
    if (orphanedChain !== undefined) progress("chain", `stopped the local chain an earlier start left running (pid ${orphanedChain}), its state saved`);
    throwIfAborted(signal);

    const { databaseUrl, embedded } = await startDatabase(settings, progress);
    if (embedded) stopSteps.push({ name: "the database", run: () => embedded.stop() });
    throwIfAborted(signal);
    const store = createStore(databaseUrl, { max: 4, name: "tokenhub_supervisor" });
    stopSteps.push({ name: "the supervisor's database pool", run: () => store.close() });
    const migrations = await migrateAppStore(store.pool);
    if (migrations.applied.length > 0) progress("database", `app store migrated (${migrations.applied.join(", ")})`);
    // The API replicas serve the indexer's schema; only the process that indexes owns it.
    if (!embedded && role !== "api") {
      const claimed = await lockIndexSchema(databaseUrl, settings.appSchema, settings.indexSchema, { pid: process.pid, url: settings.publicUrl, hostname: os.hostname() });
      if ("heldBy" in claimed) {
        const holder = claimed.heldBy ? `pid ${claimed.heldBy.pid} on ${claimed.heldBy.hostname}, ${claimed.heldBy.url}` : "another process";
        throw new ConfigError(`tokenhub is already running on index schema ${settings.indexSchema} of this database (${holder}); stop it first, or set another TOKENHUB_INDEX_SCHEMA.`);
      }
      stopSteps.push({ name: "the index schema lock", run: () => claimed.lock.release() });
    }
    // Alone on this database (it holds the index schema's lock, or the database is its own), a single start need not
    // wait for the leases a killed predecessor left to expire before its background jobs run (and its webhook
    // deliveries are sent again).
    if (role === "all") {
      await clearLeases(store.pool);
      await clearDeliveryLeases(store.pool);
    }
    // The indexer never touches a cloud key.
    if (role !== "indexer") {
      const masterKey = await prepareMasterKey(store.db, settings.dataDir);
      progress(
        "keys",
        masterKey.generated
          ? `generated the cloud keys' master key in ${masterKey.file} (owner-only): BACK IT UP, without it the cloud keys and webhook secrets are lost${embedded ? "" : "; every replica needs this same key (TOKENHUB_MASTER_KEY_FILE)"}`
          : `cloud keys' master key ${masterKey.id} from ${masterKey.source}`,
      );
    }
    // After an owner that did not stop in order, the lock its indexer left would make this start wait for it.
    if (role !== "api" && (orphaned.indexer || lock.takenOverFrom !== undefined)) await releaseOrphanedBuild(store, settings.indexSchema);
    // Before the HTTP server listens, so a client that waits for /health can use the token at once. Undone if this
    // start fails: its one-time token would never have been shown.
    // By the indexer when the roles are split: it starts first, and N replicas starting at once would race for it.
    const first = role === "api" ? undefined : await bootstrapFirstProject(store.db, settings.adminToken);
    if (first) undoFirstProject = () => deleteEmptyProject(store.db, first.project.id);

    const chains: RuntimeChain[] = [];
    const unreachable: UnreachableChain[] = [];
    for (const config of withRecordedStartBlocks(configuredChains, await recordedFactoryBlocks(store.pool), progress)) {
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

    const processDeps = { settings, store, databaseUrl, progress, ponderOutput: options.ponderOutput, signal };
    const indexer = role === "api" ? createApiReplica(processDeps) : createIndexer({ ...processDeps, role });
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
      const watcher = watchUnreachableChains(unreachable, settings.dataDir, progress, (all, left) => indexer.restart(all, left), chains);
      stopSteps.push({ name: "the watch on unreachable chains", run: () => watcher.stop() });
    }
    return {
      role,
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

/**
 * The split roles share one external PostgreSQL and reach every chain through its RPC: the embedded database and the
 * local anvil belong to one `tokenhub start`, and a replica could not reach them. An API replica needs the master key
 * every other replica has: one generated into its own data directory would seal cloud keys the others cannot open.
 */
function checkSplitRoles(settings: Settings, role: Role, chains: ChainConfig[]): void {
  if (!settings.databaseUrl) {
    throw new ConfigError(`--role ${role} needs an external PostgreSQL shared by the indexer and the API replicas: set DATABASE_URL (the embedded database serves a single 'tokenhub start').`);
  }
  const local = chains.find((chain) => chain.rpcUrl === undefined);
  if (local !== undefined) {
    throw new ConfigError(`--role ${role}: chain ${local.name} (${local.id}) has no rpcUrl in the chains file; with split roles every chain needs one (the local anvil is started only by a single 'tokenhub start').`);
  }
  if (role === "api" && !process.env[MASTER_KEY_ENV] && !process.env[MASTER_KEY_FILE_ENV]) {
    throw new ConfigError(`--role api needs the master key every replica shares: set ${MASTER_KEY_FILE_ENV} (make one with 'tokenhub master-key generate <file>') or ${MASTER_KEY_ENV}.`);
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
  const link = path.join(settings.dataDir, "postgres");
  const where = embedded.clusterDir === link ? link : `${embedded.clusterDir}, linked from ${link}: user postgres cannot reach the data directory`;
  progress("database", `embedded PostgreSQL on 127.0.0.1:${embedded.port} (${embedded.created ? "created" : "resumed"} in ${Date.now() - started} ms, data in ${where})`);
  return { databaseUrl: embedded.connectionString, embedded };
}

/**
 * A chain the chains file gives no startBlock is indexed from the block `tokenhub contract deploy` recorded for its
 * factory: nothing of ours is older, and a public chain's earlier history would only cost time and RPC quota.
 */
function withRecordedStartBlocks(configured: ChainConfig[], factoryBlocks: ReadonlyMap<number, number>, progress: Progress): ChainConfig[] {
  return configured.map((config) => {
    const recorded = factoryBlocks.get(config.id);
    if (config.startBlock !== undefined || recorded === undefined) return config;
    progress("chain", `${config.name} (${config.id}): no startBlock in the chains file: indexed from block ${recorded}, where its factory was deployed ('tokenhub contract deploy' recorded it)`);
    return { ...config, startBlock: recorded };
  });
}
