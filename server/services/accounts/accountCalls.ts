import { and, asc, desc, eq, getTableColumns, inArray, min, sql } from "drizzle-orm";
import { type Address, getAddress, type Hex } from "viem";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { formatAmount } from "../../schemas/amounts.js";
import { listRelayedBatches, type RelayedBatch } from "../../store/accountTransactions.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireChain } from "../chains/chains.js";
import { transactionUrl } from "../transactions/chainWriter.js";
import type { IndexDb } from "../collections/collections.js";
import type { Page } from "../tokens/owners.js";

export type AccountTransaction = {
  timestamp: number;
  status: "pending" | "success" | "failure";
  transactionHash: Hex;
  transactionUrl: string;
  /** The fee in the chain's native unit (gasUsed × effectiveGasPrice, decimals applied); null while pending. */
  gasSpent: string | null;
  calls: { toAddress: Address; value: string; data: Hex }[];
};

/**
 * The call batches of an ERC-6551 account: those the service relayed and that are still pending come first, newest
 * first; then mined ones, newest first by (block, transaction index). Successful batches come from the indexed
 * `Executed` logs; reverted ones emit no logs, so those, and successful ones the indexer has not reached yet, come
 * from the service's own transaction records.
 */
export async function listAccountTransactions(
  deps: { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig },
  query: { chainId: number; accountAddress: Address; page: number; pageSize: number },
): Promise<Page<AccountTransaction>> {
  requireChain(deps.runtime, query.chainId);
  const account = query.accountAddress.toLowerCase() as Address;
  // Each source's first `wanted` items hold every item of the merged list's first `wanted`.
  const wanted = (query.page + 1) * query.pageSize + 1;
  const [indexed, relayed] = await Promise.all([
    indexedBatches(deps, query.chainId, account, { limit: wanted }),
    listRelayedBatches(deps.store, query.chainId, account, wanted),
  ]);
  const minedRelayed = relayed.filter((batch) => batch.status === "success").map((batch) => batch.hash);
  const alreadyIndexed = new Set([
    ...indexed.map((entry) => entry.item.transactionHash),
    ...(minedRelayed.length === 0 ? [] : await indexedBatches(deps, query.chainId, account, { hashes: minedRelayed })).map((entry) => entry.item.transactionHash),
  ]);
  const sender = new Map(relayed.map((batch) => [batch.hash, { signer: batch.signer, nonce: batch.nonce }]));
  const fromRecords = relayed
    .filter((batch) => !alreadyIndexed.has(batch.hash))
    .map((batch) => ({ blockNumber: batch.blockNumber, firstLogIndex: null, item: relayedTransaction(deps.runtime, query.chainId, batch) }));
  const pending = fromRecords.filter((entry) => entry.item.status === "pending");
  const mined = newestFirst([...indexed, ...fromRecords.filter((entry) => entry.item.status !== "pending")], (hash) => sender.get(hash));
  const all = [...pending, ...mined].map((entry) => entry.item);
  const start = query.page * query.pageSize;
  return { items: all.slice(start, start + query.pageSize), nextPage: all.length > start + query.pageSize ? query.page + 1 : null };
}

/** A batch with where it sits on chain: its block, and for an indexed one the block-wide index of its first log. */
type Entry = { blockNumber: bigint | null; firstLogIndex: number | null; item: AccountTransaction };
type Sender = { signer: string; nonce: number };

/**
 * Mined batches, newest first by (block, transaction index). Log indexes run through a block in transaction order,
 * so indexed batches are ordered by their first log. A batch known only from the service's records (reverted, or
 * not indexed yet) has no log: it goes just above the newest batch its signer sent earlier in the block (a signer's
 * transactions are mined in nonce order), else just below the oldest one it sent later, else on top of the block.
 */
function newestFirst(entries: Entry[], senderOf: (hash: Hex) => Sender | undefined): Entry[] {
  const blocks = new Map<bigint, Entry[]>();
  for (const entry of entries) {
    const block = entry.blockNumber ?? 0n;
    blocks.set(block, [...(blocks.get(block) ?? []), entry]);
  }
  return [...blocks.keys()]
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
    .flatMap((block) => {
      const inBlock = blocks.get(block)!;
      const ordered = inBlock.filter((entry) => entry.firstLogIndex !== null).sort((a, b) => b.firstLogIndex! - a.firstLogIndex!);
      const unlogged = inBlock
        .filter((entry) => entry.firstLogIndex === null)
        .map((entry) => ({ entry, sender: senderOf(entry.item.transactionHash)! }))
        .sort((a, b) => b.sender.nonce - a.sender.nonce);
      for (const { entry, sender } of unlogged) {
        const sameSigner = (other: Entry) => senderOf(other.item.transactionHash)?.signer === sender.signer;
        const earlier = ordered.findIndex((other) => sameSigner(other) && senderOf(other.item.transactionHash)!.nonce < sender.nonce);
        const later = ordered.findLastIndex((other) => sameSigner(other));
        ordered.splice(earlier !== -1 ? earlier : later + 1, 0, entry);
      }
      return ordered;
    });
}

/** Indexed batches of the account: the newest `limit`, or those with the given hashes. */
async function indexedBatches(
  deps: { indexDb: IndexDb; runtime: RuntimeConfig },
  chainId: number,
  account: Address,
  select: { limit: number } | { hashes: Hex[] },
): Promise<Entry[]> {
  const { indexDb, runtime } = deps;
  const { accountTransaction, accountCall } = schema;
  const scope = and(eq(accountTransaction.chainId, chainId), eq(accountTransaction.account, account));
  const firstLogIndex = indexDb
    .select({ logIndex: min(accountCall.logIndex) })
    .from(accountCall)
    .where(
      and(
        eq(accountCall.chainId, accountTransaction.chainId),
        eq(accountCall.account, accountTransaction.account),
        eq(accountCall.transactionHash, accountTransaction.transactionHash),
      ),
    );
  const columns = { ...getTableColumns(accountTransaction), firstLogIndex: sql<number>`(${firstLogIndex})`.mapWith(Number) };
  const rows =
    "limit" in select
      ? await indexDb
          .select(columns)
          .from(accountTransaction)
          .where(scope)
          .orderBy(desc(accountTransaction.blockNumber), desc(columns.firstLogIndex))
          .limit(select.limit)
      : await indexDb.select(columns).from(accountTransaction).where(and(scope, inArray(accountTransaction.transactionHash, select.hashes)));
  const calls =
    rows.length === 0
      ? []
      : await indexDb
          .select()
          .from(accountCall)
          .where(
            and(
              eq(accountCall.chainId, chainId),
              eq(accountCall.account, account),
              inArray(
                accountCall.transactionHash,
                rows.map((row) => row.transactionHash),
              ),
            ),
          )
          .orderBy(asc(accountCall.logIndex));
  return rows.map((row) => ({
    blockNumber: row.blockNumber,
    firstLogIndex: row.firstLogIndex,
    item: {
      timestamp: Number(row.timestamp),
      status: "success" as const,
      transactionHash: row.transactionHash,
      transactionUrl: transactionUrl(runtime, chainId, row.transactionHash),
      gasSpent: formatAmount(row.gasUsed * row.effectiveGasPrice, 18),
      calls: calls
        .filter((call) => call.transactionHash === row.transactionHash)
        .map((call) => ({ toAddress: getAddress(call.to), value: call.value.toString(), data: call.data })),
    },
  }));
}

/** A relayed batch as the service recorded it; its time is when it was sent, or when its receipt was seen. */
function relayedTransaction(runtime: RuntimeConfig, chainId: number, batch: RelayedBatch): AccountTransaction {
  const fee = batch.gasUsed !== null && batch.effectiveGasPrice !== null ? batch.gasUsed * batch.effectiveGasPrice : null;
  return {
    timestamp: Math.floor((batch.status === "pending" ? batch.createdAt : batch.updatedAt).getTime() / 1000),
    status: batch.status,
    transactionHash: batch.hash,
    transactionUrl: transactionUrl(runtime, chainId, batch.hash),
    gasSpent: batch.status === "pending" || fee === null ? null : formatAmount(fee, 18),
    calls: batch.calls.map((call) => ({ toAddress: getAddress(call.toAddress), value: call.value, data: call.data })),
  };
}
