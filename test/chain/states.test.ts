import { encodeErrorResult, parseGwei, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { bumpFees } from "../../src/chain/transactions/fees.js";
import { decodeRevertReason } from "../../src/chain/transactions/revertReason.js";
import {
  InvalidTransitionError,
  included,
  recorded,
  replaced,
  restored,
  superseded,
  type Attempt,
} from "../../src/chain/transactions/states.js";

const hash = (byte: string): Hex => `0x${byte.repeat(32)}`;
const attempt = (byte: string, maxFeePerGas: bigint, maxPriorityFeePerGas: bigint): Attempt => ({ hash: hash(byte), maxFeePerGas, maxPriorityFeePerGas });
const first = attempt("01", 100n, 10n);
const mined = { blockNumber: 7n, gasUsed: 21_000n, effectiveGasPrice: 50n };

describe("transaction states", () => {
  it("recorded: pending with its first attempt", () => {
    expect(recorded(first)).toEqual({ status: "pending", attempts: [first] });
  });

  it("restored: a stored transaction needs at least one attempt", () => {
    expect(restored([first])).toEqual(recorded(first));
    expect(() => restored([])).toThrow(InvalidTransitionError);
  });

  it("replaced: a fee bump adds an attempt that pays more on both fields", () => {
    const bump = attempt("02", 120n, 12n);
    expect(replaced(recorded(first), bump)).toEqual({ status: "pending", attempts: [first, bump] });
    expect(() => replaced(recorded(first), attempt("03", 120n, 10n))).toThrow(InvalidTransitionError);
    expect(() => replaced(recorded(first), attempt("03", 100n, 12n))).toThrow(InvalidTransitionError);
    expect(() => replaced(recorded(first), { ...first, maxFeePerGas: 200n, maxPriorityFeePerGas: 20n })).toThrow(InvalidTransitionError);
  });

  it("included: a receipt of any attempt ends the transaction, success or failure", () => {
    const pending = replaced(recorded(first), attempt("02", 120n, 12n));
    expect(included(pending, { hash: first.hash, status: "success", ...mined })).toEqual({
      status: "success",
      attempts: pending.attempts,
      inclusion: { hash: first.hash, ...mined },
    });
    expect(included(pending, { hash: hash("02"), status: "reverted", ...mined })).toMatchObject({
      status: "failure",
      inclusion: { hash: hash("02") },
      reason: "reverted on chain",
    });
    expect(() => included(pending, { hash: hash("09"), status: "success", ...mined })).toThrow(InvalidTransitionError);
  });

  it("superseded: a nonce used by a transaction we did not sign is a failure without inclusion", () => {
    expect(superseded(recorded(first))).toMatchObject({ status: "failure", inclusion: null });
  });

  it("a finished transaction takes no further transition, even one built from untyped data", () => {
    const done = included(recorded(first), { hash: first.hash, status: "success", ...mined }) as never;
    expect(() => replaced(done, attempt("02", 200n, 20n))).toThrow(InvalidTransitionError);
    expect(() => included(done, { hash: first.hash, status: "success", ...mined })).toThrow(InvalidTransitionError);
    expect(() => superseded(done)).toThrow(InvalidTransitionError);
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
