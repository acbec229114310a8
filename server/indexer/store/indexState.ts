import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import type { StoreDb } from "../../store/database/db.js";
import { chainGenesis, settings } from "../../store/database/schema.js";

export async function getRecordedGenesis(db: StoreDb, chainId: number): Promise<string | undefined> {
  const [row] = await db.select().from(chainGenesis).where(eq(chainGenesis.chainId, chainId));
  return row?.genesisHash;
}

export async function recordGenesis(db: StoreDb, chainId: number, genesisHash: string): Promise<void> {
  await db
    .insert(chainGenesis)
    .values({ chainId, genesisHash })
    .onConflictDoUpdate({ target: chainGenesis.chainId, set: { genesisHash, recordedAt: sql`now()` } });
}

export async function getSetting(db: StoreDb, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function putSetting(db: StoreDb, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function deleteSetting(db: StoreDb, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}

/** Where the block number sits in a Ponder checkpoint: after a 10-digit timestamp and a 16-digit chain id. */
const CHECKPOINT_BLOCK = { start: 26, length: 16 };

export function checkpointBlock(checkpoint: string): number {
  return Number(checkpoint.slice(CHECKPOINT_BLOCK.start, CHECKPOINT_BLOCK.start + CHECKPOINT_BLOCK.length));
}

/** The last block Ponder indexed of a chain, from its checkpoint table (-1 before the first). */
export async function indexedBlockOf(pool: pg.Pool, indexSchema: string, chainId: number): Promise<number> {
  const schema = `"${indexSchema.replaceAll('"', '""')}"`;
  const { rows } = await pool.query<{ latest_checkpoint: string }>(`SELECT latest_checkpoint FROM ${schema}._ponder_checkpoint WHERE chain_id = $1`, [chainId]);
  return rows[0] === undefined ? -1 : checkpointBlock(rows[0].latest_checkpoint);
}

/** The last block Ponder indexed of a chain and the last it holds as final (-1 before the first). */
export async function indexedBlocksOf(pool: pg.Pool, indexSchema: string, chainId: number): Promise<{ latest: number; finalized: number }> {
  const schema = `"${indexSchema.replaceAll('"', '""')}"`;
  const { rows } = await pool.query<{ latest_checkpoint: string; finalized_checkpoint: string }>(
    `SELECT latest_checkpoint, finalized_checkpoint FROM ${schema}._ponder_checkpoint WHERE chain_id = $1`,
    [chainId],
  );
  if (rows[0] === undefined) return { latest: -1, finalized: -1 };
  return { latest: checkpointBlock(rows[0].latest_checkpoint), finalized: checkpointBlock(rows[0].finalized_checkpoint) };
}

/** The chains a build holds, each with the last block Ponder indexed of it. */
export async function indexedChainsOf(pool: pg.Pool, indexSchema: string): Promise<{ chainId: number; block: number }[]> {
  const schema = `"${indexSchema.replaceAll('"', '""')}"`;
  const { rows } = await pool.query<{ chain_id: string; latest_checkpoint: string }>(`SELECT chain_id::text, latest_checkpoint FROM ${schema}._ponder_checkpoint`);
  return rows.map((row) => ({ chainId: Number(row.chain_id), block: checkpointBlock(row.latest_checkpoint) }));
}

/** The blocks after `afterBlock` whose changes a build records in its activity (each block's number and hash). */
export async function activityBlocksAfter(pool: pg.Pool, indexSchema: string, chainId: number, afterBlock: number): Promise<{ number: number; hash: string }[]> {
  const schema = `"${indexSchema.replaceAll('"', '""')}"`;
  const { rows } = await pool.query<{ block_number: string; block_hash: string }>(
    `SELECT DISTINCT block_number::text, block_hash FROM ${schema}.activity WHERE chain_id = $1 AND block_number > $2`,
    [chainId, afterBlock],
  );
  return rows.map((row) => ({ number: Number(row.block_number), hash: row.block_hash }));
}
