import { type Address, getAddress, type Hex, parseEventLogs, TransactionReceiptNotFoundError, type TransactionReceipt, zeroAddress } from "viem";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../../abis/index.js";
import { confirmationsOf } from "../../chain/transactions/finality.js";
import type { TransactionRecord } from "../../chain/transactions/pipeline.js";
import { ChainUnavailableError, NotFoundError } from "../../errors.js";
import { formatAmount } from "../../schemas/amounts.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectCollection } from "../../store/projectCollections.js";
import type { ChainWriter } from "./chainWriter.js";

/** `amount` is human-readable (ERC-20 decimals applied where the token's decimals are known); `amountRaw` never is. */
export type MintedToken = { contractAddress: Address; recipientAddress: Address; tokenId: string | null; amount: string; amountRaw: string };

export type TransactionView = {
  chainId: number;
  transactionHash: Hex;
  status: "pending" | "success" | "failure";
  blockNumber: string | null;
  blockHash: Hex | null;
  /** Blocks on top of its block, that block included; 0 while pending. */
  confirmations: number;
  /** Its block is final by the chain's finality. */
  finalized: boolean;
  reorgedFrom: { blockNumber: string; blockHash: Hex } | null;
  gasUsed: string | null;
  /** gasUsed × effectiveGasPrice in the chain's native unit, decimals applied. */
  fee: string | null;
  previousHashes: Hex[];
  purpose: string;
  failureReason: string | null;
  minted: MintedToken[];
};

/** What one transaction minted, read from its receipt's logs: transfers from the zero address. */
export function mintedFromLogs(logs: Parameters<typeof parseEventLogs>[0]["logs"]): MintedToken[] {
  const minted: MintedToken[] = [];
  const erc721 = parseEventLogs({ abi: tokenHubERC721Abi, logs, eventName: "Transfer", strict: false });
  for (const log of erc721) {
    if (log.args.from !== zeroAddress || log.args.tokenId === undefined || log.topics.length !== 4) continue;
    minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to!, tokenId: log.args.tokenId.toString(), amount: "1", amountRaw: "1" });
  }
  const erc20 = parseEventLogs({ abi: tokenHubERC20Abi, logs, eventName: "Transfer", strict: false });
  for (const log of erc20) {
    if (log.args.from !== zeroAddress || log.topics.length !== 3 || log.args.value === undefined) continue;
    minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to!, tokenId: null, amount: log.args.value.toString(), amountRaw: log.args.value.toString() });
  }
  for (const log of parseEventLogs({ abi: tokenHubERC1155Abi, logs, eventName: ["TransferSingle", "TransferBatch"] })) {
    if (log.args.from !== zeroAddress) continue;
    if (log.eventName === "TransferSingle") {
      minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to, tokenId: log.args.id.toString(), amount: log.args.value.toString(), amountRaw: log.args.value.toString() });
    } else {
      log.args.ids.forEach((id, index) =>
        minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to, tokenId: id.toString(), amount: (log.args.values[index] ?? 0n).toString(), amountRaw: (log.args.values[index] ?? 0n).toString() }),
      );
    }
  }
  return minted;
}

/** ERC-20 amounts in the token's units, for the tokens this service manages (their decimals are recorded). */
async function withHumanAmounts(db: StoreDb, chainId: number, minted: MintedToken[]): Promise<MintedToken[]> {
  return await Promise.all(
    minted.map(async (token) => {
      if (token.tokenId !== null) return token;
      const decimals = (await findProjectCollection(db, chainId, token.contractAddress))?.decimals;
      return decimals === null || decimals === undefined ? token : { ...token, amount: formatAmount(BigInt(token.amountRaw), decimals) };
    }),
  );
}

/**
 * A transaction the service sent, found by the hash of any of its attempts, on any configured chain. A success whose
 * receipt the chain no longer has, or has in another block, was reorganised away since the receipt loop's last pass:
 * it is answered as the loop is about to record it, pending again with `reorgedFrom`.
 */
export async function getTransaction(writer: ChainWriter, db: StoreDb, hash: Hex): Promise<TransactionView> {
  for (const chain of writer.runtime.chains) {
    const record = await writer.pipeline.get(chain.id, hash);
    if (!record) continue;
    const reorgedFrom = record.reorgedFrom && { blockNumber: record.reorgedFrom.blockNumber.toString(), blockHash: record.reorgedFrom.blockHash };
    const pending: TransactionView = {
      chainId: chain.id,
      transactionHash: record.hash,
      status: "pending",
      blockNumber: null,
      blockHash: null,
      confirmations: 0,
      finalized: false,
      reorgedFrom,
      gasUsed: null,
      fee: null,
      previousHashes: record.previousHashes,
      purpose: record.purpose,
      failureReason: null,
      minted: [],
    };
    if (record.status === "pending") return pending;
    let minted: MintedToken[] = [];
    if (record.status === "success") {
      const receipt = await receiptOf(writer, chain.id, record);
      if (receipt === undefined) return { ...pending, reorgedFrom: { blockNumber: record.blockNumber!.toString(), blockHash: record.blockHash! } };
      minted = await withHumanAmounts(db, chain.id, mintedFromLogs(receipt.logs));
    }
    const { confirmations, finalized } = await finalityOf(writer, chain.id, record);
    const fee = record.gasUsed !== null && record.effectiveGasPrice !== null ? formatAmount(record.gasUsed * record.effectiveGasPrice, 18) : null;
    return {
      ...pending,
      status: record.status,
      blockNumber: record.blockNumber?.toString() ?? null,
      blockHash: record.blockHash,
      confirmations,
      finalized,
      gasUsed: record.gasUsed?.toString() ?? null,
      fee,
      failureReason: record.failureReason,
      minted,
    };
  }
  throw new NotFoundError(`No transaction ${hash} was sent by this service.`);
}

/**
 * The receipt of a mined transaction; undefined when the chain no longer holds it in the recorded block. A final
 * transaction's missing receipt goes back under watch (the chain lost a block the chain's finality trusted: a rollback
 * of the local chain), so that it is sent again rather than answered 503 forever. An RPC that cannot answer is a 503.
 */
async function receiptOf(writer: ChainWriter, chainId: number, record: TransactionRecord): Promise<TransactionReceipt | undefined> {
  // Transactions mined before blocks were recorded (block_hash null) were never watched: their receipt is all there is.
  const recorded = record.blockHash !== null;
  try {
    const receipt = await writer.publicClient(chainId).getTransactionReceipt({ hash: record.hash });
    if (!recorded || receipt.blockHash === record.blockHash) return receipt;
  } catch (error) {
    if (!(recorded && error instanceof TransactionReceiptNotFoundError)) {
      throw new ChainUnavailableError(`Chain ${chainId} did not return the receipt of ${record.hash}; try again shortly.`, { cause: error });
    }
  }
  await writer.pipeline.reopenLost(record);
  return undefined;
}

/** Confirmations and finality of a mined transaction, measured against the chain's head and final block now. */
async function finalityOf(writer: ChainWriter, chainId: number, record: TransactionRecord): Promise<{ confirmations: number; finalized: boolean }> {
  if (record.blockNumber === null) return { confirmations: 0, finalized: record.final };
  const view = await writer.pipeline.chainView(chainId);
  return { confirmations: confirmationsOf(record.blockNumber, view), finalized: record.final || record.blockNumber <= view.finalBlock };
}
