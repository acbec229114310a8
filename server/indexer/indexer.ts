import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Settings } from "../config/env.js";
import type { Role, RuntimeChain } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { freePort, isPortFree } from "../ports.js";
import { isDatabaseUnavailable, type Store } from "../store/database/db.js";
import { dropIndexSchema, releaseIndexLock } from "./store/indexReset.js";
import {
  deploymentSchemaName,
  dropRetiredDeployments,
  indexSchemaState,
  liveQueryNotifySql,
  moveLegacyIndex,
  pointViewsAt,
  recordBuildIndexVersion,
  recordBuildingDeployment,
  recordDeployment,
  recordedDeployments,
} from "./store/indexDeployments.js";
import { indexedBlockOf } from "./store/indexReads.js";
import { keepIndexesThroughRecovery } from "./store/keptIndexes.js";
import type { Progress } from "../runtime/chains.js";
import { createApiReplica } from "./apiReplica.js";
import { type BuildFollower, FOLLOWER_SHARE, followAnsweringBuild, followerShare } from "./buildFollower.js";
import { forgetIndexingProgram, saveIndexingProgram } from "./indexingProgram.js";
import { type ProgressReport, startProgressReport } from "./indexProgress.js";
import { prepareRestart, resetIndexIfChainChanged } from "./restartReadiness.js";
import { indexFingerprint } from "./indexFingerprint.js";
import { readyWithin, restoreIndexesAfterRecovery, throwIfAborted, waitForHealth, waitForLocalChainsIndexed, waitForRemoteChainsIndexed } from "./indexerStartup.js";
import { OTHER_BUILD_LOG, PORT_TAKEN_LOG, ponderVersion } from "./ponderInternals.js";
import type { PonderProcess } from "./ponderProcess.js";
import { labelledOutput, launchPonder, ROOT_DIR, type UnreachableChain, writeRuntimeFile } from "./ponderLaunch.js";

/** Under the data directory: the indexer's files while the API of role `all` runs beside it. */
export const INDEXER_BESIDE_DIR = "indexer";

/** How long start-up waits for the backfill before coming up with queries answering NOT_READY. */
const BACKFILL_WAIT_MS = 15_000;
/** How long a complete build may take to reach the chains' heads before it replaces the build that answers. */
const CATCH_UP_WAIT_MS = 120_000;

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
 * The Ponder process (indexer and API) and the build of the index it runs. Each set of indexing code, chains and
 * contracts is a build in a schema of its own (server/indexer/store/indexDeployments.ts): a changed one is built beside the
 * build that answers, from Ponder's RPC cache where it holds the blocks, and replaces it once complete. While a chain
 * is unreachable, Ponder cannot start with it (it asks every RPC for its chain id first): the chains that serve are a
 * build of their own until it answers.
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
  /** The build this indexer runs (server/indexer/store/indexDeployments.ts); the index schema's views read the one that answers. */
  let schema = settings.indexSchema;
  let stopping = false;
  let unexpectedExit: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    unexpectedExit = resolve;
  });
  /** Role `all` while a changed index is built beside the build that answers: the API in a process of its own. */
  let api: Indexer | undefined;
  /** The backfill's progress, logged and published while the build Ponder runs catches up. */
  let report: ProgressReport | undefined;
  /** While a changed index is built beside the build that answers: that build following the chains meanwhile. */
  let follower: BuildFollower | undefined;
  const stopFollower = async () => {
    const running = follower;
    follower = undefined;
    await running?.stop();
  };
  const indexedBlock = (chainId: number) => indexedBlockOf(store.pool, schema, chainId);
  const urlOf = (ponderSettings: Settings) =>
    `http://${ponderSettings.host === "0.0.0.0" || ponderSettings.host === "::" ? "127.0.0.1" : ponderSettings.host}:${ponderSettings.port}`;

  const stopPonder = async () => {
    report?.stop();
    report = undefined;
    // The API first: it drains its requests while the index still runs.
    const apiBeside = api;
    api = undefined;
    await apiBeside?.stop();
    await stopFollower();
    const current = ponder;
    ponder = undefined;
    if (current === undefined) return;
    await current.stop();
    // A database that stopped too (systemd stopping every process at once) holds no lock to release.
    await releaseIndexLock(store.pool, schema).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
    });
  };

  /**
   * Once the build this indexer runs is complete and has caught up with the chains, the index schema's views are
   * pointed at it (in one transaction: a reader sees the old build or the new one) and the builds it replaced are
   * dropped (one a reader still holds is dropped at the next completion or start).
   */
  const switchToBuild = async (chains: RuntimeChain[], current: PonderProcess) => {
    // This build's, even if a restart (a chain that joined) starts another meanwhile.
    const build = schema;
    const state = await indexSchemaState(store.pool, settings.indexSchema);
    if (state.kind !== "views" || state.deployment !== build) {
      const caughtUp = await waitForRemoteChainsIndexed((chainId) => indexedBlockOf(store.pool, build, chainId), chains, current, signal, CATCH_UP_WAIT_MS);
      if (!caughtUp) progress("indexer", `build ${build} did not reach every chain's head within ${CATCH_UP_WAIT_MS / 1000} s of its backfill: it answers now all the same`);
      if (current.exitCode() !== null || signal.aborted) return;
      await pointViewsAt(store.pool, settings.indexSchema, build, await liveQueryNotifySql(settings.indexSchema, build));
    }
    // The build it replaced answers no more: its follower is stopped before the build is dropped under it.
    await stopFollower();
    const dropped = await dropRetiredDeployments(store.pool, store.db, settings.indexSchema, [build]);
    for (const retired of dropped) forgetIndexingProgram(settings.dataDir, retired);
    if (dropped.length > 0) progress("indexer", `the index answers from build ${build} now; dropped ${dropped.join(", ")}`);
  };

  /** Before Ponder starts: this one recorded as the build under way, and the build that answers beside it, if another. */
  const prepareBuild = async (chains: RuntimeChain[]) => {
    const known = await recordedDeployments(store.db, settings.indexSchema);
    for (const chain of chains) await resetIndexIfChainChanged(store, [settings.indexSchema, ...known], chain, progress);
    schema = deploymentSchemaName(settings.indexSchema, indexFingerprint(ROOT_DIR, chains, { ponder: ponderVersion(), index: settings.indexVersion }));
    let state = await indexSchemaState(store.pool, settings.indexSchema);
    if (state.kind === "tables") {
      const legacy = await moveLegacyIndex(store.pool, settings.indexSchema);
      await recordDeployment(store.db, settings.indexSchema, legacy);
      progress("indexer", `the index built by an earlier version moved to schema ${legacy}: it answers until the first build is done`);
      state = await indexSchemaState(store.pool, settings.indexSchema);
    }
    await recordDeployment(store.db, settings.indexSchema, schema);
    await recordBuildIndexVersion(store.db, schema, settings.indexVersion);
    await prepareRestart(store.pool, schema, chains, progress);
    // API replicas read the progress of the build under way from the schema named here.
    await recordBuildingDeployment(store.db, settings.indexSchema, schema);
    const answering = state.kind === "views" && state.deployment !== schema ? state.deployment : undefined;
    if (answering !== undefined) progress("indexer", `indexing code or indexed contracts changed: building the index in schema ${schema}; ${answering} answers until it is done`);
    return { beside: answering };
  };

  /**
   * Role `all` answers from the build Ponder runs, which the API of a `ponder start` reads by its own schema. While a
   * changed index is built beside the one that answers, the API runs as a replica does instead (`ponder serve` on the
   * index schema's views, on the service's port) and the indexer on a port of its own, until the next start.
   */
  const startApiBeside = async (chains: RuntimeChain[], unreachable: UnreachableChain[]): Promise<Settings> => {
    const beside = createApiReplica({ settings, store, databaseUrl: deps.databaseUrl, progress, ponderOutput: labelledOutput("api", deps.ponderOutput), signal });
    api = beside;
    await beside.start(chains, unreachable);
    void beside.exited.then((code) => {
      if (api === beside && !stopping) unexpectedExit(code);
    });
    const dataDir = path.join(settings.dataDir, INDEXER_BESIDE_DIR);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return { ...settings, dataDir, host: "127.0.0.1", port: await freePort() };
  };

  /** A first build: the views are made now, so that readers answer NOT_READY with its progress until it is done. */
  const viewsForFirstBuild = async () => {
    if ((await indexSchemaState(store.pool, settings.indexSchema)).kind === "none") {
      await pointViewsAt(store.pool, settings.indexSchema, schema, await liveQueryNotifySql(settings.indexSchema, schema));
    }
  };

  const launch = async (chains: RuntimeChain[], unreachable: UnreachableChain[]) => {
    const { beside } = await prepareBuild(chains);
    saveIndexingProgram(settings.dataDir, ROOT_DIR, schema, beside === undefined ? [] : [beside]);
    if (beside !== undefined) follower = await followAnsweringBuild(deps, beside, chains);
    const apiBeside = beside !== undefined && deps.role === "all";
    const ponderSettings = apiBeside ? await startApiBeside(chains, unreachable) : settings;
    const localUrl = urlOf(ponderSettings);
    const indexed = follower === undefined ? chains : chains.map((chain) => followerShare(chain, 1 - FOLLOWER_SHARE));
    // What the build's progress report shows as the pace comes from this Ponder's /metrics, which the API of role `all`
    // guards: it lets this credential, new at each start, through (server/http/routes/operator.ts).
    const operatorSecret = crypto.randomBytes(32).toString("hex");
    const runtimeFile = writeRuntimeFile(ponderSettings, apiBeside ? "indexer" : deps.role, schema, indexed, unreachable, operatorSecret);

    progress("indexer", `starting Ponder ${ponderVersion()} on schema ${schema}`);
    // Ponder moves to the next port when its own is taken; the service would then answer where nobody looks. Checked
    // before the start, and watched for in Ponder's output in case another program takes it meanwhile.
    const portInUse = new ConfigError(`Port ${ponderSettings.port} is in use by another program: stop it, or set PORT to a free port.`);
    if (!(await isPortFree(ponderSettings.port))) throw portInUse;
    let portTaken = false;
    let otherBuild = false;
    const spawnPonder = () => {
      const started = launchPonder(ponderSettings, { command: "start", schema, databaseUrl: deps.databaseUrl, runtimeFile, chains }, {
        onOutput: (chunk) => {
          const text = chunk.toString();
          if (PORT_TAKEN_LOG.test(text)) portTaken = true;
          if (OTHER_BUILD_LOG.test(text)) otherBuild = true;
          deps.ponderOutput(chunk);
        },
      });
      ponder = started;
      return started;
    };
    const kept = await keepIndexesThroughRecovery(store.pool, schema);
    if (kept > 0) progress("indexer", `build ${schema}: its ${kept} indexes are kept through Ponder's recovery, not made again`);
    let current = spawnPonder();
    const portProblem = () => (portTaken ? portInUse : undefined);
    try {
      await waitForHealth(localUrl, current, portProblem, signal);
      await restoreIndexesAfterRecovery(store.pool, schema, progress);
    } catch (error) {
      // Other indexing code normally gets a build of its own (the fingerprint); this catches files that changed while
      // the indexer started: rebuild rather than fail.
      if (!otherBuild || signal.aborted) throw error;
      ponder = undefined;
      await dropIndexSchema(store.pool, schema);
      progress("indexer", "the index was built by other indexing code: rebuilding it");
      current = spawnPonder();
      await waitForHealth(localUrl, current, portProblem, signal);
    }
    await viewsForFirstBuild();
    const building = startProgressReport({
      pool: store.pool,
      db: store.db,
      indexSchema: settings.indexSchema,
      build: schema,
      chains,
      metrics: { url: `${localUrl}/metrics`, authorization: `Bearer ${operatorSecret}` },
      progress,
    });
    report = building;
    if (!apiBeside) progress("http", `listening on ${localUrl}`);
    // From here on an exit is the service's end; before, the start handled it (a rebuild, or the start failed).
    const running = current;
    void running.exited.then((code) => {
      if (ponder === running && !stopping) unexpectedExit(code);
    });
    if (await readyWithin(localUrl, BACKFILL_WAIT_MS, current, signal)) {
      await waitForLocalChainsIndexed(indexedBlock, chains, current, signal);
      building.stop();
      // A build that replaces another waits for the remote chains' heads: the service answers from the other meanwhile.
      void switchToBuild(chains, current).catch((error: unknown) => {
        if (current.exitCode() === null && !signal.aborted) progress("indexer", `could not switch the index to build ${schema}: ${(error as Error).message}`);
      });
    } else {
      throwIfAborted(signal);
      // A remote chain may take hours to backfill: the service comes up now and index queries answer 503 NOT_READY
      // with the progress until it is done; local chains are woken once it is.
      progress("indexer", "still backfilling: index queries answer 503 NOT_READY (with the progress) until it completes");
      void readyWithin(localUrl, Number.POSITIVE_INFINITY, current, signal)
        .then(async (ready) => {
          if (!ready) return;
          await waitForLocalChainsIndexed(indexedBlock, chains, current, signal);
          building.stop();
          if (current.exitCode() === null && !signal.aborted) await switchToBuild(chains, current);
        })
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
      // The build that answers keeps answering; the one started now replaces it once complete.
      await stopPonder();
      await launch(chains, unreachable);
    },
    async stop() {
      stopping = true;
      progress("stop", `stopping the API (requests in flight finish, up to ${settings.shutdownGraceMs} ms) and the indexer`);
      await stopPonder();
    },
  };
}

