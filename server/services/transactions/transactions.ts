import type { Hex } from "viem";
import { type MintedToken, mintedFromLogs } from "../../chain/transactions/mintedTokens.js";
import type { TransactionRecord } from "../../chain/transactions/pipeline.js";
import { NotFoundError } from "../../errors.js";
import { formatAmount } from "../../schemas/amounts.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectCollection } from "../../store/projectCollections.js";
import { loadChainHead, recordReceipts, type RecordedChainHead } from "../../store/transactionChecks.js";
import { type ChainWriter, readReceipt } from "./chainWriter.js";

export type TransactionView = {
  chainId: number;
  transactionHash: Hex;
  status: "pending" | "success" | "failure";
  blockNumber: string | null;
  blockHash: Hex | null;
  /** Blocks on top of its block, that block included, up to the head the receipt pass last read; 0 while pending. */
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
  /** When the receipt pass last checked it (a final one: when it last read the head its confirmations count to). */
  checkedAt: string | null;
};

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
 * A transaction the service sent, found by the hash of any of its attempts, on any configured chain: as the receipt
 * pass last recorded it (its receipt, its block's standing, the chain's head), without asking the chain. Many clients
 * polling their mints' status must not spend the RPC's quota the pipeline needs (issue 26).
 */
export async function getTransaction(writer: ChainWriter, db: StoreDb, hash: Hex): Promise<TransactionView> {
  for (const chain of writer.runtime.chains) {
    const record = await writer.pipeline.get(chain.id, hash);
    if (!record) continue;
    const view: TransactionView = {
      chainId: chain.id,
      transactionHash: record.hash,
      status: record.status,
      blockNumber: record.blockNumber?.toString() ?? null,
      blockHash: record.blockHash,
      confirmations: 0,
      finalized: false,
      reorgedFrom: record.reorgedFrom && { blockNumber: record.reorgedFrom.blockNumber.toString(), blockHash: record.reorgedFrom.blockHash },
      gasUsed: record.gasUsed?.toString() ?? null,
      fee: record.gasUsed !== null && record.effectiveGasPrice !== null ? formatAmount(record.gasUsed * record.effectiveGasPrice, 18) : null,
      previousHashes: record.previousHashes,
      purpose: record.purpose,
      failureReason: record.failureReason,
      minted: [],
      checkedAt: record.checkedAt?.toISOString() ?? null,
    };
    if (record.status === "pending" || record.blockNumber === null) return view;
    const head = await loadChainHead(db.$client, chain.id);
    const finalized = record.final || (head !== undefined && record.blockNumber <= head.finalBlock);
    return {
      ...view,
      confirmations: confirmationsUpTo(head, record.blockNumber),
      finalized,
      minted: await withHumanAmounts(db, chain.id, await mintedOf(writer, db, record)),
      checkedAt: checkedAtOf(record, finalized, head),
    };
  }
  throw new NotFoundError(`No transaction ${hash} was sent by this service.`);
}

/**
 * Blocks from the transaction's up to the head the receipt pass last read. Its own block always counts: the pass reads
 * the head before the receipts, and a receipt may come from a block mined in between.
 */
function confirmationsUpTo(head: RecordedChainHead | undefined, blockNumber: bigint): number {
  return head === undefined || head.blockNumber < blockNumber ? 1 : Number(head.blockNumber - blockNumber + 1n);
}

/** A final transaction is no longer checked; its confirmations are counted to the head the receipt pass last read. */
function checkedAtOf(record: TransactionRecord, finalized: boolean, head: RecordedChainHead | undefined): string | null {
  const checked = finalized && head !== undefined ? head.checkedAt : record.checkedAt;
  return checked?.toISOString() ?? null;
}

/**
 * What the transaction minted, as the receipt pass recorded it. A transaction mined before that record existed
 * (migration 0151) has none: its receipt is read once, and what it minted recorded for the next read.
 */
async function mintedOf(writer: ChainWriter, db: StoreDb, record: TransactionRecord): Promise<MintedToken[]> {
  if (record.minted !== null || record.status !== "success") return record.minted ?? [];
  const minted = mintedFromLogs((await readReceipt(writer, record.chainId, record.hash)).logs);
  await recordReceipts(db.$client, [{ id: record.id, minted }]);
  return minted;
}
