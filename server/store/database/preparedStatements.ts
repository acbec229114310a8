import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";

/** Row values a prepared statement is run with, by the names of its `sql.placeholder`s. */
export type StatementValues = Record<string, unknown>;
export type PreparedStatement<Row> = (values: StatementValues) => Promise<Row[]>;

// Ponder builds its drizzle instances with snake_case column names; statements built here must name columns alike.
const dialect = new PgDialect({ casing: "snake_case" });
const prepared = new WeakMap<object, Map<string, PreparedStatement<unknown>>>();

// As drizzle reads results: dates, times, intervals and numeric arrays as PostgreSQL's text (node-postgres would
// make numeric[] JavaScript numbers, losing the digits of a uint256, and timestamps Date objects).
const TEXT_AS_IS = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((typeId: number, format?: "text" | "binary") =>
    TEXT_AS_IS.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * A statement built once and run as a named (server-side prepared) statement. Drizzle builds a statement's text
 * again on every call, and for a page of tokens with its metadata that was the largest part of a read's own CPU;
 * PostgreSQL, given a name, also parses and plans it once per connection instead of once per request. `build` must
 * take every per-request value from `sql.placeholder(name)`, never from its surroundings: it runs once per `name`
 * and database, and its text is reused for every later call.
 *
 * Runs on the pool behind `db` (drizzle's `$client`), so on the same connections as the rest of the reads.
 */
export function preparedStatement<Row>(db: object, name: string, build: () => SQL): PreparedStatement<Row> {
  let statements = prepared.get(db);
  if (statements === undefined) prepared.set(db, (statements = new Map()));
  const known = statements.get(name);
  if (known !== undefined) return known as PreparedStatement<Row>;
  // PostgreSQL truncates names to 63 bytes; two statements must never share one.
  if (Buffer.byteLength(name) > 63) throw new Error(`Statement name too long: ${name}`);
  const pool = (db as { $client?: pg.Pool }).$client;
  if (typeof pool?.query !== "function") throw new Error("preparedStatement needs a node-postgres drizzle database");
  const { sql: text, params } = dialect.sqlToQuery(build());
  const statement: PreparedStatement<Row> = async (values) => {
    const query = { name, text, values: fillPlaceholders(params, values), types };
    // A connection that prepared the statement before the index's views moved to another build fails it once, and the
    // pool closes a connection whose query failed: the next one prepares it anew (at most one try per connection).
    // A read that waited past its lock_timeout is the pool's to run again (lockTimeouts.ts), as every other read is.
    for (let tries = 0; ; tries++) {
      try {
        return (await pool.query<Row & pg.QueryResultRow>(query)).rows;
      } catch (error) {
        if (!isStalePlan(error) || tries >= (pool.options.max ?? 10)) throw error;
      }
    }
  };
  statements.set(name, statement as PreparedStatement<unknown>);
  return statement;
}

/**
 * PostgreSQL refuses a prepared statement whose result row type changed since it was prepared: the index schema's
 * views now name another build's tables (server/indexer/store/indexDeployments.ts), whose enum types are that build's own.
 */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === "0A000" && error.message.includes("cached plan must not change result type");
}
