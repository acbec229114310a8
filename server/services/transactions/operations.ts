import type { Hex } from "viem";
import type { MintedToken } from "../../chain/transactions/mintedTokens.js";
import { NotFoundError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectOperation } from "../../store/operations.js";
import { type ChainWriter, transactionUrl } from "./chainWriter.js";
import { getTransaction, type TransactionView } from "./transactions.js";

export type OperationView = {
  operationId: string;
  chainId: number;
  purpose: string;
  status: "pending" | "success" | "failure";
  transactionHash: Hex | null;
  transactionUrl: string | null;
  minted: MintedToken[];
  createdAt: string;
  /** When the receipt pass last checked its transaction; null when it sends none. */
  checkedAt: string | null;
};

/**
 * A write request of the project, by the operationId its answer carried: the status and current hash of the
 * transaction doing its work (found by the record's id, so a call sent again at a fresh nonce is followed), and what
 * its own call minted. Calls joined into one transaction each mint one entry of the receipt, in call order.
 */
export async function getOperation(writer: ChainWriter, db: StoreDb, projectId: string, operationId: string): Promise<OperationView> {
  return (await loadOperation(writer, db, projectId, operationId)).view;
}

async function loadOperation(
  writer: ChainWriter,
  db: StoreDb,
  projectId: string,
  operationId: string,
): Promise<{ view: OperationView; transaction: TransactionView | undefined }> {
  const operation = await findProjectOperation(db, projectId, operationId);
  if (operation === undefined) throw new NotFoundError(`No operation ${operationId} belongs to this project.`);
  const view = { operationId: operation.id, chainId: operation.chainId, purpose: operation.purpose, createdAt: operation.createdAt.toISOString() };
  if (operation.transactionHash === null) {
    return { view: { ...view, status: "success", transactionHash: null, transactionUrl: null, minted: [], checkedAt: null }, transaction: undefined };
  }
  const transaction = await getTransaction(writer, db, operation.transactionHash);
  return {
    view: {
      ...view,
      status: transaction.status,
      transactionHash: transaction.transactionHash,
      transactionUrl: transactionUrl(writer.runtime, operation.chainId, transaction.transactionHash),
      minted: operation.callIndex === null ? transaction.minted : transaction.minted.slice(operation.callIndex, operation.callIndex + 1),
      checkedAt: transaction.checkedAt,
    },
    transaction,
  };
}

/** What a write sent with `?wait=` adds to its answer. */
export type WriteOutcome = {
  status: OperationView["status"];
  blockNumber: string | null;
  finalized: boolean;
  minted: MintedToken[];
  tokenId?: string;
  tokenIds?: string[];
};

/**
 * The receipt pass records what the chain did (every second by default), so looking at the record more often than
 * this would mostly find the same row; it is read from the database, never from the chain, so waiting writes cost the
 * RPC nothing.
 */
const WAIT_LOOK_MS = 100;

/**
 * Waits, at most the runtime's writeWaitMs, until the operation's transaction is mined (`mined`) or its block is final
 * (`final`), and answers what is known then: a pending status past the bound, the transaction going on regardless.
 */
export async function awaitOperation(writer: ChainWriter, db: StoreDb, projectId: string, operationId: string, until: "mined" | "final"): Promise<WriteOutcome> {
  const deadline = Date.now() + writer.runtime.writeWaitMs;
  for (;;) {
    const { view, transaction } = await loadOperation(writer, db, projectId, operationId);
    const finalized = transaction === undefined || transaction.finalized;
    const reached = until === "mined" ? view.status !== "pending" : view.status !== "pending" && finalized;
    const left = deadline - Date.now();
    if (reached || left <= 0) {
      const tokenIds = view.minted.flatMap((token) => (token.tokenId === null ? [] : [token.tokenId]));
      return {
        status: view.status,
        blockNumber: transaction?.blockNumber ?? null,
        finalized: view.status !== "pending" && finalized,
        minted: view.minted,
        ...(tokenIds.length === 1 ? { tokenId: tokenIds[0] } : {}),
        ...(tokenIds.length > 0 ? { tokenIds } : {}),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_LOOK_MS, left)));
  }
}

/** A write's answer, with its outcome added when the request asked to wait (`?wait=`). */
export async function withWriteOutcome<Answer extends { operationId: string }>(
  writer: ChainWriter,
  db: StoreDb,
  projectId: string,
  wait: "mined" | "final" | undefined,
  answer: Answer,
): Promise<Answer & Partial<WriteOutcome>> {
  if (wait === undefined) return answer;
  return { ...answer, ...(await awaitOperation(writer, db, projectId, answer.operationId, wait)) };
}
