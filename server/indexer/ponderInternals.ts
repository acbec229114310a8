import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Every name tokenhub takes from Ponder's internals, spelled once: its tables and their columns, the layout of its
 * checkpoints, its RPC cache, its finality counts, the paths of its package it loads, the globals it reads, the log
 * lines it matches. None of them is a documented interface of Ponder (README.md beside this file says, for each, which
 * behaviour is relied on, by which file, and why no supported means exists); test/indexer/ponderContract.test.ts pins
 * each against the installed Ponder, so that an upgrade that breaks one fails there, naming it.
 */

// ---- Tables of each build's schema (Ponder's database/index.js) ------------------------------------------------

/** Ponder's table of its app's state: one row, key `app`, its state a jsonb value. */
export const META_TABLE = "_ponder_meta";

/** `_ponder_meta`'s columns, its row and the keys of its value tokenhub reads or writes. */
export const META = {
  key: "key",
  value: "value",
  /** The row that holds the app's state. */
  appRow: "app",
  /** 1 once the backfill of every chain is complete (what Ponder's /ready answers), 0 before and from each start. */
  ready: "is_ready",
  /** 1 while a Ponder process holds the build (it waits for 0, or for the heartbeat to expire, before it starts on it). */
  locked: "is_locked",
} as const;

/** Ponder's table of how far each chain is indexed: one row per chain. */
export const CHECKPOINT_TABLE = "_ponder_checkpoint";

/** `_ponder_checkpoint`'s columns. */
export const CHECKPOINT = {
  /** The chain's name in the config (ponder.config.ts). */
  chainName: "chain_name",
  chainId: "chain_id",
  /** The last event indexed. */
  latest: "latest_checkpoint",
  /** The last event of a block the chain has made final (by Ponder's count, ponderFinalityBlocks). */
  finalized: "finalized_checkpoint",
  /** What Ponder's crash recovery reverts to: every change after it is taken back at the next start. */
  safe: "safe_checkpoint",
} as const;

/** Ponder's undo tables (`_reorg__<table>`, one per table of ponder.schema.ts), each row with the checkpoint of its change. */
export const REORG_TABLE_PREFIX = "_reorg__";
export const REORG_CHECKPOINT_COLUMN = "checkpoint";

/** A LIKE pattern matching Ponder's undo tables (the underscores escaped). */
export const REORG_TABLE_PATTERN = `${REORG_TABLE_PREFIX.replaceAll("_", "\\_")}%`;

/** Ponder's own tables of a build (its meta and checkpoint tables, its undo tables) begin with an underscore: a LIKE pattern. */
export const OWN_TABLE_PATTERN = "\\_%";

/** What Ponder runs for `/ready` and `/status` on its read-only query builder (the labels of its `wrap`). */
export const HEALTH_QUERY_LABELS: readonly string[] = ["select_ready", "select_checkpoints"];

// ---- Checkpoints (Ponder's utils/checkpoint.js) ------------------------------------------------------------------

/**
 * A checkpoint is a string of digits: the block's timestamp (10), the chain id (16), the block number (16), the
 * transaction index (16), the event type (1) and the event index (16). An event's `id` in the indexing functions is
 * its checkpoint: tokenhub's activity and history ids begin with it.
 */
export const CHECKPOINT_LAYOUT = {
  timestamp: { from: 0, digits: 10 },
  chainId: { from: 10, digits: 16 },
  blockNumber: { from: 26, digits: 16 },
  length: 75,
} as const;

/** The block number a checkpoint (or an id that begins with one) names. */
export function checkpointBlock(checkpoint: string): number {
  const { from, digits } = CHECKPOINT_LAYOUT.blockNumber;
  return Number(checkpoint.slice(from, from + digits));
}

/** The block timestamp (seconds) a checkpoint names. */
export function checkpointTimestamp(checkpoint: string): number {
  const { from, digits } = CHECKPOINT_LAYOUT.timestamp;
  return Number(checkpoint.slice(from, from + digits));
}

/** SQL: the block number part of a checkpoint (or of an id that begins with one), as text. */
export function checkpointBlockSqlText(expression: string): string {
  const { from, digits } = CHECKPOINT_LAYOUT.blockNumber;
  return `substring(${expression}, ${from + 1}, ${digits})`;
}

/** SQL: the block number of a checkpoint, as a number. */
export function checkpointBlockSql(expression: string): string {
  return `${checkpointBlockSqlText(expression)}::numeric`;
}

/** SQL: the chain id of a checkpoint, as a number. */
export function checkpointChainIdSql(expression: string): string {
  const { from, digits } = CHECKPOINT_LAYOUT.chainId;
  return `substring(${expression}, ${from + 1}, ${digits})::numeric`;
}

// ---- Finality (Ponder's utils/finality.js) -----------------------------------------------------------------------

/**
 * How many blocks behind the head Ponder takes a chain's finalized block to be, by chain id (it has no setting).
 * Its crash recovery keeps only what is final by that count.
 */
export function ponderFinalityBlocks(chainId: number): number {
  if ([1, 3, 4, 5, 42, 11155111].includes(chainId)) return 65;
  if ([137, 80001].includes(chainId)) return 200;
  if ([42161, 42170, 421611, 421613].includes(chainId)) return 240;
  return 30;
}

// ---- The RPC cache (Ponder's sync-store/schema.js) ---------------------------------------------------------------

/** The schema of Ponder's RPC cache, shared by every build on the database. */
export const SYNC_SCHEMA = "ponder_sync";

/** Its tables that carry a `chain_id` column. */
export const SYNC_TABLES_WITH_CHAIN_ID: readonly string[] = [
  "logs",
  "blocks",
  "transactions",
  "transaction_receipts",
  "traces",
  "rpc_request_results",
  "intervals",
  "factory_addresses",
];

/** Its table of factories, whose chain is in a jsonb column. */
export const SYNC_FACTORIES = { table: "factories", chainIdSql: "(factory->>'chainId')::numeric" } as const;

// ---- The package --------------------------------------------------------------------------------------------------

type PonderPackage = { name: string; version: string; bin: { ponder: string } };

/** Ponder's root directory: the package directory its entry is in (its `exports` map has no package.json). */
export function ponderRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve("ponder")));
  while (!isPonderPackage(path.join(dir, "package.json"))) {
    if (path.dirname(dir) === dir) throw new Error("Ponder's package.json was not found above its entry");
    dir = path.dirname(dir);
  }
  return dir;
}

function isPonderPackage(file: string): boolean {
  return fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string }).name === "ponder";
}

function ponderPackage(): PonderPackage {
  return JSON.parse(fs.readFileSync(path.join(ponderRoot(), "package.json"), "utf8")) as PonderPackage;
}

export function ponderVersion(): string {
  return ponderPackage().version;
}

/** Ponder's CLI (its package's `bin`), run with this process's node, so that the service runs on the Node it started on. */
export function ponderBin(): string {
  return path.join(ponderRoot(), ponderPackage().bin.ponder);
}

/** The functions of Ponder's drizzle/onchain.js that write the live-query notification of its views pattern. */
export type PonderLiveQueryNames = {
  getLiveQueryChannelName(schema: string): string;
  getLiveQueryNotifyProcedureSql(options: { schema: string; channel: string }): string;
  getLiveQueryNotifyProcedureName(): string;
  getViewsLiveQueryNotifyTriggerName(viewsSchema: string): string;
};

/** The one module of Ponder's loaded by path: its `exports` map names only its entry. */
export async function ponderLiveQueryNames(): Promise<PonderLiveQueryNames> {
  return (await import(pathToFileURL(path.join(ponderRoot(), "dist", "esm", "drizzle", "onchain.js")).href)) as PonderLiveQueryNames;
}

// ---- Globals of the Ponder process (Ponder's build/index.js sets them before it loads the API) --------------------

/** Ponder's query builder: `raw` a drizzle instance, `wrap` runs a query (with retries) under a label. */
export type PonderQueryBuilder = {
  raw: unknown;
  wrap(optionsOrQuery: { label?: string } | ((db: unknown) => unknown), query?: (db: unknown) => unknown): Promise<unknown>;
};

/** `globalThis.PONDER_DATABASE`: its read-only query builder is what `graphql()` and `client()` read at each request. */
export function ponderDatabase(): { readonlyQB?: PonderQueryBuilder } | undefined {
  return (globalThis as { PONDER_DATABASE?: { readonlyQB?: PonderQueryBuilder } }).PONDER_DATABASE;
}

/** `globalThis.PONDER_COMMON.metrics`: its prom-client registry, and what its /metrics answers (`getMetrics`). */
export function ponderMetrics(): { registry?: unknown; getMetrics(): Promise<string> } | undefined {
  const metrics = (globalThis as { PONDER_COMMON?: { metrics?: { registry?: unknown; getMetrics?: unknown } } }).PONDER_COMMON?.metrics;
  return typeof metrics?.getMetrics === "function" ? (metrics as { registry?: unknown; getMetrics(): Promise<string> }) : undefined;
}

/** The name of Ponder's metric counting the events it indexed (per event name; no chain label). */
export const COMPLETED_EVENTS_METRIC = "ponder_indexing_completed_events";

// ---- Its HTTP server and process ---------------------------------------------------------------------------------

/** Ponder's routes about the process and its index, registered before the app's: an operator's, not the public's. */
export const OPERATOR_PATHS = ["/metrics", "/status"] as const;
export type OperatorPath = (typeof OPERATOR_PATHS)[number];

/** The error Ponder throws where its shutdown cuts work short (uncaught, not a failure). */
export const SHUTDOWN_ERROR_NAME = "ShutdownError";

/** How long Ponder's shutdown allows itself before it exits anyway (its bin/utils/exit.js). */
export const PONDER_SHUTDOWN_GRACE_MS = 5_000;

// ---- Log lines -----------------------------------------------------------------------------------------------------

/** What Ponder logs when the port it was given is taken (it then listens on the next one). */
export const PORT_TAKEN_LOG = /Port in use/;

/**
 * Ponder's line for each block it indexes live (info), in its text and JSON formats ("Indexed block range", the
 * backfill's, is another line).
 */
export const LIVE_BLOCK_LOG = /\bIndexed block chain=|"msg":"Indexed block"/;

/** Ponder's warning when a chain sent no new block for 30 s; the chain's name is the first group that matched. */
export const NO_NEW_BLOCK_LOG = /No new block received within expected time(?: chain=(\S+)|".*"chain":"([^"]*)")/;

/** Ponder's line at every start on a build it ran before, a clean stop's included (info). */
export const CRASH_RECOVERY_LOG = /Detected crash recovery/;

/** What Ponder logs (and exits on) when a schema was built by other indexing code (another build id). */
export const OTHER_BUILD_LOG = /was previously used by a different Ponder app/;
