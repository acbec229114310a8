import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { META, META_TABLE, SYNC_FACTORIES, SYNC_SCHEMA, SYNC_TABLES_WITH_CHAIN_ID } from "../ponderInternals.js";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function schemaExists(client: pg.PoolClient | pg.Pool, schema: string): Promise<boolean> {
  const result = await client.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Forgets what Ponder cached for one chain. Its cache is keyed by chain id alone, so after a local chain is reset it
 * would otherwise replay the old chain's logs into the new index.
 */
export async function clearChainCache(pool: pg.Pool, chainId: number): Promise<void> {
  if (!(await schemaExists(pool, SYNC_SCHEMA))) return;
  await withTransaction(pool, async (client) => {
    for (const table of SYNC_TABLES_WITH_CHAIN_ID) {
      const exists = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2", [SYNC_SCHEMA, table]);
      if ((exists.rowCount ?? 0) > 0) await client.query(`DELETE FROM ${quoted(SYNC_SCHEMA)}.${quoted(table)} WHERE chain_id = $1`, [chainId]);
    }
    await client.query(`DELETE FROM ${quoted(SYNC_SCHEMA)}.${quoted(SYNC_FACTORIES.table)} WHERE ${SYNC_FACTORIES.chainIdSql} = $1`, [chainId]);
  });
}

/** Drops the index schema so Ponder rebuilds it (from its cache where the cache is still valid). */
export async function dropIndexSchema(pool: pg.Pool, schema: string): Promise<boolean> {
  if (!(await schemaExists(pool, schema))) return false;
  await pool.query(`DROP SCHEMA "${schema.replace(/"/g, "")}" CASCADE`);
  return true;
}

/**
 * Marks the index schema as free. Ponder means to do this on shutdown, but its unlock query loses the race with
 * its own exit, so every restart would wait out the lock (~25 s). Only the supervisor calls this, after the one
 * indexer process it owns has exited.
 */
export async function releaseIndexLock(pool: pg.Pool, schema: string): Promise<void> {
  const table = await pool.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2", [schema, META_TABLE]);
  if ((table.rowCount ?? 0) === 0) return;
  await pool.query(`UPDATE ${quoted(schema)}.${quoted(META_TABLE)} SET ${META.value} = jsonb_set(${META.value}, '{${META.locked}}', to_jsonb(0))`);
}
