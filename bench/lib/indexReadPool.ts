import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../ponder.schema.js";
import type { IndexDb } from "../../server/services/collections/collections.js";
import { indexSchemaState } from "../../server/indexer/store/indexDeployments.js";

/** TOKENHUB_INDEX_CONNECTIONS's default (server/config/env.ts), which the benchmarks leave as it is. */
const INDEX_CONNECTIONS = 30;

/**
 * How many connections the read routes' statements get in the embedded service's one Ponder process (`ponder start`):
 * Ponder keeps 2 for itself and splits the rest in three, indexing, sync and the read-only pool behind `db`
 * (Ponder's database/index.js).
 */
export const ROUTE_READ_CONNECTIONS = Math.floor((INDEX_CONNECTIONS - 2) / 3);

export type IndexReadPool = { db: IndexDb; pool: pg.Pool };

/**
 * A pool like the one the read routes run their statements on: Ponder's read-only pool (createReadonlyPool in
 * Ponder's utils/pg.js), with its session settings, its search path (the build the index's
 * views read) and its size, under a drizzle instance as Ponder's `db` is; so a route's statement run here is the
 * route's statement less the HTTP request around it.
 */
export async function openIndexReadPool(databaseUrl: string, indexSchema: string, size = ROUTE_READ_CONNECTIONS): Promise<IndexReadPool> {
  const probe = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const state = await indexSchemaState(probe, indexSchema).finally(() => probe.end());
  const searchPath = state.kind === "views" && state.deployment !== undefined ? state.deployment : indexSchema;
  // Ponder sets these with a statement after connecting; as start-up options they are the same session settings.
  const options = `-c search_path=${searchPath} -c default_transaction_read_only=on -c work_mem=512MB -c lock_timeout=500ms`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size, statement_timeout: 30_000, options });
  return { db: drizzle(pool, { casing: "snake_case", schema }) as unknown as IndexDb, pool };
}
