import { getAddress, type Hex } from "viem";
import type { ReceiptLog, TransactionEvents } from "../../chain/transactions/pipeline.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { formatAmount } from "../../schemas/amounts.js";
import type {
  AccountCallConfirmedData,
  MetadataPropagatedData,
  MintConfirmedData,
  TransactionEventData,
  WebhookEventType,
} from "../../schemas/webhookEvents.js";
import { ACCOUNT_BATCH_PURPOSE } from "../../store/accountTransactions.js";
import type { Queryable } from "../../store/transactions.js";
import { insertWebhookEvents, type NewWebhookEvent } from "../../store/webhookOutbox.js";
import { loadTransactionsForEvents, type TransactionForEvents } from "../../store/webhookTransactions.js";
import { transactionUrl } from "../transactions/chainWriter.js";
import { type MintedToken, mintedFromLogs } from "../../chain/transactions/mintedTokens.js";
import { webhookEvent } from "./webhookEvent.js";

/** Purposes of the requests `mint.confirmed` tells of (server/services/tokens/mint.ts). */
const MINT_PURPOSES = new Set(["erc20.mint", "erc721.mint", "erc1155.mint", "erc1155.batchMint"]);
const METADATA_PURPOSE = "metadata.propagate";

/**
 * The transaction pipeline's listener that writes the webhooks' outbox (server/chain/transactions/events.ts): each
 * transaction's events, and those of the requests it carries (mint.confirmed per mint request, account.call.confirmed,
 * metadata.propagated), in the database transaction that records the change. All of one transaction's events share its
 * subject, so an endpoint receives them in order.
 */
export function createTransactionEvents(deps: { runtime: RuntimeConfig; retryForMs: number }): TransactionEvents {
  const store = (client: Queryable, events: NewWebhookEvent[]) => insertWebhookEvents(client, events, deps.retryForMs);
  const subject = (transactionId: string) => `transaction:${transactionId}`;
  const url = (chainId: number, hash: Hex) => transactionUrl(deps.runtime, chainId, hash);

  const transactionData = (transaction: TransactionForEvents): TransactionEventData => {
    const current = transaction.minedHash ?? transaction.hashes.at(-1)!;
    const fee = transaction.gasUsed !== null && transaction.effectiveGasPrice !== null ? formatAmount(transaction.gasUsed * transaction.effectiveGasPrice, 18) : null;
    return {
      chainId: transaction.chainId,
      transactionHash: current,
      transactionUrl: url(transaction.chainId, current),
      previousHashes: transaction.hashes.filter((hash) => hash !== current),
      status: transaction.status,
      purpose: transaction.purpose,
      signer: transaction.signer,
      nonce: transaction.nonce,
      blockNumber: transaction.blockNumber?.toString() ?? null,
      blockHash: transaction.blockHash,
      gasUsed: transaction.gasUsed?.toString() ?? null,
      fee,
      failureReason: transaction.failureReason,
      final: transaction.final,
      reorgedFrom: transaction.reorgedFrom && { blockNumber: transaction.reorgedFrom.blockNumber.toString(), blockHash: transaction.reorgedFrom.blockHash },
      operationIds: transaction.operations.map((operation) => operation.id),
    };
  };

  const transactionEvents = async (client: Queryable, type: WebhookEventType, ids: readonly string[], extra?: (id: string) => object) => {
    const transactions = await loadTransactionsForEvents(client, ids);
    await store(
      client,
      transactions.map((transaction) => webhookEvent(transaction.projectId, type, subject(transaction.id), { ...transactionData(transaction), ...extra?.(transaction.id) })),
    );
  };

  /** The events of the requests a mined transaction carries, after its own transaction.confirmed. */
  const requestEvents = (transaction: TransactionForEvents, logs: readonly ReceiptLog[]): NewWebhookEvent[] => {
    const hash = transaction.minedHash!;
    const status = transaction.status === "success" ? ("success" as const) : ("failure" as const);
    const outcome = {
      chainId: transaction.chainId,
      status,
      transactionHash: hash,
      transactionUrl: url(transaction.chainId, hash),
      blockNumber: transaction.blockNumber!.toString(),
      blockHash: transaction.blockHash!,
    };
    const event = (type: WebhookEventType, data: object) => webhookEvent(transaction.projectId, type, subject(transaction.id), data);
    if (MINT_PURPOSES.has(transaction.purpose)) {
      const minted = status === "success" ? humanAmounts(mintedFromLogs(logs), transaction) : [];
      return transaction.operations
        .filter((operation) => MINT_PURPOSES.has(operation.purpose))
        .map((operation) =>
          event("mint.confirmed", {
            operationId: operation.id,
            purpose: operation.purpose,
            contractAddress: transaction.to,
            ...outcome,
            minted: operation.callIndex === null ? minted : minted.slice(operation.callIndex, operation.callIndex + 1),
          } satisfies MintConfirmedData),
        );
    }
    const operationId = transaction.operations.find((operation) => operation.callIndex === null || operation.callIndex === 0)?.id ?? null;
    if (transaction.purpose === ACCOUNT_BATCH_PURPOSE) {
      const calls = (transaction.metadata.calls as AccountCallConfirmedData["calls"] | undefined) ?? [];
      return [
        event("account.call.confirmed", {
          operationId,
          ...outcome,
          accountAddress: getAddress(String(transaction.metadata.accountAddress)),
          calls,
          gasSpent: formatAmount(transaction.gasUsed! * transaction.effectiveGasPrice!, 18),
        } satisfies AccountCallConfirmedData),
      ];
    }
    if (transaction.purpose === METADATA_PURPOSE) {
      return [
        event("metadata.propagated", {
          operationId,
          ...outcome,
          contractAddress: transaction.to,
          tokenIds: (transaction.metadata.tokenIds as string[] | undefined) ?? [],
          collection: transaction.metadata.collection === true,
        } satisfies MetadataPropagatedData),
      ];
    }
    return [];
  };

  return {
    async recorded(client, recorded) {
      const events = recorded.flatMap(({ transaction, operations }) => {
        if (transaction.projectId === null) return [];
        const hash = transaction.attempt.hash;
        return [
          webhookEvent(transaction.projectId, "transaction.sent", subject(transaction.id), {
            chainId: transaction.chainId,
            transactionHash: hash,
            transactionUrl: url(transaction.chainId, hash),
            previousHashes: [],
            status: "pending",
            purpose: transaction.purpose,
            signer: transaction.signer,
            nonce: transaction.nonce,
            blockNumber: null,
            blockHash: null,
            gasUsed: null,
            fee: null,
            failureReason: null,
            final: false,
            reorgedFrom: null,
            operationIds: operations.filter((operation) => operation !== null),
          } satisfies TransactionEventData),
        ];
      });
      await store(client, events);
    },

    async mined(client, mined) {
      const logs = new Map(mined.map((entry) => [entry.id, entry.logs]));
      const transactions = await loadTransactionsForEvents(client, mined.map((entry) => entry.id));
      await store(
        client,
        transactions.flatMap((transaction) => [
          webhookEvent(transaction.projectId, "transaction.confirmed", subject(transaction.id), transactionData(transaction)),
          ...requestEvents(transaction, logs.get(transaction.id) ?? []),
        ]),
      );
    },

    finalized: (client, ids) => transactionEvents(client, "transaction.finalized", ids),
    reorged: (client, ids) => transactionEvents(client, "transaction.reorged", ids),
    async replaced(client, replaced) {
      const byId = new Map(replaced.map((entry) => [entry.id, entry]));
      await transactionEvents(client, "transaction.replaced", [...byId.keys()], (id) => ({
        replacement: { previousHash: byId.get(id)!.previousHash, reason: byId.get(id)!.reason },
      }));
    },
  };
}

/** ERC-20 amounts of the transaction's own collection in its units, when the service knows its decimals. */
function humanAmounts(minted: MintedToken[], transaction: TransactionForEvents): MintedToken[] {
  const { decimals } = transaction;
  if (decimals === null) return minted;
  return minted.map((token) => (token.tokenId === null && token.contractAddress === transaction.to ? { ...token, amount: formatAmount(BigInt(token.amountRaw), decimals) } : token));
}
