import { type Address, decodeFunctionData, encodeFunctionData, type Hex, parseAbi } from "viem";
import type { PreparedTransaction } from "./signAndRecord.js";

/**
 * A call as it waits in a signer's lane: simulated already (its gas limit known), or, for a joinable call, not yet:
 * it is simulated together with the calls it joins (simulateUnits.ts).
 */
export type LaneCall = Omit<PreparedTransaction, "gasLimit"> & { gasLimit: bigint | null };

/**
 * How a collection's single mints are folded into its batch mint entry point: `mintTo` calls, one token or amount
 * each, become one `mintToMany` (tokenhub's ERC-721 and ERC-20 from generation 2) or `mintBatch` (ERC-1155, every
 * generation). Cheaper per mint than `multicall`, which dispatches and delegatecalls each call again.
 */
export type BatchMint = "erc721.mintToMany" | "erc20.mintToMany" | "erc1155.mintBatch";

/** Whether a call may share a transaction with others to the same contract: not at all, through `multicall` (true), or folded into a batch mint. */
export type Joinable = boolean | BatchMint;

// Every tokenhub token contract inherits OpenZeppelin's Multicall: calls joined under it run as the signer itself.
const multicallAbi = parseAbi(["function multicall(bytes[] data) returns (bytes[] results)"]);
const mintAbi = parseAbi([
  "function mintTo(address to, uint256 quantityOrAmount)",
  "function mintTo(address to, uint256 id, uint256 amount)",
  "function mintToMany(address[] to)",
  "function mintToMany(address[] to, uint256[] amounts)",
  "function mintBatch(address[] to, uint256[] ids, uint256[] amounts)",
]);

export type JoinLimits = {
  /** Most calls in one joined transaction; 1 sends every call on its own. */
  maxCalls: number;
  /** A joined transaction's gas limit stays under this: a small share of a block, so blocks fill with little left over. */
  maxGas: bigint;
  /** What a call not simulated yet is expected to need, from calls like it simulated before; unknown counts nothing. */
  expectedGas?: (call: LaneCall) => bigint | undefined;
};

/** Calls with the same key may share a transaction. */
export function joinKey(call: LaneCall): string {
  return `${call.to}|${call.projectId ?? ""}|${call.purpose}|${call.joinable}`;
}

/** One transaction to sign: a call on its own, or several joined into one, with who asked for it. */
export type TransactionUnit<T, Call extends LaneCall = LaneCall> = { prepared: Call; members: T[] };

/**
 * Group commit for calls: joinable calls of one batch that go to the same contract, for the same project and
 * purpose, become one transaction (a batch mint, or `multicall`). Under load this turns N mints into one simulation, one nonce, one
 * signature, one broadcast and one block's worth of work for the node and the indexer, and saves N - 1 times the
 * 21,000 gas a transaction costs. A call whose gas is known counts towards maxGas; one not simulated yet counts what
 * calls like it needed (expectedGas), and its unit is split later if its simulation exceeds maxGas. Every other call keeps its own
 * transaction; the order of first appearance is kept.
 */
export function joinCalls<T>(items: readonly T[], preparedOf: (item: T) => LaneCall, limits: JoinLimits): TransactionUnit<T>[] {
  type Open = { members: T[]; gas: bigint };
  const units: (Open | { single: T })[] = [];
  const open = new Map<string, Open>();
  for (const item of items) {
    const prepared = preparedOf(item);
    if (!prepared.joinable || prepared.value !== 0n || limits.maxCalls <= 1) {
      units.push({ single: item });
      continue;
    }
    const gas = prepared.gasLimit ?? limits.expectedGas?.(prepared) ?? 0n;
    const key = joinKey(prepared);
    const current = open.get(key);
    if (current !== undefined && current.members.length < limits.maxCalls && current.gas + gas <= limits.maxGas) {
      current.members.push(item);
      current.gas += gas;
      continue;
    }
    const started: Open = { members: [item], gas };
    open.set(key, started);
    units.push(started);
  }
  return units.map((unit) => ("single" in unit ? { prepared: preparedOf(unit.single), members: [unit.single] } : joinUnit(unit.members, preparedOf)));
}

/**
 * The transaction that carries `members`' calls: a lone call as it came, several as one batch mint or `multicall`
 * whose gas limit is the sum of theirs (each estimate includes a transaction's base cost, which covers the joined
 * call's own small overhead), or null while any of them is not simulated. Call i mints the i-th token of the batch.
 */
export function joinUnit<T>(members: T[], preparedOf: (item: T) => LaneCall): TransactionUnit<T> {
  const calls = members.map(preparedOf);
  if (calls.length === 1) return { prepared: calls[0]!, members };
  const first = calls[0]!;
  const gasLimit = calls.some((call) => call.gasLimit === null) ? null : calls.reduce((sum, call) => sum + call.gasLimit!, 0n);
  return {
    members,
    prepared: {
      to: first.to,
      data: joinedData(first.joinable, calls.map((call) => call.data)),
      value: 0n,
      gasLimit,
      purpose: first.purpose,
      projectId: first.projectId,
      joinable: false,
      // What each call was recorded with (its idempotency key, an ERC-721 mint's metadata), in call order.
      metadata: { joined: calls.map((call) => call.metadata) },
      operations: calls.flatMap((call) => call.operations),
    },
  };
}

/** The calls as one batch mint when they are all its single mint, else as one `multicall`. */
function joinedData(joinable: Joinable, calls: Hex[]): Hex {
  const batch = typeof joinable === "string" ? batchMintData(joinable, calls) : undefined;
  return batch ?? encodeFunctionData({ abi: multicallAbi, functionName: "multicall", args: [calls] });
}

function batchMintData(batch: BatchMint, calls: Hex[]): Hex | undefined {
  const mints = calls.map(singleMint);
  if (mints.some((mint) => mint === undefined)) return undefined;
  const to = mints.map((mint) => mint!.to);
  const values = mints.map((mint) => mint!.values);
  if (batch === "erc1155.mintBatch") {
    if (values.some((pair) => pair.length !== 2)) return undefined;
    return encodeFunctionData({ abi: mintAbi, functionName: "mintBatch", args: [to, values.map(([id]) => id!), values.map(([, amount]) => amount!)] });
  }
  if (values.some((single) => single.length !== 1)) return undefined;
  if (batch === "erc20.mintToMany") return encodeFunctionData({ abi: mintAbi, functionName: "mintToMany", args: [to, values.map(([amount]) => amount!)] });
  // ERC-721's mintToMany mints one token per recipient.
  if (values.some(([quantity]) => quantity !== 1n)) return undefined;
  return encodeFunctionData({ abi: mintAbi, functionName: "mintToMany", args: [to] });
}

/** A `mintTo` call's recipient and the numbers after it (quantity or amount; ERC-1155: id and amount). */
function singleMint(data: Hex): { to: Address; values: bigint[] } | undefined {
  try {
    const decoded = decodeFunctionData({ abi: mintAbi, data });
    if (decoded.functionName !== "mintTo") return undefined;
    const [to, ...values] = decoded.args;
    return { to, values: [...values] };
  } catch {
    return undefined;
  }
}
