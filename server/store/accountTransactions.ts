import { sql } from "drizzle-orm";
import type { Hex } from "viem";
import type { StoreDb } from "./database/db.js";

/** Purposes of the transactions the service sends for ERC-6551 accounts; their metadata carries `accountAddress`. */
export const ACCOUNT_CREATE_PURPOSE = "erc6551.create";
export const ACCOUNT_BATCH_PURPOSE = "account.executeBatch";

export type RelayedBatchCall = { toAddress: string; value: string; data: Hex };

export type RelayedBatch = {
  /** The mined attempt's hash, else the latest attempt's. */
  hash: Hex;
  status: "pending" | "success" | "failure";
  blockNumber: bigint | null;
  gasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  calls: RelayedBatchCall[];
  /** Who sent it, at which nonce: a signer's transactions sit in a block in nonce order. */
  signer: string;
  nonce: number;
  createdAt: Date;
  updatedAt: Date;
};

type Row = {
  hash: Hex;
  status: RelayedBatch["status"];
  block_number: string | null;
  gas_used: string | null;
  effective_gas_price: string | null;
  calls: RelayedBatchCall[] | null;
  signer: string;
  nonce: string;
  created_at: Date;
  updated_at: Date;
};

const currentHash = sql`COALESCE(t.mined_hash, (SELECT a.hash FROM tokenhub_app.transaction_attempts a WHERE a.transaction_id = t.id ORDER BY a.attempt DESC LIMIT 1))`;

/**
 * The call batches the service relayed for an account: every pending one first (newest first), then completed ones
 * by block, newest first, and within a block by nonce, newest first; at most `limit`. `account` is lowercase, as
 * recorded.
 */
export async function listRelayedBatches(db: StoreDb, chainId: number, account: string, limit: number): Promise<RelayedBatch[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT ${currentHash} AS hash, t.status, t.block_number, t.gas_used, t.effective_gas_price, t.metadata -> 'calls' AS calls,
           t.signer, t.nonce, t.created_at, t.updated_at
    FROM tokenhub_app.transactions t
    WHERE t.chain_id = ${chainId} AND t.purpose = ${ACCOUNT_BATCH_PURPOSE} AND t.metadata ->> 'accountAddress' = ${account}
    ORDER BY (t.status = 'pending') DESC, t.block_number DESC NULLS FIRST, (CASE WHEN t.status = 'pending' THEN t.created_at END) DESC, t.nonce DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({
    hash: row.hash,
    status: row.status,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    gasUsed: row.gas_used === null ? null : BigInt(row.gas_used),
    effectiveGasPrice: row.effective_gas_price === null ? null : BigInt(row.effective_gas_price),
    calls: row.calls ?? [],
    signer: row.signer,
    nonce: Number(row.nonce),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  }));
}

/** The hash of a still-pending creation of this account by the service, if there is one. */
export async function findPendingAccountCreation(db: StoreDb, chainId: number, account: string): Promise<Hex | undefined> {
  const { rows } = await db.execute<{ hash: Hex }>(sql`
    SELECT ${currentHash} AS hash FROM tokenhub_app.transactions t
    WHERE t.chain_id = ${chainId} AND t.purpose = ${ACCOUNT_CREATE_PURPOSE} AND t.status = 'pending'
      AND t.metadata ->> 'accountAddress' = ${account}
    ORDER BY t.created_at DESC LIMIT 1`);
  return rows[0]?.hash;
}
