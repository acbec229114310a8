import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";

/** Ponder's RPC cache tables that carry a chain id column. */
const SYNC_TABLES_WITH_CHAIN_ID = [
  "logs",
  "blocks",
  "transactions",
  "transaction_receipts",
  "traces",
  "rpc_request_results",
  "intervals",
  "factory_addresses",
];

async function schemaExists(client: pg.PoolClient | pg.Pool, schema: string): Promise<boolean> {
  const result = await client.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Forgets what Ponder cached for one chain. Its cache is keyed by chain id alone, so after a local chain is reset it
 * would otherwise replay the old chain's logs into the new index.
 */
export async function clearChainCache(pool: pg.Pool, chainId: number): Promise<void> {
  if (!(await schemaExists(pool, "ponder_sync"))) return;
  await withTransaction(pool, async (client) => {
    for (const table of SYNC_TABLES_WITH_CHAIN_ID) {
      const exists = await client.query(
        "SELECT 1 FROM information_schema.tables WHERE table_schema = 'ponder_sync' AND table_name = $1",
        [table],
      );
      if ((exists.rowCount ?? 0) > 0) await client.query(`DELETE FROM ponder_sync."${table}" WHERE chain_id = $1`, [chainId]);
    }
    await client.query("DELETE FROM ponder_sync.factories WHERE (factory->>'chainId')::numeric = $1", [chainId]);
  });
}

/** Drops the index schema so Ponder rebuilds it (from its cache where the cache is still valid). */
export async function dropIndexSchema(pool: pg.Pool, schema: string): Promise<boolean> {
  if (!(await schemaExists(pool, schema))) return false;
  await pool.query(`DROP SCHEMA "${schema.replace(/"/g, "")}" CASCADE`);
  return true;
}

/**
 * Marks the index schema as free. Ponder 0.16 means to do this on shutdown, but its unlock query loses the race with
 * its own exit, so every restart would wait out the lock (~25 s). Only the supervisor calls this, after the one
 * indexer process it owns has exited.
 */
export async function releaseIndexLock(pool: pg.Pool, schema: string): Promise<void> {
  const table = await pool.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = '_ponder_meta'", [schema]);
  if ((table.rowCount ?? 0) === 0) return;
  await pool.query(`UPDATE "${schema.replace(/"/g, "")}"._ponder_meta SET value = jsonb_set(value, '{is_locked}', to_jsonb(0))`);
}
