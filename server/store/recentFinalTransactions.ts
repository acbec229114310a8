import type { Hex } from "viem";
import type { Queryable } from "./transactions.js";

export type FinalTransactionRef = { hash: Hex; blockNumber: bigint; blockHash: Hex };

/** The final transactions of a chain mined at or after `fromBlock`, with the block each was recorded in. */
export async function recentFinalTransactions(db: Queryable, chainId: number, fromBlock: bigint): Promise<FinalTransactionRef[]> {
  const { rows } = await db.query<{ hash: Hex; block_number: string; block_hash: Hex }>(
    `SELECT mined_hash AS hash, block_number::text, block_hash FROM tokenhub_app.transactions
      WHERE chain_id = $1 AND final AND block_number >= $2 AND block_hash IS NOT NULL AND mined_hash IS NOT NULL`,
    [chainId, fromBlock.toString()],
  );
  return rows.map((row) => ({ hash: row.hash, blockNumber: BigInt(row.block_number), blockHash: row.block_hash }));
}
