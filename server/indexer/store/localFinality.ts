import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { checkpointBlock } from "./indexState.js";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Before Ponder starts on a build that already holds a chain: everything it indexed of that chain is made final, so
 * that its crash recovery (which reverts every change after the chain's safe checkpoint, from the `_reorg__` tables)
 * keeps it. Only for a chain whose blocks nobody but this service makes (the embedded one): there, what was indexed
 * cannot be reorganised away by anyone else while the service is stopped. Returns the block the build holds the chain
 * to, or undefined when the build does not hold it yet.
 */
export async function markIndexFinal(pool: pg.Pool, build: string, chainId: number): Promise<number | undefined> {
  const schema = quoted(build);
  return await withTransaction(pool, async (client) => {
    const { rows: exists } = await client.query<{ found: boolean }>(
      "SELECT to_regclass($1) IS NOT NULL AS found",
      [`${schema}._ponder_checkpoint`],
    );
    if (!exists[0]?.found) return undefined;
    const { rows } = await client.query<{ latest_checkpoint: string }>(
      `UPDATE ${schema}._ponder_checkpoint SET safe_checkpoint = latest_checkpoint, finalized_checkpoint = latest_checkpoint
        WHERE chain_id = $1 RETURNING latest_checkpoint`,
      [chainId],
    );
    if (rows[0] === undefined) return undefined;
    const { rows: undoTables } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname LIKE '\\_reorg\\_\\_%'`,
      [build],
    );
    // The undo rows of a final change are what Ponder's finalisation deletes too; its checkpoint names the chain.
    for (const { name } of undoTables) {
      await client.query(`DELETE FROM ${schema}.${quoted(name)} WHERE substring(checkpoint, 11, 16)::numeric = $1`, [chainId]);
    }
    return checkpointBlock(rows[0].latest_checkpoint);
  });
}
