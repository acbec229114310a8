import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { CHECKPOINT, CHECKPOINT_TABLE, checkpointBlock, checkpointChainIdSql, REORG_CHECKPOINT_COLUMN, REORG_TABLE_PATTERN } from "../ponderInternals.js";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Before Ponder starts on a build that already holds a chain: everything it indexed of that chain is made final, so
 * that its crash recovery (which reverts every change after the chain's safe checkpoint, from its undo tables) keeps
 * it. Only for a chain whose blocks nobody but this service makes (the embedded one), or whose node has made them
 * final meanwhile: there, what was indexed cannot be reorganised away while the service is stopped. Returns the block
 * the build holds the chain to, or undefined when the build does not hold it yet.
 */
export async function markIndexFinal(pool: pg.Pool, build: string, chainId: number): Promise<number | undefined> {
  const schema = quoted(build);
  const checkpoints = `${schema}.${quoted(CHECKPOINT_TABLE)}`;
  return await withTransaction(pool, async (client) => {
    const { rows: exists } = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [checkpoints]);
    if (!exists[0]?.found) return undefined;
    const { rows } = await client.query<{ latest: string }>(
      `UPDATE ${checkpoints} SET ${CHECKPOINT.safe} = ${CHECKPOINT.latest}, ${CHECKPOINT.finalized} = ${CHECKPOINT.latest}
        WHERE ${CHECKPOINT.chainId} = $1 RETURNING ${CHECKPOINT.latest} AS latest`,
      [chainId],
    );
    if (rows[0] === undefined) return undefined;
    const { rows: undoTables } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname LIKE $2`,
      [build, REORG_TABLE_PATTERN],
    );
    // The undo rows of a final change are what Ponder's finalisation deletes too; its checkpoint names the chain.
    for (const { name } of undoTables) {
      await client.query(`DELETE FROM ${schema}.${quoted(name)} WHERE ${checkpointChainIdSql(REORG_CHECKPOINT_COLUMN)} = $1`, [chainId]);
    }
    return checkpointBlock(rows[0].latest);
  });
}
