import type { Address, Hex } from "viem";
import type { MintedToken } from "../chain/transactions/mintedTokens.js";
import { blockRefOf, toHex, type Queryable, type StoredBlockRef, type StoredTransactionStatus } from "./transactions.js";

/** A transaction as clients see it, found by the hash of any of its attempts. */
export type TransactionRecord = {
  id: string;
  chainId: number;
  /** The mined attempt's hash once mined, else the latest attempt's. */
  hash: Hex;
  /** The other attempts' hashes, oldest first. */
  previousHashes: Hex[];
  signer: Address;
  nonce: number;
  status: StoredTransactionStatus;
  blockNumber: bigint | null;
  blockHash: Hex | null;
  /** Its block is final: nothing can change it any more. */
  final: boolean;
  /** The block it was in before that block was reorganised away (kept once it is mined again). */
  reorgedFrom: StoredBlockRef | null;
  gasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  failureReason: string | null;
  /** What its receipt minted, raw amounts; null while not mined, and for transactions mined before migration 0151. */
  minted: MintedToken[] | null;
  /** When the receipt pass last checked it; null until its first pass after it was sent. */
  checkedAt: Date | null;
  purpose: string;
  projectId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  to: Address;
  data: Hex;
  value: bigint;
};

export async function findTransactionByHash(db: Queryable, chainId: number, hash: Hex): Promise<TransactionRecord | undefined> {
  const { rows } = await db.query<{
    id: string;
    chain_id: string;
    signer: Address;
    nonce: string;
    status: StoredTransactionStatus;
    purpose: string;
    project_id: string | null;
    metadata: Record<string, unknown>;
    to_address: Address;
    data: Buffer;
    value: string;
    mined_hash: Hex | null;
    block_number: string | null;
    block_hash: Hex | null;
    final: boolean;
    reorged_from_block_number: string | null;
    reorged_from_block_hash: Hex | null;
    gas_used: string | null;
    effective_gas_price: string | null;
    failure_reason: string | null;
    minted: MintedToken[] | null;
    checked_at: Date | null;
    created_at: Date;
    hashes: Hex[];
  }>(
    `SELECT t.*, (SELECT array_agg(a.hash ORDER BY a.attempt) FROM tokenhub_app.transaction_attempts a
                  WHERE a.transaction_id = t.id) AS hashes
     FROM tokenhub_app.transactions t
     WHERE t.chain_id = $1 AND t.id = (SELECT transaction_id FROM tokenhub_app.transaction_attempts WHERE hash = $2)`,
    [chainId, hash.toLowerCase()],
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  const current = row.mined_hash ?? row.hashes.at(-1)!;
  return {
    id: row.id,
    chainId: Number(row.chain_id),
    hash: current,
    previousHashes: row.hashes.filter((attemptHash) => attemptHash !== current),
    signer: row.signer,
    nonce: Number(row.nonce),
    status: row.status,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    blockHash: row.block_hash,
    final: row.final,
    reorgedFrom: blockRefOf(row.reorged_from_block_number, row.reorged_from_block_hash),
    gasUsed: row.gas_used === null ? null : BigInt(row.gas_used),
    effectiveGasPrice: row.effective_gas_price === null ? null : BigInt(row.effective_gas_price),
    failureReason: row.failure_reason,
    minted: row.minted,
    checkedAt: row.checked_at,
    purpose: row.purpose,
    projectId: row.project_id,
    metadata: row.metadata,
    createdAt: row.created_at,
    to: row.to_address,
    data: toHex(row.data),
    value: BigInt(row.value),
  };
}
