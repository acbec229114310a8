import { encodeFunctionData, parseAbi } from "viem";
import type { PreparedTransaction } from "./signAndRecord.js";

/**
 * A call as it waits in a signer's lane: simulated already (its gas limit known), or, for a joinable call, not yet:
 * it is simulated together with the calls it joins (simulateUnits.ts).
 */
export type LaneCall = Omit<PreparedTransaction, "gasLimit"> & { gasLimit: bigint | null };

// Every tokenhub token contract inherits OpenZeppelin's Multicall: calls joined under it run as the signer itself.
const multicallAbi = parseAbi(["function multicall(bytes[] data) returns (bytes[] results)"]);

export type JoinLimits = {
  /** Most calls in one joined transaction; 1 sends every call on its own. */
  maxCalls: number;
  /** A joined transaction's gas limit stays under this, so it always fits in a block. */
  maxGas: bigint;
};

/** One transaction to sign: a call on its own, or several joined into `multicall(bytes[])`, with who asked for it. */
export type TransactionUnit<T, Call extends LaneCall = LaneCall> = { prepared: Call; members: T[] };

/**
 * Group commit for calls: joinable calls of one batch that go to the same contract, for the same project and
 * purpose, become one `multicall` transaction. Under load this turns N mints into one simulation, one nonce, one
 * signature, one broadcast and one block's worth of work for the node and the indexer, and saves N - 1 times the
 * 21,000 gas a transaction costs. A call whose gas is known counts towards maxGas; one not simulated yet counts
 * nothing here, and its unit is split later if its simulation exceeds maxGas. Every other call keeps its own
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
    const gas = prepared.gasLimit ?? 0n;
    const key = `${prepared.to}|${prepared.projectId ?? ""}|${prepared.purpose}`;
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
 * The transaction that carries `members`' calls: a lone call as it came, several as one `multicall` whose gas limit is
 * the sum of theirs (each estimate includes a transaction's base cost, which covers the multicall's own small
 * overhead), or null while any of them is not simulated.
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
      data: encodeFunctionData({ abi: multicallAbi, functionName: "multicall", args: [calls.map((call) => call.data)] }),
      value: 0n,
      gasLimit,
      purpose: first.purpose,
      projectId: first.projectId,
      joinable: false,
      // What each call was recorded with (its idempotency key, an ERC-721 mint's metadata), in call order.
      metadata: { joined: calls.map((call) => call.metadata) },
    },
  };
}
