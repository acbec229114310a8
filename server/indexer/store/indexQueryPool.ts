import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../../ponder.schema.js";
import { HEALTH_QUERY_LABELS, ponderDatabase, type PonderQueryBuilder } from "../ponderInternals.js";

/**
 * The connections GraphQL and SQL over HTTP query the index on (`/graphql`, `/sql/*`), apart from the ones the REST
 * routes read it on: a query anyone with a `read` token writes (a count over a cross join) holds a connection until
 * its statement timeout, and must not make a REST read wait for one.
 */
export type IndexQueryPool = { pool: pg.Pool; close(): Promise<void> };

export function createIndexQueryPool(connectionString: string, options: { indexSchema: string; timeoutMs: number; connections: number }): IndexQueryPool {
  const pool = new pg.Pool({
    connectionString,
    max: options.connections,
    application_name: "tokenhub_index_http",
    // PostgreSQL cancels a statement past the timeout; a request waiting for a connection gives up after as long.
    statement_timeout: options.timeoutMs,
    connectionTimeoutMillis: options.timeoutMs,
    // One backend per query: with parallel workers each heavy query took up to three of the machine's cores.
    options: `-c search_path=${options.indexSchema} -c default_transaction_read_only=on -c lock_timeout=500 -c max_parallel_workers_per_gather=0`,
  });
  pool.on("error", () => undefined);
  return { pool, close: () => pool.end() };
}

/** Ponder's own queries for /ready and /status: cheap, and they must answer while /sql is saturated. */
const PONDER_HEALTH_QUERIES = new Set(HEALTH_QUERY_LABELS);

/**
 * Points Ponder's `graphql()` and `client()` middleware at the pool above. Ponder gives them no database parameter:
 * each request reads its global database's read-only query builder (over its read-only pool), which `db` of
 * `ponder:api` (the REST routes' connection, bound when that module loaded) also uses. Replacing the builder after that
 * module loaded moves GraphQL and SQL, and only them, to their own connections.
 */
export function routePonderIndexQueries(pool: IndexQueryPool): void {
  const database = ponderDatabase();
  const ponder = database?.readonlyQB;
  if (!database || typeof ponder?.wrap !== "function") throw new Error("Ponder's read-only query builder is not where server/indexer/README.md says Ponder keeps it");
  const raw = drizzle(pool.pool, { casing: "snake_case", schema });
  const routed: PonderQueryBuilder = {
    raw,
    // No retries, unlike Ponder's builder: a query cancelled at its timeout is answered as such, not run again.
    wrap: async (optionsOrQuery, query) => {
      if (typeof optionsOrQuery === "function") return await optionsOrQuery(raw);
      if (optionsOrQuery.label !== undefined && PONDER_HEALTH_QUERIES.has(optionsOrQuery.label)) return await ponder.wrap(optionsOrQuery, query);
      return await query!(raw);
    },
  };
  database.readonlyQB = routed;
}
