import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type Address, getAddress, type Hex } from "viem";
import * as schema from "../../ponder.schema.js";
import type { RuntimeConfig } from "../config/runtime.js";
import { formatAmount } from "../schemas/amounts.js";
import { listRelayedBatches, type RelayedBatch } from "../store/accountTransactions.js";
import type { StoreDb } from "../store/db.js";
import { requireChain } from "./chains.js";
import { transactionUrl } from "./chainWriter.js";
import type { IndexDb } from "./collections.js";
import type { Page } from "./owners.js";

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
 * first; then mined ones, newest block first. Successful batches come from the indexed `Executed` logs; reverted
 * ones emit no logs, so those, and successful ones the indexer has not reached yet, come from the service's own
 * transaction records.
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
  const fromRecords = relayed
    .filter((batch) => !alreadyIndexed.has(batch.hash))
    .map((batch) => ({ blockNumber: batch.blockNumber, item: relayedTransaction(deps.runtime, query.chainId, batch) }));
  const pending = fromRecords.filter((entry) => entry.item.status === "pending");
  const mined = [...indexed, ...fromRecords.filter((entry) => entry.item.status !== "pending")].sort(
    (a, b) => Number((b.blockNumber ?? 0n) - (a.blockNumber ?? 0n)) || (a.item.transactionHash < b.item.transactionHash ? 1 : -1),
  );
  const all = [...pending, ...mined].map((entry) => entry.item);
  const start = query.page * query.pageSize;
  return { items: all.slice(start, start + query.pageSize), nextPage: all.length > start + query.pageSize ? query.page + 1 : null };
}

type Entry = { blockNumber: bigint | null; item: AccountTransaction };

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
  const rows =
    "limit" in select
      ? await indexDb
          .select()
          .from(accountTransaction)
          .where(scope)
          .orderBy(desc(accountTransaction.blockNumber), desc(accountTransaction.transactionHash))
          .limit(select.limit)
      : await indexDb.select().from(accountTransaction).where(and(scope, inArray(accountTransaction.transactionHash, select.hashes)));
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
