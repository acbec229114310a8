import { randomUUID } from "node:crypto";
import type { Address, Hex, LocalAccount } from "viem";
import type pg from "pg";
import { inTransaction } from "../../store/database/db.js";
import { insertOperations } from "../../store/operations.js";
import { allocateNonces, insertTransactions, type NewTransaction } from "../../store/transactions.js";
import type { TransactionEvents } from "./events.js";
import type { Fees } from "./fees.js";
import type { Joinable } from "./joinCalls.js";
import { signTransaction, type SignedBytes } from "./signTransaction.js";

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

/** A batch signed at consecutive nonces from firstNonce, before they are allocated: nothing of it is sent unrecorded. */
export type SignedBatch = { firstNonce: number; fees: Fees; attempts: SignedBytes[] };

/**
 * Signs each transaction of the batch at consecutive nonces from firstNonce. A signature may wait on a token
 * (PKCS#11: a round trip through libuv's threads, or over the network to an HSM), so the lane signs a batch at the
 * nonces it expects to be allocated while the batch before is recorded and this one's nonces are allocated.
 */
export async function signBatch(signer: LocalAccount, chainId: number, batch: readonly PreparedTransaction[], fees: Fees, firstNonce: number): Promise<SignedBatch> {
  const attempts: SignedBytes[] = [];
  for (const [index, prepared] of batch.entries()) {
    // Signing is the pipeline's main CPU cost (about a millisecond each): let other I/O through between slices.
    if (index > 0 && index % SIGNATURES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    attempts.push(
      await signTransaction(signer, { chainId, nonce: firstNonce + index, to: prepared.to, data: prepared.data, value: prepared.value, gas: prepared.gasLimit, ...fees }),
    );
  }
  return { firstNonce, fees, attempts };
}

/**
 * Allocates consecutive nonces for the batch and records its transactions with their signed bytes, the operations
 * their calls belong to, the rows their requests store beside them (`onRecord`) and what the listener of transaction
 * events writes (the webhooks' outbox), all in one database transaction: nonces are handed out if and only if their
 * transactions are recorded. The batch comes being signed (signBatch) at the nonces expected, so that a token's
 * signature overlaps the allocation; when the allocation hands out others (a batch before it rolled back, or a
 * transaction moved to a fresh nonce meanwhile), it is signed again here at the allocated ones, and the earlier
 * bytes, never recorded, are never sent. A signature that fails rolls the allocation back. The caller broadcasts only after this
 * commits (the outbox rule), so a crash at any point leaves either nothing or a record that start-up recovery
 * rebroadcasts. Runs on the client holding the signer's lock (signerLock.ts).
 */
export async function signAndRecord(
  deps: { client: pg.PoolClient; chainId: number; events: TransactionEvents },
  signer: LocalAccount,
  batch: readonly PreparedTransaction[],
  signing: Promise<SignedBatch>,
): Promise<NewTransaction[]> {
  return inTransaction(deps.client, async (client) => {
    const firstNonce = await allocateNonces(client, deps.chainId, signer.address, batch.length);
    const signed = await signing;
    const { attempts, fees } = firstNonce === signed.firstNonce ? signed : await signBatch(signer, deps.chainId, batch, signed.fees, firstNonce);
    const transactions: NewTransaction[] = batch.map((prepared, index) => ({
      id: randomUUID(),
      chainId: deps.chainId,
      signer: signer.address,
      nonce: firstNonce + index,
      purpose: prepared.purpose,
      projectId: prepared.projectId,
      metadata: prepared.metadata,
      to: prepared.to,
      data: prepared.data,
      value: prepared.value,
      gasLimit: prepared.gasLimit,
      attempt: { ...attempts[index]!, ...fees },
    }));
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
