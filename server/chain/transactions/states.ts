import type { Hex } from "viem";
import type { Fees } from "./fees.js";

/** One signed version of a transaction: the first, a fee bump of the same nonce, or its call signed at a fresh nonce. */
export type Attempt = Fees & { hash: Hex };

/** A block by number and hash: the hash tells whether it is still the chain's block at that height. */
export type BlockRef = { blockNumber: bigint; blockHash: Hex };

/** What a receipt says about the attempt that was mined. */
export type Inclusion = BlockRef & { hash: Hex; gasUsed: bigint; effectiveGasPrice: bigint };

/**
 * The life of a transaction: recorded as `pending` with its first attempt, replaced by fee bumps while pending (or
 * signed again at a fresh nonce when another transaction used its nonce for good), and mined, by a receipt (`success`
 * or `failure`); a nonce gap filler whose nonce another transaction used ends without one. A mined transaction stays
 * watched until its block is final: if that block is reorganised away, it is pending again (`reorgedFrom` names the
 * block it was in, and stays once it is mined again). Only a final transaction takes no further transition; the
 * functions below check the state they are given.
 */
export type PendingTransaction = { status: "pending"; attempts: readonly Attempt[]; reorgedFrom: BlockRef | null };
export type SucceededTransaction = {
  status: "success";
  attempts: readonly Attempt[];
  inclusion: Inclusion;
  final: boolean;
  reorgedFrom: BlockRef | null;
};
export type FailedTransaction = {
  status: "failure";
  attempts: readonly Attempt[];
  inclusion: Inclusion | null;
  reason: string;
  final: boolean;
  reorgedFrom: BlockRef | null;
};
export type TransactionState = PendingTransaction | SucceededTransaction | FailedTransaction;
export type TransactionStatus = TransactionState["status"];
/** A transaction one of whose attempts is in a block. */
export type MinedTransaction = SucceededTransaction | (FailedTransaction & { inclusion: Inclusion });

/** A transition that the rules forbid: a bug in the caller, never a chain condition. */
export class InvalidTransitionError extends Error {
  override name = "InvalidTransitionError";
}

/** Signed and written to the outbox: pending with one attempt. */
export function recorded(first: Attempt): PendingTransaction {
  return { status: "pending", attempts: [first], reorgedFrom: null };
}

/** A pending transaction read back from the store, with the attempts it has so far. */
export function restored(attempts: readonly Attempt[], reorgedFrom: BlockRef | null = null): PendingTransaction {
  if (attempts.length === 0) throw new InvalidTransitionError("a transaction always has an attempt");
  return { status: "pending", attempts, reorgedFrom };
}

/** A mined transaction read back from the store while it is watched. */
export function restoredMined(
  row: { status: "success" | "failure"; attempts: readonly Attempt[]; inclusion: Inclusion; reorgedFrom: BlockRef | null; reason: string | null },
): MinedTransaction {
  if (!row.attempts.some((attempt) => attempt.hash === row.inclusion.hash)) {
    throw new InvalidTransitionError(`the mined attempt ${row.inclusion.hash} is not one of the transaction's attempts`);
  }
  const common = { attempts: row.attempts, inclusion: row.inclusion, final: false, reorgedFrom: row.reorgedFrom };
  return row.status === "success" ? { status: "success", ...common } : { status: "failure", ...common, reason: row.reason ?? "reverted on chain" };
}

/** A fee bump of the same nonce; nodes only take a replacement that pays more on both fee fields. */
export function replaced(state: PendingTransaction, next: Attempt): PendingTransaction {
  assertPending(state);
  const latest = latestAttempt(state);
  assertNew(state, next);
  if (next.maxFeePerGas <= latest.maxFeePerGas || next.maxPriorityFeePerGas <= latest.maxPriorityFeePerGas) {
    throw new InvalidTransitionError(`attempt ${next.hash} does not pay more than ${latest.hash}`);
  }
  return { ...state, attempts: [...state.attempts, next] };
}

/**
 * Its nonce was used, in a final block, by a transaction that is none of its attempts (after a reorganisation, or by
 * another holder of the key): none of its attempts can ever be mined, so its call is signed again at a fresh nonce.
 * Only then, never earlier: an attempt that could still be mined would make the call land twice.
 */
export function resentAtFreshNonce(state: PendingTransaction, next: Attempt): PendingTransaction {
  assertPending(state);
  assertNew(state, next);
  return { ...state, attempts: [...state.attempts, next] };
}

/** One of its attempts was mined: `success`, or `failure` when it reverted on chain; `final` when its block already is. */
export function included(
  state: PendingTransaction,
  receipt: Inclusion & { status: "success" | "reverted" },
  options: { final: boolean },
): SucceededTransaction | FailedTransaction {
  assertPending(state);
  if (!state.attempts.some((attempt) => attempt.hash === receipt.hash)) {
    throw new InvalidTransitionError(`receipt ${receipt.hash} belongs to none of the transaction's attempts`);
  }
  const { status, ...inclusion } = receipt;
  const common = { attempts: state.attempts, inclusion, final: options.final, reorgedFrom: state.reorgedFrom };
  return status === "success" ? { status: "success", ...common } : { status: "failure", ...common, reason: "reverted on chain" };
}

/**
 * Its nonce was used, in a final block, by a transaction we did not sign, and it carries no call to deliver (a nonce
 * gap filler, whose only purpose was to use the nonce): final without inclusion.
 */
export function superseded(state: PendingTransaction): FailedTransaction {
  assertPending(state);
  return {
    status: "failure",
    attempts: state.attempts,
    inclusion: null,
    reason: "its nonce was used by a transaction the service did not sign",
    final: true,
    reorgedFrom: state.reorgedFrom,
  };
}

/** Its block is final (the chain's `finalized` block, or deep enough): nothing can change it any more. */
export function finalized(state: MinedTransaction): MinedTransaction {
  assertWatched(state);
  return { ...state, final: true };
}

/** Its block is no longer the chain's block at that height: pending again, to be mined again with the same bytes. */
export function reorged(state: MinedTransaction): PendingTransaction {
  assertWatched(state);
  const { blockNumber, blockHash } = state.inclusion;
  return { status: "pending", attempts: state.attempts, reorgedFrom: { blockNumber, blockHash } };
}

export function latestAttempt(state: TransactionState): Attempt {
  const latest = state.attempts.at(-1);
  if (latest === undefined) throw new InvalidTransitionError("a transaction always has an attempt");
  return latest;
}

// The types already forbid most of these; the checks guard callers that built a state from untyped rows.
function assertPending(state: TransactionState): asserts state is PendingTransaction {
  if (state.status !== "pending") throw new InvalidTransitionError(`a ${state.status} transaction is not pending`);
}

function assertWatched(state: TransactionState): asserts state is MinedTransaction {
  if (state.status === "pending" || state.inclusion === null) throw new InvalidTransitionError(`a ${state.status} transaction without a block is not watched`);
  if (state.final) throw new InvalidTransitionError(`a final ${state.status} transaction cannot change state`);
}

function assertNew(state: PendingTransaction, next: Attempt): void {
  if (state.attempts.some((attempt) => attempt.hash === next.hash)) throw new InvalidTransitionError(`attempt ${next.hash} is already recorded`);
}
