import type { Hex } from "viem";
import type { MintedToken } from "../chain/transactions/mintedTokens.js";
import type { Queryable } from "./transactions.js";

/**
 * The records status reads answer from (migration 0151), kept current by each chain's receipt pass: what a mined
 * transaction minted, when the pass last checked each transaction, and the chain's head and final block it last read.
 */

/** A chain's head and final block as its receipt pass last read them. */
export type RecordedChainHead = { blockNumber: bigint; blockHash: Hex; finalBlock: bigint; checkedAt: Date };

/**
 * The tokens these transactions' receipts minted, the receipts just read: in the database transaction that records
 * them mined, or for a transaction mined before this record existed.
 */
export async function recordReceipts(db: Queryable, entries: readonly { id: string; minted: readonly MintedToken[] }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `UPDATE tokenhub_app.transactions t SET minted = c.minted, checked_at = now()
     FROM unnest($1::uuid[], $2::jsonb[]) AS c(id, minted) WHERE t.id = c.id`,
    [entries.map((entry) => entry.id), entries.map((entry) => JSON.stringify(entry.minted))],
  );
}

/**
 * The head and final block a receipt pass just read, recorded before the receipts it reads against them: a read that
 * finds a transaction mined then finds a head at or above its block.
 */
export async function recordChainHead(db: Queryable, chainId: number, view: { head: { blockNumber: bigint; blockHash: Hex }; finalBlock: bigint }): Promise<void> {
  await db.query(
    `INSERT INTO tokenhub_app.chain_heads (chain_id, block_number, block_hash, final_block, checked_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
       final_block = EXCLUDED.final_block, checked_at = EXCLUDED.checked_at`,
    [chainId, view.head.blockNumber.toString(), view.head.blockHash, view.finalBlock.toString()],
  );
}

/** The transactions a receipt pass checked against the chain: their receipt read, or their block found still there. */
export async function recordChecked(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query("UPDATE tokenhub_app.transactions SET checked_at = now() WHERE id = ANY($1::uuid[])", [ids]);
}

export async function loadChainHead(db: Queryable, chainId: number): Promise<RecordedChainHead | undefined> {
  const { rows } = await db.query<{ block_number: string; block_hash: Hex; final_block: string; checked_at: Date }>(
    "SELECT block_number, block_hash, final_block, checked_at FROM tokenhub_app.chain_heads WHERE chain_id = $1",
    [chainId],
  );
  const row = rows[0];
  return row && { blockNumber: BigInt(row.block_number), blockHash: row.block_hash, finalBlock: BigInt(row.final_block), checkedAt: row.checked_at };
}
