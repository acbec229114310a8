import { decodeFunctionData, encodeFunctionData, parseAbi, type Address, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { joinCalls } from "../../server/chain/transactions/joinCalls.js";
import type { PreparedTransaction } from "../../server/chain/transactions/signAndRecord.js";

const multicallAbi = parseAbi(["function multicall(bytes[] data) returns (bytes[] results)"]);
const tokenAbi = parseAbi([
  "function mintTo(address to, uint256 quantityOrAmount)",
  "function mintTo(address to, uint256 id, uint256 amount)",
  "function mintToMany(address[] to)",
  "function mintToMany(address[] to, uint256[] amounts)",
  "function mintBatch(address[] to, uint256[] ids, uint256[] amounts)",
]);
const recipients = ["0x0000000000000000000000000000000000000001", "0x0000000000000000000000000000000000000002", "0x0000000000000000000000000000000000000003"] as const;
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
    operations: [`operation-${name}`],
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
    // Each call's operation, in call order: the i-th is recorded as call i of the transaction.
    expect(joined.operations).toEqual(["operation-a1", "operation-a2", "operation-a3"]);
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

  it("sizes calls not simulated yet by the gas calls like them needed, and counts nothing for a kind never simulated", () => {
    const calls = ["1", "2", "3", "4", "5"].map((name) => ({ ...call(name), gasLimit: null }));
    const expectedGas = (prepared: { purpose: string }) => (prepared.purpose === "erc721.mint" ? 400_000n : undefined);
    const joined = (limits: Parameters<typeof joinCalls>[2]) => joinCalls(calls, (item) => item, limits).map((unit) => unit.members.map((member) => member.name));
    expect(joined({ maxCalls: 10, maxGas: 1_000_000n, expectedGas })).toEqual([["1", "2"], ["3", "4"], ["5"]]);
    expect(joined({ maxCalls: 10, maxGas: 1_000_000n, expectedGas: () => undefined })).toEqual([["1", "2", "3", "4", "5"]]);
  });
});

describe("joinCalls into a batch mint", () => {
  const mintTo = (to: Address, ...values: bigint[]) =>
    values.length === 1
      ? encodeFunctionData({ abi: tokenAbi, functionName: "mintTo", args: [to, values[0]!] })
      : encodeFunctionData({ abi: tokenAbi, functionName: "mintTo", args: [to, values[0]!, values[1]!] });
  const joinedOf = (calls: ReturnType<typeof call>[]) => {
    const units = joinCalls(calls, (item) => item, limits);
    expect(units).toHaveLength(1);
    return units[0]!.prepared;
  };

  it("folds ERC-721 mintTo(to, 1) calls into mintToMany(to[]) in call order, keeping each call's metadata at its position", () => {
    const calls = recipients.map((to, index) => call(`m${index}`, { data: mintTo(to, 1n), joinable: "erc721.mintToMany", metadata: index === 1 ? { tokenMetadata: { name: "b" } } : {} }));
    const joined = joinedOf(calls);
    expect(decodeFunctionData({ abi: tokenAbi, data: joined.data })).toEqual({ functionName: "mintToMany", args: [recipients] });
    expect(joined).toMatchObject({ gasLimit: 300_000n, joinable: false, metadata: { joined: [{}, { tokenMetadata: { name: "b" } }, {}] } });
  });

  it("folds ERC-20 mintTo(to, amount) into mintToMany(to[], amounts[]) and ERC-1155 mintTo(to, id, amount) into mintBatch", () => {
    const erc20 = joinedOf(recipients.map((to, index) => call(`e${index}`, { data: mintTo(to, 10n ** BigInt(index)), joinable: "erc20.mintToMany" })));
    expect(decodeFunctionData({ abi: tokenAbi, data: erc20.data })).toEqual({ functionName: "mintToMany", args: [recipients, [1n, 10n, 100n]] });
    const erc1155 = joinedOf(recipients.map((to, index) => call(`i${index}`, { data: mintTo(to, BigInt(index + 7), 5n), joinable: "erc1155.mintBatch" })));
    expect(decodeFunctionData({ abi: tokenAbi, data: erc1155.data })).toEqual({ functionName: "mintBatch", args: [recipients, [7n, 8n, 9n], [5n, 5n, 5n]] });
  });

  it("falls back to multicall when a call is not the collection's single mint", () => {
    const twoTokens = [call("a", { data: mintTo(recipients[0], 1n), joinable: "erc721.mintToMany" }), call("b", { data: mintTo(recipients[1], 2n), joinable: "erc721.mintToMany" })];
    expect(decodeFunctionData({ abi: multicallAbi, data: joinedOf(twoTokens).data }).args[0]).toEqual(twoTokens.map((item) => item.data));
    const other = [call("c", { data: mintTo(recipients[0], 1n), joinable: "erc1155.mintBatch" }), call("d", { data: mintTo(recipients[1], 1n, 1n), joinable: "erc1155.mintBatch" })];
    expect(decodeFunctionData({ abi: multicallAbi, data: joinedOf(other).data }).functionName).toBe("multicall");
  });

  it("keeps apart calls to one contract that would be joined differently", () => {
    const calls = [call("batch", { joinable: "erc721.mintToMany" }), call("multicall", { joinable: true })];
    expect(names(joinCalls(calls, (item) => item, limits))).toEqual([["batch"], ["multicall"]]);
  });
});
