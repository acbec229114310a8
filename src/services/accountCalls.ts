import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type Address, getAddress, type Hex } from "viem";
import * as schema from "../../ponder.schema.js";
import type { RuntimeConfig } from "../config/runtime.js";
import { formatAmount } from "../schemas/amounts.js";
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
 * The call batches an ERC-6551 account executed, newest first, from its indexed `Executed` logs. Reverted batches
 * emit no logs, so only mined, successful ones are here; the service's own pending and failed account transactions
 * join this list with the accounts routes.
 */
export async function listAccountTransactions(
  indexDb: IndexDb,
  runtime: RuntimeConfig,
  query: { chainId: number; accountAddress: Address; page: number; pageSize: number },
): Promise<Page<AccountTransaction>> {
  requireChain(runtime, query.chainId);
  const account = query.accountAddress.toLowerCase() as Address;
  const { accountTransaction, accountCall } = schema;
  const rows = await indexDb
    .select()
    .from(accountTransaction)
    .where(and(eq(accountTransaction.chainId, query.chainId), eq(accountTransaction.account, account)))
    .orderBy(desc(accountTransaction.blockNumber), desc(accountTransaction.transactionHash))
    .limit(query.pageSize + 1)
    .offset(query.page * query.pageSize);
  const page = rows.slice(0, query.pageSize);
  const calls =
    page.length === 0
      ? []
      : await indexDb
          .select()
          .from(accountCall)
          .where(
            and(
              eq(accountCall.chainId, query.chainId),
              eq(accountCall.account, account),
              inArray(
                accountCall.transactionHash,
                page.map((row) => row.transactionHash),
              ),
            ),
          )
          .orderBy(asc(accountCall.logIndex));
  return {
    items: page.map((row) => ({
      timestamp: Number(row.timestamp),
      status: "success" as const,
      transactionHash: row.transactionHash,
      transactionUrl: transactionUrl(runtime, query.chainId, row.transactionHash),
      gasSpent: formatAmount(row.gasUsed * row.effectiveGasPrice, 18),
      calls: calls
        .filter((call) => call.transactionHash === row.transactionHash)
        .map((call) => ({ toAddress: getAddress(call.to), value: call.value.toString(), data: call.data })),
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
  };
}
