import { randomUUID } from "node:crypto";
import type { Address, Hex, LocalAccount } from "viem";
import type pg from "pg";
import { inTransaction } from "../../store/database/db.js";
import { insertOperations } from "../../store/operations.js";
import { allocateNonces, insertTransactions, type NewTransaction } from "../../store/transactions.js";
import type { TransactionEvents } from "./events.js";
import type { Fees } from "./fees.js";
import type { Joinable } from "./joinCalls.js";
import { signTransaction } from "./signTransaction.js";

const SIGNATURES_PER_SLICE = 16;

/** A request that passed simulation, with everything needed to sign it except the nonce. */
export type PreparedTransaction = {
  to: Address;
  data: Hex;
  value: bigint;
  gasLimit: bigint;
  purpose: string;
  projectId: string | null;
  metadata: Record<string, unknown>;
  /** May share one transaction with other joinable calls to the same contract, and how (joinCalls.ts). */
  joinable: Joinable;
  /** Writes what the request stores with its transaction, in the database transaction that records it. */
  onRecord?: (client: pg.PoolClient, transactionId: string) => Promise<void>;
  /**
   * One entry per call the transaction carries, in call order: the operation (the write request) that asked for it,
   * recorded with the transaction so that the request's operationId finds it; null for a call no request names.
   */
  operations: readonly (string | null)[];
};

/**
 * Allocates consecutive nonces for the batch, signs each transaction and records them with their signed bytes, the
 * operations their calls belong to, the rows their requests store beside them (`onRecord`) and what the listener of
 * transaction events writes (the webhooks' outbox), all in one database transaction: nonces are handed out if and only
 * if their transactions are recorded. The caller broadcasts only after this commits (the outbox rule), so a crash at
 * any point leaves either nothing or a record that start-up recovery rebroadcasts. Runs on the client holding the
 * signer's lock (signerLock.ts).
 */
export async function signAndRecord(
  deps: { client: pg.PoolClient; chainId: number; events: TransactionEvents },
  signer: LocalAccount,
  batch: readonly PreparedTransaction[],
  fees: Fees,
): Promise<NewTransaction[]> {
  return inTransaction(deps.client, async (client) => {
    const firstNonce = await allocateNonces(client, deps.chainId, signer.address, batch.length);
    const transactions: NewTransaction[] = [];
    for (const [index, prepared] of batch.entries()) {
      // Signing is the pipeline's main CPU cost (about a millisecond each): let other I/O through between slices.
      if (index > 0 && index % SIGNATURES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      const nonce = firstNonce + index;
      const signed = await signTransaction(signer, {
        chainId: deps.chainId,
        nonce,
        to: prepared.to,
        data: prepared.data,
        value: prepared.value,
        gas: prepared.gasLimit,
        ...fees,
      });
      transactions.push({
        id: randomUUID(),
        chainId: deps.chainId,
        signer: signer.address,
        nonce,
        purpose: prepared.purpose,
        projectId: prepared.projectId,
        metadata: prepared.metadata,
        to: prepared.to,
        data: prepared.data,
        value: prepared.value,
        gasLimit: prepared.gasLimit,
        attempt: { ...signed, ...fees },
      });
    }
    await insertTransactions(client, transactions);
    await insertOperations(
      client,
      batch.flatMap((prepared, index) =>
        prepared.operations.flatMap((id, callIndex) =>
          id === null || prepared.projectId === null
            ? []
            : [{ id, projectId: prepared.projectId, chainId: deps.chainId, purpose: prepared.purpose, transactionId: transactions[index]!.id, callIndex: prepared.operations.length > 1 ? callIndex : null }],
        ),
      ),
    );
    for (const [index, prepared] of batch.entries()) await prepared.onRecord?.(client, transactions[index]!.id);
    await deps.events.recorded(client, transactions.map((transaction, index) => ({ transaction, operations: batch[index]!.operations })));
    return transactions;
  });
}
