import { encodeErrorResult, parseGwei, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { bumpFees } from "../../server/chain/transactions/fees.js";
import { decodeRevertReason } from "../../server/chain/transactions/revertReason.js";
import {
  InvalidTransitionError,
  finalized,
  included,
  recorded,
  reorged,
  replaced,
  resentAtFreshNonce,
  restored,
  restoredMined,
  superseded,
  type Attempt,
} from "../../server/chain/transactions/states.js";

const hash = (byte: string): Hex => `0x${byte.repeat(32)}`;
const attempt = (byte: string, maxFeePerGas: bigint, maxPriorityFeePerGas: bigint): Attempt => ({ hash: hash(byte), maxFeePerGas, maxPriorityFeePerGas });
const first = attempt("01", 100n, 10n);
const block7 = { blockNumber: 7n, blockHash: hash("b7") };
const mined = { ...block7, gasUsed: 21_000n, effectiveGasPrice: 50n };
const notFinal = { final: false };

describe("transaction states", () => {
  it("recorded: pending with its first attempt, never reorganised", () => {
    expect(recorded(first)).toEqual({ status: "pending", attempts: [first], reorgedFrom: null });
  });

  it("restored: a stored transaction needs at least one attempt, and keeps the block it was reorganised from", () => {
    expect(restored([first])).toEqual(recorded(first));
    expect(restored([first], block7)).toEqual({ status: "pending", attempts: [first], reorgedFrom: block7 });
    expect(() => restored([])).toThrow(InvalidTransitionError);
  });

  it("restoredMined: a watched transaction's mined attempt is one of its attempts", () => {
    const row = { status: "success" as const, attempts: [first], inclusion: { hash: first.hash, ...mined }, reorgedFrom: null, reason: null };
    expect(restoredMined(row)).toEqual({ status: "success", attempts: [first], inclusion: row.inclusion, final: false, reorgedFrom: null });
    expect(restoredMined({ ...row, status: "failure", reason: "reverted on chain" })).toMatchObject({ status: "failure", reason: "reverted on chain", final: false });
    expect(() => restoredMined({ ...row, inclusion: { ...row.inclusion, hash: hash("09") } })).toThrow(InvalidTransitionError);
  });

  it("replaced: a fee bump adds an attempt that pays more on both fields", () => {
    const bump = attempt("02", 120n, 12n);
    expect(replaced(recorded(first), bump)).toEqual({ status: "pending", attempts: [first, bump], reorgedFrom: null });
    expect(() => replaced(recorded(first), attempt("03", 120n, 10n))).toThrow(InvalidTransitionError);
    expect(() => replaced(recorded(first), attempt("03", 100n, 12n))).toThrow(InvalidTransitionError);
    expect(() => replaced(recorded(first), { ...first, maxFeePerGas: 200n, maxPriorityFeePerGas: 20n })).toThrow(InvalidTransitionError);
  });

  it("resentAtFreshNonce: the call signed at a fresh nonce is a new attempt, whatever it pays", () => {
    const resent = attempt("04", 50n, 5n);
    expect(resentAtFreshNonce(restored([first], block7), resent)).toEqual({ status: "pending", attempts: [first, resent], reorgedFrom: block7 });
    expect(() => resentAtFreshNonce(recorded(first), first)).toThrow(InvalidTransitionError);
  });

  it("included: a receipt of any attempt mines the transaction, success or failure, final when its block already is", () => {
    const pending = replaced(recorded(first), attempt("02", 120n, 12n));
    expect(included(pending, { hash: first.hash, status: "success", ...mined }, notFinal)).toEqual({
      status: "success",
      attempts: pending.attempts,
      inclusion: { hash: first.hash, ...mined },
      final: false,
      reorgedFrom: null,
    });
    expect(included(pending, { hash: hash("02"), status: "reverted", ...mined }, { final: true })).toMatchObject({
      status: "failure",
      inclusion: { hash: hash("02") },
      reason: "reverted on chain",
      final: true,
    });
    expect(() => included(pending, { hash: hash("09"), status: "success", ...mined }, notFinal)).toThrow(InvalidTransitionError);
    // Mined again after a reorganisation: the block it was in before stays known.
    expect(included(restored([first], block7), { hash: first.hash, status: "success", ...mined, blockNumber: 8n }, notFinal)).toMatchObject({
      status: "success",
      inclusion: { blockNumber: 8n },
      reorgedFrom: block7,
    });
  });

  it("superseded: a gap filler whose nonce a transaction we did not sign used is a final failure without inclusion", () => {
    expect(superseded(recorded(first))).toMatchObject({ status: "failure", inclusion: null, final: true });
  });

  it("finalized: a mined transaction whose block is final; only once", () => {
    const success = included(recorded(first), { hash: first.hash, status: "success", ...mined }, notFinal);
    const final = finalized(success as never);
    expect(final).toEqual({ ...success, final: true });
    expect(() => finalized(final)).toThrow(InvalidTransitionError);
    const failure = included(recorded(first), { hash: first.hash, status: "reverted", ...mined }, notFinal);
    expect(finalized(failure as never)).toMatchObject({ status: "failure", final: true });
  });

  it("reorged: a mined transaction whose block was reorganised away is pending again, remembering that block", () => {
    const bump = attempt("02", 120n, 12n);
    const success = included(replaced(recorded(first), bump), { hash: bump.hash, status: "success", ...mined }, notFinal);
    expect(reorged(success as never)).toEqual({ status: "pending", attempts: [first, bump], reorgedFrom: block7 });
    const failure = included(recorded(first), { hash: first.hash, status: "reverted", ...mined }, notFinal);
    expect(reorged(failure as never)).toEqual({ status: "pending", attempts: [first], reorgedFrom: block7 });
    // A final transaction is past any reorganisation the chain's finality allows.
    expect(() => reorged(finalized(success as never))).toThrow(InvalidTransitionError);
  });

  it("a final transaction takes no further transition, even one built from untyped data", () => {
    const done = included(recorded(first), { hash: first.hash, status: "success", ...mined }, { final: true }) as never;
    expect(() => replaced(done, attempt("02", 200n, 20n))).toThrow(InvalidTransitionError);
    expect(() => included(done, { hash: first.hash, status: "success", ...mined }, notFinal)).toThrow(InvalidTransitionError);
    expect(() => superseded(done)).toThrow(InvalidTransitionError);
    expect(() => resentAtFreshNonce(done, attempt("02", 200n, 20n))).toThrow(InvalidTransitionError);
    expect(() => finalized(done)).toThrow(InvalidTransitionError);
    expect(() => reorged(done)).toThrow(InvalidTransitionError);
    // A failure without a block (a superseded filler) is not watched: nothing to finalise or reorganise.
    const filler = superseded(recorded(first)) as never;
    expect(() => reorged(filler)).toThrow(InvalidTransitionError);
    expect(() => finalized(filler)).toThrow(InvalidTransitionError);
  });
});

describe("fee bumps", () => {
  const options = { bumpPercent: 20, maxFeePerGasCap: parseGwei("100") };
  const previous = { maxFeePerGas: parseGwei("10"), maxPriorityFeePerGas: parseGwei("1") };

  it("pays the bump percentage more on both fields, or what the chain asks now when that is more", () => {
    expect(bumpFees(previous, { maxFeePerGas: parseGwei("5"), maxPriorityFeePerGas: parseGwei("1") }, options)).toEqual({
      maxFeePerGas: parseGwei("12"),
      maxPriorityFeePerGas: parseGwei("1.2"),
    });
    expect(bumpFees(previous, { maxFeePerGas: parseGwei("40"), maxPriorityFeePerGas: parseGwei("2") }, options)).toEqual({
      maxFeePerGas: parseGwei("40"),
      maxPriorityFeePerGas: parseGwei("2"),
    });
  });

  it("stops at the cap, and gives nothing once no valid replacement fits under it", () => {
    const now = { maxFeePerGas: parseGwei("500"), maxPriorityFeePerGas: parseGwei("1") };
    expect(bumpFees(previous, now, options)).toEqual({ maxFeePerGas: parseGwei("100"), maxPriorityFeePerGas: parseGwei("1.2") });
    expect(bumpFees({ maxFeePerGas: parseGwei("90"), maxPriorityFeePerGas: parseGwei("1") }, now, options)).toBeUndefined();
  });
});

describe("revert reasons", () => {
  it("names custom errors of our contracts with their arguments, and reads Error(string) and Panic", () => {
    const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const role = hash("9f");
    expect(decodeRevertReason(encodeErrorResult({ abi: tokenHubERC721Abi, errorName: "AccessControlUnauthorizedAccount", args: [account, role] }))).toBe(
      `AccessControlUnauthorizedAccount(${account}, ${role})`,
    );
    expect(decodeRevertReason(encodeErrorResult({ abi: tokenHubERC721Abi, errorName: "Soulbound" }))).toBe("Soulbound()");
    const errorString = encodeErrorResult({
      abi: [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }],
      errorName: "Error",
      args: ["not allowed"],
    });
    expect(decodeRevertReason(errorString)).toBe("not allowed");
    const panic = encodeErrorResult({
      abi: [{ type: "error", name: "Panic", inputs: [{ name: "code", type: "uint256" }] }],
      errorName: "Panic",
      args: [0x11n],
    });
    expect(decodeRevertReason(panic)).toBe("Panic(0x11: arithmetic underflow or overflow)");
    expect(decodeRevertReason("0xdeadbeef")).toBe("execution reverted with an unknown custom error 0xdeadbeef");
    expect(decodeRevertReason("0x")).toBe("execution reverted");
  });
});
