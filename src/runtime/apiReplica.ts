import type { Settings } from "../config/env.js";
import type { RuntimeChain } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { isPortFree } from "../ports.js";
import type { Store } from "../store/db.js";
import { getSetting } from "../store/indexState.js";
import type { Progress } from "./chains.js";
import { type Indexer, launchPonder, PORT_TAKEN, servingSchemaKey, type UnreachableChain, writeRuntimeFile } from "./indexer.js";
import { throwIfAborted, waitForHealth } from "./indexerStartup.js";
import { type PonderProcess, ponderVersion } from "./ponderProcess.js";

/** How often a replica looks for the indexer's schema while it waits for it, and for a new one once it serves. */
const SCHEMA_POLL_MS = 1_000;

/**
 * The API replica (`tokenhub start --role api`): Ponder's `serve` on the schema the indexer of this index schema
 * builds (named in the app store: servingSchemaKey), with the API, the pipeline and the background loops
 * (src/api/composeApi.ts). It waits for the indexer to have created that schema, and follows it when the indexer
 * moves to another one (a chain that joined or left): the HTTP server is then started again on the new schema.
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
  let ponder: PonderProcess | undefined;
  let schema: string | undefined;
  let current: { chains: RuntimeChain[]; unreachable: UnreachableChain[] } = { chains: [], unreachable: [] };
  let stopping = false;
  let follow: NodeJS.Timeout | undefined;
  let unexpectedExit: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    unexpectedExit = resolve;
  });
  const localUrl = `http://${settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host}:${settings.port}`;

  /** The schema the indexer builds, once it exists with Ponder's tables in it. */
  const indexedSchema = async (): Promise<string | undefined> => {
    const named = await getSetting(store.db, servingSchemaKey(settings.indexSchema));
    if (named === undefined) return undefined;
    const { rows } = await store.pool.query<{ ready: boolean }>("SELECT to_regclass(format('%I._ponder_meta', $1::text)) IS NOT NULL AS ready", [named]);
    return rows[0]?.ready ? named : undefined;
  };

  const waitForIndexer = async (): Promise<string> => {
    let told = false;
    for (;;) {
      throwIfAborted(signal);
      const found = await indexedSchema();
      if (found !== undefined) return found;
      if (!told) progress("api", `waiting for the indexer of schema ${settings.indexSchema} (tokenhub start --role indexer) to create its schema`);
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
    current = { chains, unreachable };
    schema = await waitForIndexer();
    const runtimeFile = writeRuntimeFile(settings, "api", schema, chains, unreachable);
    progress("api", `starting Ponder ${ponderVersion()} serve on the indexer's schema ${schema}`);
    const portInUse = new ConfigError(`Port ${settings.port} is in use by another program: stop it, or set PORT to a free port.`);
    if (!(await isPortFree(settings.port))) throw portInUse;
    let portTaken = false;
    const started = launchPonder(settings, { command: "serve", schema, databaseUrl: deps.databaseUrl, runtimeFile }, {
      onOutput: (chunk) => {
        if (PORT_TAKEN.test(chunk.toString())) portTaken = true;
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

  // A chain that joins (the supervisor's watch) and the indexer's move to another schema (the follower below) each
  // start the HTTP server again: one after the other, never two at once.
  let changing: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = changing.then(work);
    changing = next.catch(() => undefined);
    return next;
  };

  const restart = (chains: RuntimeChain[], unreachable: UnreachableChain[]) =>
    oneAtATime(async () => {
      await stopPonder();
      await launch(chains, unreachable);
    });

  // The indexer moved to another schema: follow it.
  const watchSchema = () => {
    follow = setTimeout(async () => {
      try {
        await oneAtATime(async () => {
          const found = await indexedSchema();
          if (found === undefined || found === schema || stopping) return;
          progress("api", `the indexer now builds schema ${found}: serving it`);
          await stopPonder();
          await launch(current.chains, current.unreachable);
        });
      } catch (error) {
        if (!stopping) progress("api", `could not follow the indexer's schema: ${(error as Error).message}`);
      }
      if (!stopping) watchSchema();
    }, SCHEMA_POLL_MS);
  };

  return {
    exited,
    async start(chains, unreachable) {
      await launch(chains, unreachable);
      watchSchema();
    },
    restart,
    async stop() {
      stopping = true;
      clearTimeout(follow);
      progress("stop", `stopping the API (requests in flight finish, up to ${settings.shutdownGraceMs} ms)`);
      await stopPonder();
      // A start under way (a restart) ends once the stop's signal reaches it; what it started is stopped too.
      await changing;
      await stopPonder();
    },
  };
}
