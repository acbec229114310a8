import type { Settings } from "../config/env.js";
import type { RuntimeChain } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { isPortFree } from "../ports.js";
import type { Store } from "../store/database/db.js";
import { indexSchemaState } from "./store/indexDeployments.js";
import type { Progress } from "../runtime/chains.js";
import type { Indexer } from "./indexer.js";
import { launchPonder, type UnreachableChain, writeRuntimeFile } from "./ponderLaunch.js";
import { throwIfAborted, waitForHealth } from "./indexerStartup.js";
import { PORT_TAKEN_LOG, ponderVersion } from "./ponderInternals.js";
import type { PonderProcess } from "./ponderProcess.js";

/** How often a replica looks for the index schema while it waits for the indexer to create it. */
const SCHEMA_POLL_MS = 1_000;

/**
 * The API replica (`tokenhub start --role api`): Ponder's `serve` on the index schema, whose views the indexer points
 * at the build of the index that answers (server/indexer/store/indexDeployments.ts), with the API, the pipeline and the
 * background loops (server/composeApi.ts). It waits for the indexer to have created the views; a new build
 * replaces the old one under the views, so the replica never restarts for it. It restarts for a chain that joins
 * (the supervisor's watch): its chains are its own configuration.
 */
export function createApiReplica(deps: {
  settings: Settings;
  store: Store;
  databaseUrl: string;
  progress: Progress;
  ponderOutput: (chunk: Buffer) => void;
  signal: AbortSignal;
}): Indexer {
  const { settings, store, progress, signal } = deps;
  const schema = settings.indexSchema;
  let ponder: PonderProcess | undefined;
  let stopping = false;
  let unexpectedExit: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    unexpectedExit = resolve;
  });
  const localUrl = `http://${settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host}:${settings.port}`;

  const waitForIndexer = async (): Promise<void> => {
    let told = false;
    for (;;) {
      throwIfAborted(signal);
      if ((await indexSchemaState(store.pool, schema)).kind !== "none") return;
      if (!told) progress("api", `waiting for the indexer of schema ${schema} (tokenhub start --role indexer) to create it`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, SCHEMA_POLL_MS));
    }
  };

  const stopPonder = async () => {
    const running = ponder;
    ponder = undefined;
    await running?.stop();
  };

  const launch = async (chains: RuntimeChain[], unreachable: UnreachableChain[]) => {
    await waitForIndexer();
    const runtimeFile = writeRuntimeFile(settings, "api", schema, chains, unreachable);
    progress("api", `starting Ponder ${ponderVersion()} serve on the index schema ${schema}`);
    const portInUse = new ConfigError(`Port ${settings.port} is in use by another program: stop it, or set PORT to a free port.`);
    if (!(await isPortFree(settings.port))) throw portInUse;
    let portTaken = false;
    const started = launchPonder(settings, { command: "serve", schema, databaseUrl: deps.databaseUrl, runtimeFile }, {
      onOutput: (chunk) => {
        if (PORT_TAKEN_LOG.test(chunk.toString())) portTaken = true;
        deps.ponderOutput(chunk);
      },
    });
    ponder = started;
    await waitForHealth(localUrl, started, () => (portTaken ? portInUse : undefined), signal);
    progress("http", `listening on ${localUrl}`);
    void started.exited.then((code) => {
      if (ponder === started && !stopping) unexpectedExit(code);
    });
  };

  // A chain that joins (the supervisor's watch) while a stop is asked for: the stop waits for the start under way.
  let changing: Promise<unknown> = Promise.resolve();
  const restart = (chains: RuntimeChain[], unreachable: UnreachableChain[]) => {
    const next = changing.then(async () => {
      await stopPonder();
      await launch(chains, unreachable);
    });
    changing = next.catch(() => undefined);
    return next;
  };

  return {
    exited,
    start: launch,
    restart,
    async stop() {
      stopping = true;
      progress("stop", `stopping the API (requests in flight finish, up to ${settings.shutdownGraceMs} ms)`);
      await stopPonder();
      // A start under way (a restart) ends once the stop's signal reaches it; what it started is stopped too.
      await changing;
      await stopPonder();
    },
  };
}
