import { type Column, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.js";

export type StoreDb = ReturnType<typeof drizzle<typeof schema>>;
export type Store = { pool: pg.Pool; db: StoreDb; close(): Promise<void> };
/** A database transaction of the drizzle client. */
export type StoreTransaction = Parameters<Parameters<StoreDb["transaction"]>[0]>[0];

/**
 * A pool on the app store, created by whoever wires the process, closed on shutdown. `name` is the connections'
 * application_name: what an operator sees of them in pg_stat_activity. `sessionSettings`: PostgreSQL settings of every
 * connection of the pool, as `-c name=value` start-up options.
 */
export function createStore(connectionString: string, options: { max: number; name: string; sessionSettings?: Record<string, string> }): Store {
  const settings = Object.entries(options.sessionSettings ?? {}).map(([name, value]) => `-c ${name}=${value}`);
  const pool = new pg.Pool({ connectionString, max: options.max, application_name: options.name, ...(settings.length > 0 ? { options: settings.join(" ") } : {}) });
  // An idle client losing its connection (database restart) must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

/** Runs `work` in one database transaction on a client of its own: committed if it resolves, rolled back if not. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost while the client is out of the pool reaches the statement in progress, and the client's 'error'
  // event, which the pool listens to only while the client is idle: unheard, that is an uncaught exception.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on("error", onError);
  try {
    return await inTransaction(client, work);
  } finally {
    client.off("error", onError);
    // A broken client is closed rather than given back to the pool.
    client.release(lost);
  }
}

/** withTransaction on a client the caller holds (one that also holds a session lock, say). */
export async function inTransaction<T>(client: pg.PoolClient, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * `column = ANY($1)` with the token ids bound as one array: `IN (...)` binds one parameter per id, and PostgreSQL
 * refuses a statement with more than 65,535 (a collection's every token, as holders reads them).
 */
export function tokenIdIn(column: Column, tokenIds: readonly (bigint | string)[]): SQL {
  return sql`${column} = ANY(${sql.param(tokenIds.map(String))}::numeric[])`;
}

/** PostgreSQL's own words for "going away" (admin_shutdown, crash_shutdown, cannot_connect_now, connection failures). */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"]);

/**
 * Whether an error says the database is gone (stopping, restarting, unreachable) rather than that a statement failed:
 * the request could not be served now, and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message, syscall } = (error ?? {}) as { code?: string; message?: string; syscall?: string };
  if (code !== undefined && UNAVAILABLE_SQLSTATES.has(code)) return true;
  if (syscall === "connect" && (code === "ECONNREFUSED" || code === "ENOENT")) return true;
  // A connection held across statements (a signer's lock) meets the server's end as a broken socket.
  if (code === "EPIPE" || code === "ECONNRESET") return true;
  return /Connection terminated|Client has encountered a connection error|Cannot use a pool after calling end/.test(message ?? "");
}

/**
 * For a transaction that reads index tables over several statements, holding each one's lock until it ends. Ponder,
 * going back over a reorganised block, drops and recreates its triggers table by table under exclusive locks: waiting
 * on a table it has taken while holding one it wants next is a deadlock, which PostgreSQL breaks after a second by
 * cancelling Ponder's statement, and again at each of its retries (seen: index reads stalled for 74 s). Such a
 * transaction waits briefly instead and gives way, failing with `isLockNotAvailable`; its job runs again next pass.
 */
export async function giveWayToIndexer(client: pg.PoolClient): Promise<void> {
  await client.query(`SET LOCAL lock_timeout = ${INDEXER_LOCK_WAIT_MS}`);
}

const INDEXER_LOCK_WAIT_MS = 100;

/**
 * PostgreSQL's undefined_table. The app store's tables exist before the service answers (its migrations run first), so
 * a read meets it only on an index built by an earlier version, which answers while this version's build is made and
 * lacks the tables added since.
 */
export const isUndefinedTable = (error: unknown): boolean => (error as { code?: string } | null)?.code === "42P01";

/** PostgreSQL's lock_not_available: a lock not granted within lock_timeout. */
export const isLockNotAvailable = (error: unknown): boolean => (error as { code?: string } | null)?.code === "55P03";
