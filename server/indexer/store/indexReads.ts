import type pg from "pg";
import type { Queryable } from "../../store/transactions.js";
import { CHECKPOINT, CHECKPOINT_TABLE, checkpointBlock, checkpointBlockSqlText, checkpointTimestamp, META, META_TABLE } from "../ponderInternals.js";

/**
 * What tokenhub reads of Ponder's own tables in a build's schema (or the index schema's views onto the build that
 * answers): how far each chain is indexed and what of it is final (`_ponder_checkpoint`), and whether the build is
 * complete (`_ponder_meta`). Blocks are numbers here; a checkpoint's layout stays in this folder.
 */

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const checkpoints = (schema: string) => `${quoted(schema)}.${quoted(CHECKPOINT_TABLE)}`;
const UNDEFINED_TABLE = "42P01";

/** The last block Ponder indexed of a chain, from its checkpoint table (-1 before the first). */
export async function indexedBlockOf(pool: pg.Pool, indexSchema: string, chainId: number): Promise<number> {
  const { rows } = await pool.query<{ latest: string }>(`SELECT ${CHECKPOINT.latest} AS latest FROM ${checkpoints(indexSchema)} WHERE ${CHECKPOINT.chainId} = $1`, [chainId]);
  return rows[0] === undefined ? -1 : checkpointBlock(rows[0].latest);
}

/** The last block Ponder indexed of a chain and the last it holds as final (-1 before the first). */
export async function indexedBlocksOf(pool: pg.Pool, indexSchema: string, chainId: number): Promise<{ latest: number; finalized: number }> {
  const { rows } = await pool.query<{ latest: string; finalized: string }>(
    `SELECT ${CHECKPOINT.latest} AS latest, ${CHECKPOINT.finalized} AS finalized FROM ${checkpoints(indexSchema)} WHERE ${CHECKPOINT.chainId} = $1`,
    [chainId],
  );
  if (rows[0] === undefined) return { latest: -1, finalized: -1 };
  return { latest: checkpointBlock(rows[0].latest), finalized: checkpointBlock(rows[0].finalized) };
}

/** The chains a build holds, each with the last block Ponder indexed of it. */
export async function indexedChainsOf(pool: pg.Pool, indexSchema: string): Promise<{ chainId: number; block: number }[]> {
  const { rows } = await pool.query<{ chain_id: string; latest: string }>(`SELECT ${CHECKPOINT.chainId}::text AS chain_id, ${CHECKPOINT.latest} AS latest FROM ${checkpoints(indexSchema)}`);
  return rows.map((row) => ({ chainId: Number(row.chain_id), block: checkpointBlock(row.latest) }));
}

/** Each chain's last indexed block, by the chain's name, as Ponder's /status answers it. */
export async function indexStatus(pool: pg.Pool, indexSchema: string): Promise<Record<string, { id: number; block: { number: number; timestamp: number } }>> {
  const { rows } = await pool.query<{ name: string; chain_id: string; latest: string }>(
    `SELECT ${CHECKPOINT.chainName} AS name, ${CHECKPOINT.chainId}::text AS chain_id, ${CHECKPOINT.latest} AS latest FROM ${checkpoints(indexSchema)} ORDER BY ${CHECKPOINT.chainId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, { id: Number(row.chain_id), block: { number: checkpointBlock(row.latest), timestamp: checkpointTimestamp(row.latest) } }]));
}

/**
 * Whether the build the schema holds (or its views read) is complete, as Ponder marked it (after a restart, held back
 * until it holds what it held before: readyHold.ts), and the chains it holds. Undefined when it cannot be read (no
 * build yet, the views being switched).
 */
export async function buildReadiness(pool: pg.Pool, indexSchema: string): Promise<{ ready: boolean; chainIds: number[] } | undefined> {
  const answer = await pool
    .query<{ ready: string | null; chains: string[] | null }>(
      `SELECT (SELECT ${META.value} ->> '${META.ready}' FROM ${quoted(indexSchema)}.${quoted(META_TABLE)} WHERE ${META.key} = '${META.appRow}') AS ready,
              (SELECT array_agg(${CHECKPOINT.chainId}::text) FROM ${checkpoints(indexSchema)}) AS chains`,
    )
    .catch(() => undefined);
  if (answer === undefined) return undefined;
  const row = answer.rows[0];
  return { ready: row?.ready === "1", chainIds: (row?.chains ?? []).map(Number) };
}

/** Whether Ponder finished backfilling every chain (it never unmarks this while it runs); false when it cannot be read. */
export async function isBuildReady(db: Queryable, indexSchema: string): Promise<boolean> {
  const { rows } = await db
    .query<{ ready: string | null }>(`SELECT ${META.value} ->> '${META.ready}' AS ready FROM ${quoted(indexSchema)}.${quoted(META_TABLE)} WHERE ${META.key} = '${META.appRow}'`)
    .catch(() => ({ rows: [] as { ready: string | null }[] }));
  return rows[0]?.ready === "1";
}

/**
 * How far Ponder has indexed a chain and what of it is final, as the ids of the index's rows sort: an event's id (and
 * so every activity id) begins with its checkpoint, so an id at or below `latest` is of an event indexed, one at or
 * below `finalized` of a final block. `idSuffix` is appended (a suffix above every part number of an id). Undefined
 * before Ponder started on the chain or created the schema.
 */
export async function chainIdBounds(db: Queryable, indexSchema: string, chainId: number, idSuffix: string): Promise<{ latest: string; finalized: string } | undefined> {
  const { rows } = await db
    .query<{ latest: string; finalized: string }>(
      `SELECT ${CHECKPOINT.latest} AS latest, ${CHECKPOINT.finalized} AS finalized FROM ${checkpoints(indexSchema)} WHERE ${CHECKPOINT.chainId} = $1`,
      [chainId],
    )
    .catch((error: { code?: string }) => {
      // The index schema is not created yet (the indexer is starting): nothing indexed.
      if (error.code === UNDEFINED_TABLE) return { rows: [] };
      throw error;
    });
  return rows[0] === undefined ? undefined : { latest: rows[0].latest + idSuffix, finalized: rows[0].finalized + idSuffix };
}

/**
 * SQL: the block number of an id of the index's rows (an event's id, which begins with its checkpoint), as text of a
 * fixed width: ids sort by the block's timestamp first, and a new branch's blocks may be older than those they replace,
 * so how far the index has reached on a chain is compared by this.
 */
export function idBlockSql(expression: string): string {
  return checkpointBlockSqlText(expression);
}

/**
 * The blocks after `afterBlock` whose changes a build records in its transfers and activity (each block's number and
 * hash). A build of an older version has no `transfer` table (its `activity` held the transfers): read what it has.
 */
export async function activityBlocksAfter(pool: pg.Pool, indexSchema: string, chainId: number, afterBlock: number): Promise<{ number: number; hash: string }[]> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_name IN ('transfer', 'activity')",
    [indexSchema],
  );
  if (tables.length === 0) return [];
  const { rows } = await pool.query<{ block_number: string; block_hash: string }>(
    tables
      .map(({ name }) => `SELECT block_number::text, block_hash FROM ${quoted(indexSchema)}.${quoted(name)} WHERE chain_id = $1 AND block_number > $2`)
      .join(" UNION "),
    [chainId, afterBlock],
  );
  return rows.map((row) => ({ number: Number(row.block_number), hash: row.block_hash }));
}
