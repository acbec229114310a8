import { decodeFunctionData, parseAbi, type Address, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { joinCalls } from "../../src/chain/transactions/joinCalls.js";
import type { PreparedTransaction } from "../../src/chain/transactions/signAndRecord.js";

const multicallAbi = parseAbi(["function multicall(bytes[] data) returns (bytes[] results)"]);
const A = "0x00000000000000000000000000000000000000aA" as Address;
const B = "0x00000000000000000000000000000000000000bB" as Address;

function call(name: string, overrides: Partial<PreparedTransaction> = {}): PreparedTransaction & { name: string } {
  return {
    name,
    to: A,
    data: `0x${Buffer.from(name).toString("hex")}` as Hex,
    value: 0n,
    gasLimit: 100_000n,
    purpose: "erc721.mint",
    projectId: "p1",
    metadata: { idempotencyKey: name },
    joinable: true,
    ...overrides,
  };
}

const limits = { maxCalls: 3, maxGas: 1_000_000n };
const names = (units: ReturnType<typeof joinCalls<ReturnType<typeof call>>>) => units.map((unit) => unit.members.map((member) => member.name));

describe("joinCalls", () => {
  it("joins joinable calls to one contract, for one project and purpose, into one multicall with the summed gas", () => {
    const calls = [call("a1"), call("b1", { to: B }), call("a2"), call("a3")];
    const units = joinCalls(calls, (item) => item, limits);
    expect(names(units)).toEqual([["a1", "a2", "a3"], ["b1"]]);
    const joined = units[0]!.prepared;
    expect(decodeFunctionData({ abi: multicallAbi, data: joined.data }).args[0]).toEqual([calls[0]!.data, calls[2]!.data, calls[3]!.data]);
    expect(joined).toMatchObject({ to: A, value: 0n, gasLimit: 300_000n, purpose: "erc721.mint", projectId: "p1", joinable: false });
    expect(joined.metadata).toEqual({ joined: [{ idempotencyKey: "a1" }, { idempotencyKey: "a2" }, { idempotencyKey: "a3" }] });
    // A call left alone is sent as it came, not wrapped.
    expect(units[1]!.prepared).toBe(calls[1]);
  });

  it("keeps apart what must not share a transaction", () => {
    const calls = [
      call("plain"),
      call("other-project", { projectId: "p2" }),
      call("other-purpose", { purpose: "erc20.mint" }),
      call("not-joinable", { joinable: false }),
      call("with-value", { value: 1n }),
    ];
    expect(names(joinCalls(calls, (item) => item, limits))).toEqual([["plain"], ["other-project"], ["other-purpose"], ["not-joinable"], ["with-value"]]);
  });

  it("starts a new transaction at the call and gas limits, and joins nothing when at most one call is allowed", () => {
    const calls = ["1", "2", "3", "4", "5"].map((name) => call(name));
    expect(names(joinCalls(calls, (item) => item, limits))).toEqual([["1", "2", "3"], ["4", "5"]]);
    expect(names(joinCalls(calls, (item) => item, { maxCalls: 10, maxGas: 250_000n }))).toEqual([["1", "2"], ["3", "4"], ["5"]]);
    expect(names(joinCalls(calls, (item) => item, { maxCalls: 1, maxGas: 1_000_000n }))).toEqual([["1"], ["2"], ["3"], ["4"], ["5"]]);
  });
});
