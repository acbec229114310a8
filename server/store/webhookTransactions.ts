import type { Address, Hex } from "viem";
import { blockRefOf, type Queryable, type StoredBlockRef, type StoredTransactionStatus } from "./transactions.js";

/** A transaction as its webhook events tell of it, with the write requests it does the work of. */
export type TransactionForEvents = {
  id: string;
  chainId: number;
  projectId: string;
  purpose: string;
  status: StoredTransactionStatus;
  signer: Address;
  nonce: number;
  to: Address;
  metadata: Record<string, unknown>;
  /** Every attempt's hash, oldest first. */
  hashes: Hex[];
  minedHash: Hex | null;
  blockNumber: bigint | null;
  blockHash: Hex | null;
  gasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  failureReason: string | null;
  final: boolean;
  reorgedFrom: StoredBlockRef | null;
  /** Its operations in call order; callIndex null when the transaction is the operation's alone. */
  operations: { id: string; purpose: string; callIndex: number | null }[];
  /** The decimals of the ERC-20 collection it calls, when the service manages one there. */
  decimals: number | null;
};

/**
 * These transactions as they are now, in the caller's database transaction, those of projects without a webhook
 * endpoint left out (nothing would be delivered for them).
 */
export async function loadTransactionsForEvents(db: Queryable, ids: readonly string[]): Promise<TransactionForEvents[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{
    id: string;
    chain_id: string;
    project_id: string;
    purpose: string;
    status: StoredTransactionStatus;
    signer: Address;
    nonce: string;
    to_address: Address;
    metadata: Record<string, unknown>;
    hashes: Hex[];
    mined_hash: Hex | null;
    block_number: string | null;
    block_hash: Hex | null;
    gas_used: string | null;
    effective_gas_price: string | null;
    failure_reason: string | null;
    final: boolean;
    reorged_from_block_number: string | null;
    reorged_from_block_hash: Hex | null;
    operations: { id: string; purpose: string; callIndex: number | null }[];
    decimals: number | null;
  }>(
    `SELECT t.id, t.chain_id, t.project_id, t.purpose, t.status, t.signer, t.nonce, t.to_address, t.metadata, t.mined_hash,
            t.block_number, t.block_hash, t.gas_used, t.effective_gas_price::text, t.failure_reason, t.final,
            t.reorged_from_block_number, t.reorged_from_block_hash,
            (SELECT array_agg(a.hash ORDER BY a.attempt) FROM tokenhub_app.transaction_attempts a WHERE a.transaction_id = t.id) AS hashes,
            (SELECT coalesce(json_agg(json_build_object('id', o.id, 'purpose', o.purpose, 'callIndex', o.call_index)
                                      ORDER BY o.call_index NULLS FIRST, o.created_at), '[]')
               FROM tokenhub_app.operations o WHERE o.transaction_id = t.id) AS operations,
            (SELECT pc.decimals FROM tokenhub_app.project_collections pc WHERE pc.chain_id = t.chain_id AND pc.address = t.to_address) AS decimals
       FROM tokenhub_app.transactions t
      WHERE t.id = ANY($1::uuid[])
        AND t.project_id IN (SELECT project_id FROM tokenhub_app.webhook_endpoints)`,
    [ids],
  );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        chainId: Number(row.chain_id),
        projectId: row.project_id,
        purpose: row.purpose,
        status: row.status,
        signer: row.signer,
        nonce: Number(row.nonce),
        to: row.to_address,
        metadata: row.metadata,
        hashes: row.hashes,
        minedHash: row.mined_hash,
        blockNumber: row.block_number === null ? null : BigInt(row.block_number),
        blockHash: row.block_hash,
        gasUsed: row.gas_used === null ? null : BigInt(row.gas_used),
        effectiveGasPrice: row.effective_gas_price === null ? null : BigInt(row.effective_gas_price),
        failureReason: row.failure_reason,
        final: row.final,
        reorgedFrom: blockRefOf(row.reorged_from_block_number, row.reorged_from_block_hash),
        operations: row.operations,
        decimals: row.decimals,
      } satisfies TransactionForEvents,
    ]),
  );
  // In the order the caller named them: events of one statement are delivered in that order.
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
