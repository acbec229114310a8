import type { Hex } from "viem";
import type { MintedToken } from "../../chain/transactions/mintedTokens.js";
import { NotFoundError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectOperation } from "../../store/operations.js";
import { type ChainWriter, transactionUrl } from "./chainWriter.js";
import { getTransaction } from "./transactions.js";

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
  const operation = await findProjectOperation(db, projectId, operationId);
  if (operation === undefined) throw new NotFoundError(`No operation ${operationId} belongs to this project.`);
  const view = { operationId: operation.id, chainId: operation.chainId, purpose: operation.purpose, createdAt: operation.createdAt.toISOString() };
  if (operation.transactionHash === null) return { ...view, status: "success", transactionHash: null, transactionUrl: null, minted: [], checkedAt: null };
  const transaction = await getTransaction(writer, db, operation.transactionHash);
  return {
    ...view,
    status: transaction.status,
    transactionHash: transaction.transactionHash,
    transactionUrl: transactionUrl(writer.runtime, operation.chainId, transaction.transactionHash),
    minted: operation.callIndex === null ? transaction.minted : transaction.minted.slice(operation.callIndex, operation.callIndex + 1),
    checkedAt: transaction.checkedAt,
  };
}
