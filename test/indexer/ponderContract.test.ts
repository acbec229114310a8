import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS } from "../../server/indexer/httpServerDefaults.js";
import { OPERATOR_ROUTE, operatorPathOf } from "../../server/indexer/operatorRoutes.js";
import {
  CHECKPOINT,
  CHECKPOINT_LAYOUT,
  CHECKPOINT_TABLE,
  checkpointBlock,
  checkpointBlockSql,
  checkpointChainIdSql,
  checkpointTimestamp,
  COMPLETED_EVENTS_METRIC,
  CRASH_RECOVERY_LOG,
  HEALTH_QUERY_LABELS,
  LIVE_BLOCK_LOG,
  META,
  META_TABLE,
  NO_NEW_BLOCK_LOG,
  OPERATOR_PATHS,
  OTHER_BUILD_LOG,
  OWN_TABLE_PATTERN,
  PONDER_SHUTDOWN_GRACE_MS,
  ponderBin,
  ponderFinalityBlocks,
  ponderLiveQueryNames,
  ponderRoot,
  PORT_TAKEN_LOG,
  REORG_CHECKPOINT_COLUMN,
  REORG_TABLE_PATTERN,
  REORG_TABLE_PREFIX,
  SHUTDOWN_ERROR_NAME,
  SYNC_FACTORIES,
  SYNC_SCHEMA,
  SYNC_TABLES_WITH_CHAIN_ID,
} from "../../server/indexer/ponderInternals.js";
import { STOP_EVENTS } from "../../server/indexer/ponderRuntime.js";
import { indexChangeChannel, liveQueryNotifySql, pointViewsAt } from "../../server/indexer/store/indexDeployments.js";
import { releaseIndexLock } from "../../server/indexer/store/indexReset.js";
import { freePort } from "../../server/ports.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * The contract between tokenhub and the Ponder it runs: one test per behaviour server/indexer/README.md lists, against
 * the installed Ponder, with a tiny Ponder app (ponderApp/) on a real anvil and PostgreSQL. Each failure says which
 * behaviour broke. A test checks its own behaviour with the names server/indexer/ponderInternals.ts gives for it; what
 * it needs besides (a table's name, a checkpoint's fields, the key /ready answers) it takes from Ponder itself (its
 * modules, its answers) or spells as Ponder does, so that a name changed in ponderInternals.ts fails the test of that
 * behaviour only.
 */

/** The behaviours, in the words of server/indexer/README.md (its numbered list, in this order). */
const ASSUMPTIONS = {
  meta: "A build's state is the row `app` of `_ponder_meta` (`key`, jsonb `value`); `value.is_ready` is 1 once the backfill is complete, and it is what `/ready` answers.",
  readyUpdate:
    "Ponder marks a build ready with an UPDATE of that row (a BEFORE UPDATE row trigger can hold the mark back); later progress comes as writes to `_ponder_checkpoint` (a statement trigger sees them); `/ready` reads the row at each request.",
  checkpoints: "`_ponder_checkpoint` has one row per chain: `chain_name`, `chain_id`, `latest_checkpoint` (the last event indexed), `finalized_checkpoint` and `safe_checkpoint`.",
  layout: "A checkpoint is 75 digits: the block's timestamp (10), the chain id (16), the block number (16), then the transaction and the event; an event's `id` is its checkpoint.",
  finality: "A chain's finalized block is its head less 65 blocks (chain ids 1, 3, 4, 5, 42, 11155111), 200 (137, 80001), 240 (42161, 42170, 421611, 421613) or 30 (any other), with no setting.",
  undo: "Each table of ponder.schema.ts has an undo table `_reorg__<table>` whose rows carry the `checkpoint` of their change; Ponder's own tables in a build's schema begin with an underscore.",
  recovery:
    "A start on a build Ponder ran before reverts every change after each chain's `safe_checkpoint` and keeps what is at or before it; it refuses a `finalized_checkpoint` newer than the chain's finalized block.",
  indexes:
    "That recovery drops the indexes ponder.schema.ts declares, by name, then updates `_ponder_meta` in the same transaction; once backfilled, Ponder creates them with IF NOT EXISTS.",
  lock: "A Ponder running a build holds `value.is_locked` at 1, and leaves it so when killed; a start waits until it is 0 (or the heartbeat is 25 s old).",
  otherBuild: "A start on a schema that other indexing code built exits, logging 'was previously used by a different Ponder app'.",
  portTaken: "A start whose port is taken logs 'Port in use' (and listens on the next port).",
  syncCache:
    "The RPC cache is the schema `ponder_sync`, shared by every build; its tables with a `chain_id` column are logs, blocks, transactions, transaction_receipts, traces, rpc_request_results, intervals and factory_addresses, and `factories` holds each factory as jsonb with its `chainId`.",
  liveQuery:
    "The views pattern (`--views-schema`) notifies the views' live queries by a trigger on the build's `_ponder_checkpoint` calling a procedure of the views schema, both named by Ponder's drizzle/onchain.js (the one module loaded by path); that trigger, like Ponder's own on a build it runs, notifies the schema's live-query channel at each block indexed live.",
  serve: "`ponder serve` answers from a schema of plain views onto a build's tables, its `_ponder_meta` and `_ponder_checkpoint` included.",
  queryBuilder:
    "In the Ponder process, `globalThis.PONDER_DATABASE.readonlyQB` (`raw`, `wrap`) is what `graphql()` and `client()` query through at each request, and `/ready` and `/status` run on it labelled select_ready and select_checkpoints.",
  metrics:
    "`globalThis.PONDER_COMMON.metrics` holds Ponder's prom-client `registry` and `getMetrics()` (what `/metrics` answers), whose `ponder_indexing_completed_events` counts the events indexed.",
  operatorRoutes:
    "Ponder's HTTP server is a node:http server: Node publishes each request on `http.server.request.start` before Ponder's Hono app routes it by `req.url`; its /metrics and /status are routes of a Hono app with default options, ahead of the API's.",
  stopHandlers:
    "Ponder handles SIGINT, SIGTERM, SIGQUIT, uncaughtException and unhandledRejection before it loads the API; its shutdown allows itself 5 s and cuts work with an error named ShutdownError.",
  keepAlive:
    "Ponder creates its HTTP server with Node's defaults after it has loaded the API, and listens through `net.Server#listen`, which Node announces on `tracing:net.server.listen:asyncStart`.",
  logLines:
    "Ponder logs each block it indexes live as 'Indexed block', a chain that sent no block for 30 s as 'No new block received within expected time' with the chain's name, and 'Detected crash recovery' at every start on a build it ran before, in its text and JSON formats.",
} as const;

type Assumption = keyof typeof ASSUMPTIONS;

/** A test of one behaviour; its failure names the behaviour. */
function assumption(name: Assumption, test: () => Promise<void>, timeoutMs = 120_000): void {
  it(ASSUMPTIONS[name], async () => {
    try {
      await test();
    } catch (error) {
      throw new Error(`Ponder no longer behaves as server/indexer/README.md assumes: ${ASSUMPTIONS[name]}\n${(error as Error).message}`, { cause: error });
    }
  }, timeoutMs);
}

// ---- Ponder's own modules, for what a test needs besides its behaviour ------------------------------------------

/** A module of the installed Ponder's build (loaded when a test needs it: a moved module fails that test alone). */
async function ponderModule<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ponderRoot(), "dist", "esm", file)).href)) as T;
}
type PonderCheckpoint = { blockTimestamp: bigint; chainId: bigint; blockNumber: bigint; transactionIndex: bigint; eventType: number; eventIndex: bigint };
const ponderTables = () => ponderModule<{ PONDER_META_TABLE_NAME: string; PONDER_CHECKPOINT_TABLE_NAME: string }>("database/index.js");
const ponderCheckpoints = () =>
  ponderModule<{ decodeCheckpoint(checkpoint: string): PonderCheckpoint; encodeCheckpoint(checkpoint: PonderCheckpoint): string }>("utils/checkpoint.js");
const ponderFinality = () => ponderModule<{ getFinalityBlockCount(options: { chain: { id: number } }): number }>("utils/finality.js");
const ponderOnchain = () => ponderModule<{ getReorgTableName(table: string): string }>("drizzle/onchain.js");

// ---- The tiny app, its chain and its database ----------------------------------------------------------------------

const APP = path.join(import.meta.dirname, "ponderApp");
const ADMIN_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
/** The schema of the app's main build. */
const SCHEMA = "contract_app";
/** Blocks mined before the first start: more than a chain's finality count, so that some are not final. */
const FIRST_BLOCKS = 40;
/** The app's table (ponder.schema.ts) and its one declared index. */
const APP_TABLE = "tick";

let chain: TestChain;
let databaseName: string;
let databaseUrl: string;
let pool: pg.Pool;

type PonderRun = {
  port: number;
  base: string;
  output(): string;
  exitCode(): number | null | undefined;
  exited: Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** `ponder start` (or `serve`) of the tiny app, as tokenhub runs its own (server/indexer/ponderProcess.ts). */
async function launch(options: {
  schema: string;
  command?: "start" | "serve";
  viewsSchema?: string;
  port?: number;
  env?: Record<string, string>;
  logFormat?: "json" | "pretty";
}): Promise<PonderRun> {
  const port = options.port ?? (await freePort());
  const args = ["--no-deprecation", ponderBin(), "--root", APP, "--log-format", options.logFormat ?? "json", "--log-level", "info", options.command ?? "start", "--schema", options.schema];
  if (options.viewsSchema !== undefined) args.push("--views-schema", options.viewsSchema);
  args.push("--port", String(port), "--hostname", "127.0.0.1");
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: APP,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      CONTRACT_CHAIN_ID: String(chain.chainId),
      CONTRACT_RPC_URL: chain.node.rpcUrl,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let code: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (exitCode) => {
      code = exitCode;
      resolve();
    }),
  );
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exitCode: () => code,
    exited,
    async stop(signal = "SIGTERM") {
      if (code === undefined) process.kill(-child.pid!, signal);
      await exited;
    },
  };
}

async function statusOf(run: PonderRun, route: string): Promise<number> {
  return await fetch(`${run.base}${route}`).then(
    (response) => response.status,
    () => 0,
  );
}

/** Waits until the app answers `route` with 200; fails with its log if it exits first. */
async function until(run: PonderRun, route: "/health" | "/ready", timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      if (run.exitCode() !== undefined) throw new Error(`Ponder exited (${run.exitCode()}):\n${run.output().slice(-3000)}`);
      return (await statusOf(run, route)) === 200;
    },
    { timeoutMs, intervalMs: 100, message: () => `Ponder did not answer ${route} within ${timeoutMs} ms:\n${run.output().slice(-3000)}` },
  );
}

let main: PonderRun | undefined;

/** The app's main build, running and ready (started again after a test that stopped it). */
async function mainApp(): Promise<PonderRun> {
  if (main !== undefined && main.exitCode() === undefined) return main;
  main = await launch({ schema: SCHEMA });
  await until(main, "/ready");
  return main;
}

/** Stops the main build's Ponder; its lock is released, as tokenhub does after a stop, so that the next start need not wait. */
async function stopMain(): Promise<void> {
  await main?.stop();
  main = undefined;
  await releaseIndexLock(pool, SCHEMA);
}

const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await pool.query<T>(sql, params)).rows;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The head of the chain, and the app's table caught up with it. */
async function indexedToHead(): Promise<number> {
  const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
  await waitFor(async () => Number((await query<{ n: string | null }>(`SELECT max(number)::text AS n FROM ${SCHEMA}.${APP_TABLE}`))[0]?.n ?? -1) >= head, {
    timeoutMs: 30_000,
    message: () => `the app did not index block ${head}`,
  });
  return head;
}

/** A request sent as written (fetch would normalise the target): its status and body. */
async function raw(base: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

/**
 * The key of the meta row's value that Ponder's /ready answers, found by Ponder's behaviour: the one key whose value
 * 1, set to 0, makes /ready answer 503.
 */
async function readyKeyOf(run: PonderRun, metaTable: string): Promise<string> {
  const meta = `${SCHEMA}.${quoted(metaTable)}`;
  const [row] = await query<{ value: Record<string, unknown> }>(`SELECT value FROM ${meta} WHERE key = 'app'`);
  const found: string[] = [];
  for (const [key, value] of Object.entries(row!.value)) {
    if (value !== 1) continue;
    await query(`UPDATE ${meta} SET value = jsonb_set(value, $1, '0') WHERE key = 'app'`, [`{${key}}`]);
    if ((await statusOf(run, "/ready")) === 503) found.push(key);
    await query(`UPDATE ${meta} SET value = jsonb_set(value, $1, '1') WHERE key = 'app'`, [`{${key}}`]);
  }
  expect(found, "the keys of the meta row whose 0 makes /ready answer 503").toHaveLength(1);
  return found[0]!;
}

beforeAll(async () => {
  chain = await startTestChain();
  await chain.client.mine({ blocks: FIRST_BLOCKS });
  databaseName = `tokenhub_contract_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on("error", () => undefined);
  await mainApp();
  await indexedToHead();
}, 180_000);

afterAll(async () => {
  await main?.stop();
  await pool?.end();
  if (databaseName !== undefined) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  await chain?.stop();
});

describe("what server/indexer/ relies on in Ponder", () => {
  assumption("meta", async () => {
    const run = await mainApp();
    expect(META_TABLE, "Ponder's name of its meta table").toBe((await ponderTables()).PONDER_META_TABLE_NAME);
    const columns = await query<{ name: string; type: string }>(
      "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
      [SCHEMA, META_TABLE],
    );
    expect(columns).toEqual(expect.arrayContaining([{ name: META.key, type: "text" }, { name: META.value, type: "jsonb" }]));
    const rows = await query<{ key: string }>(`SELECT ${META.key} AS key FROM ${SCHEMA}.${quoted(META_TABLE)}`);
    expect(rows.map((row) => row.key)).toEqual([META.appRow]);
    expect(await readyKeyOf(run, META_TABLE), "the key /ready answers").toBe(META.ready);
  });

  assumption("readyUpdate", async () => {
    const { PONDER_META_TABLE_NAME: metaTable, PONDER_CHECKPOINT_TABLE_NAME: checkpointTable } = await ponderTables();
    const readyKey = await readyKeyOf(await mainApp(), metaTable);
    const meta = `${SCHEMA}.${quoted(metaTable)}`;
    const checkpoints = `${SCHEMA}.${quoted(checkpointTable)}`;
    await stopMain();
    // While held: every write to the meta row is logged (the mark it carried), and a mark of 1 is turned back to 0.
    await query(`CREATE TABLE ${SCHEMA}.contract_log (seq bigserial, what text, ready text)`);
    await query(`CREATE TABLE ${SCHEMA}.contract_hold (held boolean)`);
    await query(`INSERT INTO ${SCHEMA}.contract_hold VALUES (true)`);
    await query(`CREATE FUNCTION ${SCHEMA}.contract_meta() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${SCHEMA}.contract_log (what, ready) VALUES (TG_OP, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.value ->> '${readyKey}' END);
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        IF (NEW.value ->> '${readyKey}') = '1' AND EXISTS (SELECT 1 FROM ${SCHEMA}.contract_hold) THEN
          NEW.value := jsonb_set(NEW.value, '{${readyKey}}', '0');
        END IF;
        RETURN NEW;
      END $$`);
    await query(`CREATE FUNCTION ${SCHEMA}.contract_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO ${SCHEMA}.contract_log (what) VALUES ('checkpoint'); RETURN NULL; END $$`);
    await query(`CREATE TRIGGER contract_meta BEFORE INSERT OR UPDATE OR DELETE ON ${meta} FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.contract_meta()`);
    await query(`CREATE TRIGGER contract_checkpoint AFTER INSERT OR UPDATE ON ${checkpoints} FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.contract_checkpoint()`);
    try {
      await chain.client.mine({ blocks: 2 });
      main = await launch({ schema: SCHEMA });
      await until(main, "/health");
      await indexedToHead();
      const log = () => query<{ seq: string; what: string; ready: string | null }>(`SELECT seq::text, what, ready FROM ${SCHEMA}.contract_log ORDER BY seq`);
      const marked = await waitFor(async () => (await log()).find((entry) => entry.what === "UPDATE" && entry.ready === "1"), {
        timeoutMs: 30_000,
        message: () => "Ponder never wrote its ready mark as an UPDATE of the meta row",
      });
      expect(await statusOf(main, "/ready"), "/ready while the trigger holds the mark back").toBe(503);
      const entries = await log();
      expect(entries.filter((entry) => entry.what === "INSERT" || entry.what === "DELETE"), "writes of the meta row other than UPDATEs").toEqual([]);
      expect(marked.seq).toBeDefined();
      // Later progress: a new block is a write to the checkpoint table.
      const before = entries.filter((entry) => entry.what === "checkpoint").length;
      await chain.client.mine({ blocks: 1 });
      await waitFor(async () => (await log()).filter((entry) => entry.what === "checkpoint").length > before, { timeoutMs: 20_000, message: () => "no write to the checkpoint table for a new block" });
      // The mark set now is what /ready answers at its next request.
      await query(`DELETE FROM ${SCHEMA}.contract_hold`);
      await query(`UPDATE ${meta} SET value = jsonb_set(value, '{${readyKey}}', '1') WHERE key = 'app'`);
      expect(await statusOf(main, "/ready"), "/ready once the mark is set").toBe(200);
    } finally {
      await query(`DROP TRIGGER IF EXISTS contract_meta ON ${meta}`);
      await query(`DROP TRIGGER IF EXISTS contract_checkpoint ON ${checkpoints}`);
      await query(`DROP TABLE IF EXISTS ${SCHEMA}.contract_log, ${SCHEMA}.contract_hold`);
      await query(`DROP FUNCTION IF EXISTS ${SCHEMA}.contract_meta(), ${SCHEMA}.contract_checkpoint()`);
    }
  });

  assumption("checkpoints", async () => {
    await mainApp();
    expect(CHECKPOINT_TABLE, "Ponder's name of its checkpoint table").toBe((await ponderTables()).PONDER_CHECKPOINT_TABLE_NAME);
    const head = await indexedToHead();
    const columns = await query<{ name: string }>("SELECT column_name AS name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2", [SCHEMA, CHECKPOINT_TABLE]);
    expect(columns.map((column) => column.name)).toEqual(expect.arrayContaining(Object.values(CHECKPOINT)));
    const { decodeCheckpoint } = await ponderCheckpoints();
    const rows = await query<{ name: string; chain_id: string; latest: string; finalized: string; safe: string }>(
      `SELECT ${CHECKPOINT.chainName} AS name, ${CHECKPOINT.chainId}::text AS chain_id, ${CHECKPOINT.latest} AS latest, ${CHECKPOINT.finalized} AS finalized, ${CHECKPOINT.safe} AS safe
         FROM ${SCHEMA}.${quoted(CHECKPOINT_TABLE)}`,
    );
    expect(rows.map((row) => ({ name: row.name, chainId: Number(row.chain_id) }))).toEqual([{ name: "contract", chainId: chain.chainId }]);
    const row = rows[0]!;
    expect(Number(decodeCheckpoint(row.latest).blockNumber), "the latest checkpoint's block").toBe(head);
    expect(Number(decodeCheckpoint(row.finalized).blockNumber)).toBeLessThanOrEqual(head);
    expect(Number(decodeCheckpoint(row.safe).blockNumber)).toBeLessThanOrEqual(head);
  });

  assumption("layout", async () => {
    const { encodeCheckpoint } = await ponderCheckpoints();
    const checkpoint = encodeCheckpoint({ blockTimestamp: 1_700_000_123n, chainId: 421_614n, blockNumber: 98_765_432n, transactionIndex: 7n, eventType: 5, eventIndex: 11n });
    expect(checkpoint).toHaveLength(CHECKPOINT_LAYOUT.length);
    expect(checkpointTimestamp(checkpoint)).toBe(1_700_000_123);
    expect(checkpointBlock(checkpoint)).toBe(98_765_432);
    const [sql] = await query<{ block: string; chain: string }>(`SELECT ${checkpointBlockSql("$1")}::text AS block, ${checkpointChainIdSql("$1")}::text AS chain`, [checkpoint]);
    expect(sql).toEqual({ block: "98765432", chain: "421614" });
    await mainApp();
    const ticks = await query<{ id: string; number: string }>(`SELECT id, number::text FROM ${SCHEMA}.${APP_TABLE}`);
    expect(ticks.length).toBeGreaterThan(FIRST_BLOCKS);
    expect(ticks.filter((tick) => checkpointBlock(tick.id) !== Number(tick.number)), "events whose id does not name their block").toEqual([]);
  });

  assumption("finality", async () => {
    const { getFinalityBlockCount } = await ponderFinality();
    const differing: number[] = [];
    const ids = [...Array.from({ length: 1_000_000 }, (_, id) => id), 11155111, 421611, 421613, 80002, 84532, 11155420, 17000, 560048];
    for (const id of ids) if (getFinalityBlockCount({ chain: { id } }) !== ponderFinalityBlocks(id)) differing.push(id);
    expect(differing, "chain ids whose finality differs").toEqual([]);
  });

  assumption("undo", async () => {
    await mainApp();
    const { getReorgTableName } = await ponderOnchain();
    expect(`${REORG_TABLE_PREFIX}${APP_TABLE}`, "Ponder's name of the undo table").toBe(getReorgTableName(APP_TABLE));
    const tables = await query<{ name: string; own: boolean; undo: boolean }>(
      "SELECT table_name AS name, table_name LIKE $2 AS own, table_name LIKE $3 AS undo FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1",
      [SCHEMA, OWN_TABLE_PATTERN, REORG_TABLE_PATTERN],
    );
    expect(tables.filter((table) => table.name !== APP_TABLE && !table.own), "tables of Ponder's without a leading underscore").toEqual([]);
    expect(tables.find((table) => table.name === APP_TABLE)).toMatchObject({ own: false, undo: false });
    expect(tables.find((table) => table.name === `${REORG_TABLE_PREFIX}${APP_TABLE}`)).toMatchObject({ own: true, undo: true });
    // A block indexed live leaves undo rows, each with the checkpoint of its change.
    await indexedToHead();
    await chain.client.mine({ blocks: 1 });
    const head = await indexedToHead();
    const { decodeCheckpoint } = await ponderCheckpoints();
    const undo = await query<{ checkpoint: string }>(`SELECT ${REORG_CHECKPOINT_COLUMN} AS checkpoint FROM ${SCHEMA}.${quoted(`${REORG_TABLE_PREFIX}${APP_TABLE}`)}`);
    expect(undo.some((row) => Number(decodeCheckpoint(row.checkpoint).blockNumber) === head && Number(decodeCheckpoint(row.checkpoint).chainId) === chain.chainId), "an undo row of the new block").toBe(true);
  });

  assumption("recovery", async () => {
    await mainApp();
    const { PONDER_CHECKPOINT_TABLE_NAME: checkpointTable } = await ponderTables();
    const { decodeCheckpoint } = await ponderCheckpoints();
    const { getReorgTableName } = await ponderOnchain();
    const { getFinalityBlockCount } = await ponderFinality();
    const checkpoints = `${SCHEMA}.${quoted(checkpointTable)}`;
    const versions = async () => new Map((await query<{ number: string; xmin: string }>(`SELECT number::text, xmin::text FROM ${SCHEMA}.${APP_TABLE}`)).map((row) => [Number(row.number), row.xmin]));
    const restart = async () => {
      await stopMain();
      await mainApp();
      await indexedToHead();
    };

    // As Ponder left it: what is after the safe checkpoint is written again.
    await indexedToHead();
    const [first] = await query<{ safe: string }>(`SELECT ${CHECKPOINT.safe} AS safe FROM ${checkpoints}`);
    const safeBlock = Number(decodeCheckpoint(first!.safe).blockNumber);
    const before = await versions();
    expect(Math.max(...before.keys()), "blocks after the safe checkpoint before the restart").toBeGreaterThan(safeBlock);
    await restart();
    const after = await versions();
    const rewritten = [...before.keys()].filter((block) => after.get(block) !== before.get(block));
    expect(rewritten.length > 0 && rewritten.every((block) => block > safeBlock), `rows written again: blocks ${rewritten.join(", ")}; safe block ${safeBlock}`).toBe(true);

    // Made final by hand (the safe and finalized checkpoints at the latest, their undo rows gone): nothing is written
    // again, once the chain's finalized block has reached it; before that, the start is refused.
    await stopMain();
    await query(`UPDATE ${checkpoints} SET ${CHECKPOINT.safe} = latest_checkpoint, finalized_checkpoint = latest_checkpoint`);
    await query(`DELETE FROM ${SCHEMA}.${quoted(getReorgTableName(APP_TABLE))}`);
    const refused = await launch({ schema: SCHEMA });
    await Promise.race([refused.exited, until(refused, "/ready").then(() => refused.stop(), () => undefined)]);
    expect(refused.output(), "a start with a finalized checkpoint ahead of the chain's").toMatch(/cannot move backwards/);
    await releaseIndexLock(pool, SCHEMA);
    await chain.client.mine({ blocks: getFinalityBlockCount({ chain: { id: chain.chainId } }) });
    const kept = await versions();
    await mainApp();
    await indexedToHead();
    const now = await versions();
    expect([...kept.keys()].filter((block) => now.get(block) !== kept.get(block)), "rows written again though final").toEqual([]);
  }, 180_000);

  assumption("indexes", async () => {
    await mainApp();
    const { PONDER_META_TABLE_NAME: metaTable } = await ponderTables();
    const declared = async () =>
      await query<{ name: string; oid: string }>(
        `SELECT c.relname AS name, c.oid::text AS oid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
          WHERE t.relnamespace = $1::regnamespace AND t.relname = $2 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
        [SCHEMA, APP_TABLE],
      );
    const [index] = await declared();
    expect(index, "the index ponder.schema.ts declares").toBeDefined();
    await stopMain();
    await mainApp();
    expect((await declared())[0]?.oid, "the index after a restart: made again").not.toBe(index!.oid);

    // Renamed out of the way, and given its name back by a trigger on the meta table's update: kept as it is.
    const [made] = await declared();
    await stopMain();
    await query(`ALTER INDEX ${SCHEMA}.${quoted(made!.name)} RENAME TO contract_kept`);
    await query(`CREATE FUNCTION ${SCHEMA}.contract_restore() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF to_regclass('${SCHEMA}.contract_kept') IS NOT NULL THEN ALTER INDEX ${SCHEMA}.contract_kept RENAME TO ${quoted(made!.name)}; END IF;
        RETURN NULL;
      END $$`);
    await query(`CREATE TRIGGER contract_restore AFTER UPDATE ON ${SCHEMA}.${quoted(metaTable)} FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.contract_restore()`);
    try {
      await mainApp();
      expect(await declared(), "the index kept through the restart").toEqual([made]);
    } finally {
      await query(`DROP TRIGGER IF EXISTS contract_restore ON ${SCHEMA}.${quoted(metaTable)}`);
      await query(`DROP FUNCTION IF EXISTS ${SCHEMA}.contract_restore()`);
    }
  }, 180_000);

  assumption("lock", async () => {
    await mainApp();
    const meta = `${SCHEMA}.${quoted(META_TABLE)}`;
    const locked = async () => (await query<{ locked: string | null }>(`SELECT value ->> '${META.locked}' AS locked FROM ${meta} WHERE key = 'app'`))[0]?.locked;
    expect(await locked(), "while running").toBe("1");
    await main!.stop("SIGKILL");
    main = undefined;
    expect(await locked(), "after a kill").toBe("1");
    const waiting = await launch({ schema: SCHEMA });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await statusOf(waiting, "/health"), "a start while the lock is held, 5 s in").toBe(0);
    await waiting.stop("SIGKILL");
    await query(`UPDATE ${meta} SET value = jsonb_set(value, '{${META.locked}}', to_jsonb(0))`);
    const started = Date.now();
    main = await launch({ schema: SCHEMA });
    await until(main, "/health", 20_000);
    expect(Date.now() - started, "a start once the lock is 0, in ms").toBeLessThan(20_000);
  });

  assumption("otherBuild", async () => {
    const schema = "contract_other";
    const first = await launch({ schema });
    await until(first, "/ready");
    await first.stop();
    await releaseIndexLock(pool, schema);
    const other = await launch({ schema, env: { TICK_START: "1" } });
    await Promise.race([other.exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    await other.stop();
    expect(other.output()).toMatch(OTHER_BUILD_LOG);
  });

  assumption("portTaken", async () => {
    await mainApp();
    const port = await freePort();
    const taken = net.createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => taken.once("listening", resolve));
    try {
      const run = await launch({ schema: SCHEMA, command: "serve", port });
      try {
        await waitFor(() => PORT_TAKEN_LOG.test(run.output()) || run.exitCode() !== undefined, { timeoutMs: 60_000, message: () => run.output().slice(-3000) });
        expect(run.output()).toMatch(PORT_TAKEN_LOG);
      } finally {
        await run.stop();
      }
    } finally {
      taken.close();
    }
  });

  assumption("syncCache", async () => {
    await mainApp();
    const withChainId = await query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = $1 AND column_name = 'chain_id' ORDER BY 1",
      [SYNC_SCHEMA],
    );
    expect(withChainId.map((table) => table.name)).toEqual([...SYNC_TABLES_WITH_CHAIN_ID].sort());
    const [factories] = await query<{ n: string }>(`SELECT count(*)::text AS n FROM ${SYNC_SCHEMA}.${SYNC_FACTORIES.table} WHERE ${SYNC_FACTORIES.chainIdSql} = $1`, [chain.chainId]);
    expect(Number(factories!.n), "the app's factory, by its chain id").toBeGreaterThan(0);
    // Shared: a second build adds no schema of its own for the cache.
    const schemas = await query<{ name: string }>("SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE 'ponder%'");
    expect(schemas.map((schema) => schema.name)).toEqual([SYNC_SCHEMA]);
  });

  assumption("liveQuery", async () => {
    const schema = "contract_views_build";
    const viewsSchema = "contract_views";
    const run = await launch({ schema, viewsSchema });
    try {
      await until(run, "/ready");
      const names = await ponderLiveQueryNames();
      const { PONDER_CHECKPOINT_TABLE_NAME: checkpointTable } = await ponderTables();
      const triggers = await query<{ name: string; fn: string }>(
        `SELECT t.tgname AS name, p.pronamespace::regnamespace::text || '.' || p.proname AS fn FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE t.tgrelid = to_regclass($1) AND NOT t.tgisinternal`,
        [`${schema}.${quoted(checkpointTable)}`],
      );
      const procedure = `${viewsSchema}.${names.getLiveQueryNotifyProcedureName().replace(/\(\)$/, "")}`;
      expect(triggers, "the trigger Ponder's views pattern makes").toContainEqual({ name: names.getViewsLiveQueryNotifyTriggerName(viewsSchema), fn: procedure });
      // tokenhub's statements make the same trigger and procedure.
      const sql = (await liveQueryNotifySql(viewsSchema, schema)).join("\n");
      expect(sql).toContain(`"${names.getViewsLiveQueryNotifyTriggerName(viewsSchema)}"`);
      expect(sql).toContain(names.getLiveQueryNotifyProcedureName());
      expect(sql).toContain(names.getLiveQueryChannelName(viewsSchema));
      // Each block indexed live is announced on the views' channel (the API's loops over the index's changes wait for it).
      expect(await indexChangeChannel(viewsSchema)).toBe(names.getLiveQueryChannelName(viewsSchema));
      const listener = new pg.Client({ connectionString: databaseUrl });
      await listener.connect();
      try {
        const heard: string[] = [];
        listener.on("notification", (message) => heard.push(message.channel));
        await listener.query(`LISTEN ${quoted(await indexChangeChannel(viewsSchema))}`);
        await chain.client.mine({ blocks: 1 });
        await waitFor(() => heard.length > 0, { timeoutMs: 30_000, message: () => `no notification on ${names.getLiveQueryChannelName(viewsSchema)} for a block indexed live` });
        expect(heard[0]).toBe(names.getLiveQueryChannelName(viewsSchema));
      } finally {
        await listener.end();
      }
    } finally {
      await run.stop();
    }
  });

  assumption("serve", async () => {
    await mainApp();
    const viewsSchema = "contract_served";
    await pointViewsAt(pool, viewsSchema, SCHEMA);
    const run = await launch({ schema: viewsSchema, command: "serve" });
    try {
      await until(run, "/ready");
      const status = (await (await fetch(`${run.base}/status`)).json()) as Record<string, { id: number; block: { number: number } }>;
      expect(status.contract?.id).toBe(chain.chainId);
    } finally {
      await run.stop();
    }
  });

  assumption("queryBuilder", async () => {
    const run = await mainApp();
    expect(await (await fetch(`${run.base}/probe/record`, { method: "POST" })).json(), "the query builder, where tokenhub looks").toEqual({ found: true });
    try {
      expect(await statusOf(run, "/ready")).toBe(200);
      expect(await statusOf(run, "/status")).toBe(200);
    } finally {
      const { labels } = (await (await fetch(`${run.base}/probe/record`, { method: "DELETE" })).json()) as { labels: string[] };
      expect(labels, "the queries of /ready and /status").toEqual(expect.arrayContaining([...HEALTH_QUERY_LABELS]));
    }
    const uses = async (request: () => Promise<Response>) => {
      await fetch(`${run.base}/probe/record`, { method: "POST" });
      const status = await request().then((response) => response.status);
      const { labels } = (await (await fetch(`${run.base}/probe/record`, { method: "DELETE" })).json()) as { labels: string[] };
      return { status, used: labels.length > 0 };
    };
    const graphql = () => fetch(`${run.base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ ticks(limit: 1) { items { id } } }" }) });
    expect(await uses(graphql), "graphql()").toEqual({ status: 200, used: true });
    const sql = encodeURIComponent(JSON.stringify({ json: { sql: `SELECT count(*) FROM ${APP_TABLE}`, params: [] } }));
    expect(await uses(() => fetch(`${run.base}/sql/db?sql=${sql}`)), "client()").toEqual({ status: 200, used: true });
  });

  assumption("metrics", async () => {
    const run = await mainApp();
    const probe = (await (await fetch(`${run.base}/probe/metrics`)).json()) as { found: boolean; text: string; sameRegistry: boolean };
    expect(probe).toMatchObject({ found: true, sameRegistry: true });
    const names = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]));
    expect(names(probe.text), "getMetrics() and /metrics").toEqual(names(await (await fetch(`${run.base}/metrics`)).text()));
    const head = await indexedToHead();
    const completed = (text: string) => [...text.matchAll(new RegExp(`^${COMPLETED_EVENTS_METRIC}(?:\\{[^}]*\\})?\\s+(\\S+)$`, "gm"))].reduce((sum, match) => sum + Number(match[1]), 0);
    const [rows] = await query<{ n: string }>(`SELECT count(*)::text AS n FROM ${SCHEMA}.${APP_TABLE}`);
    // This start's events: the blocks it indexed (after a restart, those it did not keep); never more than the table's rows.
    await waitFor(async () => completed(await (await fetch(`${run.base}/metrics`)).text()) > 0, { timeoutMs: 20_000, message: () => `no ${COMPLETED_EVENTS_METRIC} at block ${head}` });
    expect(completed(await (await fetch(`${run.base}/metrics`)).text())).toBeLessThanOrEqual(Number(rows!.n));
  });

  assumption("operatorRoutes", async () => {
    const run = await mainApp();
    const targets = ["/metrics", "/status", "/%6Detrics", "/%73tatus", "/./metrics", "/status/../metrics", "/%2e/status", "/metrics?x=1", "http://elsewhere.example/status", "//metrics", "/metrics/", "/Metrics", "/metricsx"];
    const ponderAnswers = (answer: { status: number; body: string }) =>
      answer.status === 200 && answer.body.includes("# HELP") ? "/metrics" : answer.status === 200 && answer.body.includes('"contract"') ? "/status" : undefined;
    const host = new URL(run.base).host;
    const decided = (target: string) => operatorPathOf({ method: "GET", url: target, headers: { host } } as unknown as IncomingMessage);
    for (const target of targets) expect({ target, route: ponderAnswers(await raw(run.base, target)) }, "Ponder's route").toEqual({ target, route: decided(target) });
    expect(targets.filter((target) => decided(target) !== undefined).length).toBeGreaterThan(OPERATOR_PATHS.length);
    await fetch(`${run.base}/probe/divert`, { method: "POST" });
    try {
      for (const target of targets) {
        const route = decided(target);
        const answer = await raw(run.base, target);
        if (route !== undefined) expect({ target, body: answer.body }).toEqual({ target, body: `diverted:${route.slice(1)}` });
        else expect({ target, diverted: answer.body.startsWith("diverted") }).toEqual({ target, diverted: false });
      }
      expect((await raw(run.base, `${OPERATOR_ROUTE}/metrics`)).body).toBe("diverted:metrics");
    } finally {
      await fetch(`${run.base}/probe/divert`, { method: "DELETE" });
    }
  });

  assumption("stopHandlers", async () => {
    const run = await mainApp();
    const listeners = (await (await fetch(`${run.base}/probe/listeners`)).json()) as Record<string, number>;
    for (const event of STOP_EVENTS) expect({ event, handled: (listeners[event] ?? 0) > 0 }).toEqual({ event, handled: true });
    const { ShutdownError } = await ponderModule<{ ShutdownError: new () => Error }>("internal/errors.js");
    expect(new ShutdownError().name).toBe(SHUTDOWN_ERROR_NAME);
    const exit = fs.readFileSync(path.join(ponderRoot(), "dist", "esm", "bin", "utils", "exit.js"), "utf8");
    const grace = /SHUTDOWN_GRACE_PERIOD_MS\s*=\s*([\d_]+)/.exec(exit)?.[1];
    expect(Number(grace?.replaceAll("_", "")), "Ponder's shutdown grace, in ms").toBe(PONDER_SHUTDOWN_GRACE_MS);
  });

  assumption("keepAlive", async () => {
    const run = await mainApp();
    // A fresh connection's first answer: set before Ponder listened, not by the first request.
    const { hostname, port } = new URL(run.base);
    const socket = net.connect(Number(port), hostname);
    socket.write(`GET /probe/listeners HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    const head = await new Promise<string>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk.toString())));
    socket.destroy();
    expect(/^keep-alive: (.*)\r$/im.exec(head)?.[1]).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
  });

  assumption("logLines", async () => {
    await mainApp();
    await stopMain();
    // The main build again (a build Ponder ran before) in the text format, and a new one in JSON, both then left idle.
    const text = await launch({ schema: SCHEMA, logFormat: "pretty" });
    const json = await launch({ schema: "contract_log_lines" });
    try {
      await Promise.all([until(text, "/ready"), until(json, "/ready")]);
      await chain.client.mine({ blocks: 1 });
      const chainName = (line: RegExpExecArray | null) => line?.[1] ?? line?.[2];
      await waitFor(() => chainName(NO_NEW_BLOCK_LOG.exec(text.output())) !== undefined && chainName(NO_NEW_BLOCK_LOG.exec(json.output())) !== undefined, {
        timeoutMs: 60_000,
        intervalMs: 500,
        message: () => `no "no new block" warning 60 s into an idle chain:\n${text.output().slice(-1500)}\n${json.output().slice(-1500)}`,
      });
      for (const run of [text, json]) {
        expect(run.output()).toMatch(LIVE_BLOCK_LOG);
        expect(chainName(NO_NEW_BLOCK_LOG.exec(run.output()))).toBe("contract");
      }
      expect(text.output()).toMatch(CRASH_RECOVERY_LOG);
      expect(json.output()).not.toMatch(CRASH_RECOVERY_LOG);
    } finally {
      await text.stop();
      await json.stop();
      await releaseIndexLock(pool, SCHEMA);
    }
  }, 120_000);

  it("server/indexer/README.md lists exactly the behaviours tested here", () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "server", "indexer", "README.md"), "utf8");
    const listed = [...readme.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((match) => match[1]);
    expect(listed).toEqual(Object.values(ASSUMPTIONS));
  });
});
