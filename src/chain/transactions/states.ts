import type { Hex } from "viem";
import type { Fees } from "./fees.js";

/** One signed version of a transaction: the first, or a fee bump of the same nonce. */
export type Attempt = Fees & { hash: Hex };

/** What a receipt says about the attempt that was mined. */
export type Inclusion = { hash: Hex; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint };

/**
 * The life of a transaction: recorded as `pending` with its first attempt, replaced by fee bumps while pending, and
 * ended once, by a receipt (`success` or `failure`) or by its nonce being used by a transaction we never signed.
 * Terminal states have no transitions: the functions below only accept a pending transaction.
 */
export type PendingTransaction = { status: "pending"; attempts: readonly Attempt[] };
export type SucceededTransaction = { status: "success"; attempts: readonly Attempt[]; inclusion: Inclusion };
export type FailedTransaction = {
  status: "failure";
  attempts: readonly Attempt[];
  inclusion: Inclusion | null;
  reason: string;
};
export type TransactionState = PendingTransaction | SucceededTransaction | FailedTransaction;
export type TransactionStatus = TransactionState["status"];

/** A transition that the rules forbid: a bug in the caller, never a chain condition. */
export class InvalidTransitionError extends Error {
  override name = "InvalidTransitionError";
}

/** Signed and written to the outbox: pending with one attempt. */
export function recorded(first: Attempt): PendingTransaction {
  return { status: "pending", attempts: [first] };
}

/** A pending transaction read back from the store, with the attempts it has so far. */
export function restored(attempts: readonly Attempt[]): PendingTransaction {
  if (attempts.length === 0) throw new InvalidTransitionError("a transaction always has an attempt");
  return { status: "pending", attempts };
}

/** A fee bump of the same nonce; nodes only take a replacement that pays more on both fee fields. */
export function replaced(state: PendingTransaction, next: Attempt): PendingTransaction {
  assertPending(state);
  const latest = latestAttempt(state);
  if (state.attempts.some((attempt) => attempt.hash === next.hash)) {
    throw new InvalidTransitionError(`attempt ${next.hash} is already recorded`);
  }
  if (next.maxFeePerGas <= latest.maxFeePerGas || next.maxPriorityFeePerGas <= latest.maxPriorityFeePerGas) {
    throw new InvalidTransitionError(`attempt ${next.hash} does not pay more than ${latest.hash}`);
  }
  return { status: "pending", attempts: [...state.attempts, next] };
}

/** One of its attempts was mined: `success`, or `failure` when it reverted on chain. */
export function included(
  state: PendingTransaction,
  receipt: Inclusion & { status: "success" | "reverted" },
): SucceededTransaction | FailedTransaction {
  assertPending(state);
  if (!state.attempts.some((attempt) => attempt.hash === receipt.hash)) {
    throw new InvalidTransitionError(`receipt ${receipt.hash} belongs to none of the transaction's attempts`);
  }
  const { status, ...inclusion } = receipt;
  return status === "success"
    ? { status: "success", attempts: state.attempts, inclusion }
    : { status: "failure", attempts: state.attempts, inclusion, reason: "reverted on chain" };
}

/** Its nonce was used on chain, but by none of its attempts: it can never be mined. */
export function superseded(state: PendingTransaction): FailedTransaction {
  assertPending(state);
  return {
    status: "failure",
    attempts: state.attempts,
    inclusion: null,
    reason: "its nonce was used by a transaction the service did not sign",
  };
}

export function latestAttempt(state: TransactionState): Attempt {
  const latest = state.attempts.at(-1);
  if (latest === undefined) throw new InvalidTransitionError("a transaction always has an attempt");
  return latest;
}

// The types already forbid it; this guards callers that built a state from untyped rows.
function assertPending(state: TransactionState): asserts state is PendingTransaction {
  if (state.status !== "pending") throw new InvalidTransitionError(`a ${state.status} transaction cannot change state`);
}
