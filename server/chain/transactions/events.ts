import type { Hex } from "viem";
import type { NewTransaction, Queryable } from "../../store/transactions.js";

/** A log of a receipt, as the JSON-RPC node gave it. */
export type ReceiptLog = { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex; transactionHash: Hex; blockNumber: Hex; blockHash: Hex };

/** Why a transaction got a new hash: a fee bump of its nonce, or its call signed again at a fresh nonce. */
export type ReplacementReason = "fee_bump" | "fresh_nonce";

/**
 * What the pipeline tells of each transaction's life, each change inside the database transaction that records it, on
 * that transaction's client: a listener (the webhooks' outbox, server/services/webhooks/transactionEvents.ts) writes its rows with
 * the change, so both are committed or neither. Only the transactions whose row really changed are named (another
 * replica may have recorded the same change first). A listener that throws rolls the change back; the pipeline then
 * tries it again on its next pass, as after any database error.
 */
export type TransactionEvents = {
  /** Signed and recorded, about to be broadcast; `operations` are its calls' write requests, in call order. */
  recorded(client: Queryable, recorded: readonly { transaction: NewTransaction; operations: readonly (string | null)[] }[]): Promise<void>;
  /** A receipt was recorded (`success` or `failure`; final at once on a chain whose finality is 0), with its logs. */
  mined(client: Queryable, mined: readonly { id: string; logs: readonly ReceiptLog[] }[]): Promise<void>;
  /** Their blocks became final. */
  finalized(client: Queryable, ids: readonly string[]): Promise<void>;
  /** Their blocks were reorganised away: pending again, broadcast again. */
  reorged(client: Queryable, ids: readonly string[]): Promise<void>;
  /** A new attempt, under a new hash, replaces the latest one. */
  replaced(client: Queryable, replaced: readonly { id: string; previousHash: Hex; hash: Hex; reason: ReplacementReason }[]): Promise<void>;
};

export const NO_EVENTS: TransactionEvents = {
  recorded: async () => undefined,
  mined: async () => undefined,
  finalized: async () => undefined,
  reorged: async () => undefined,
  replaced: async () => undefined,
};
