import { encodeFunctionData, parseAbi } from "viem";
import type { PreparedTransaction } from "./signAndRecord.js";

// Every tokenhub token contract inherits OpenZeppelin's Multicall: calls joined under it run as the signer itself.
const multicallAbi = parseAbi(["function multicall(bytes[] data) returns (bytes[] results)"]);

export type JoinLimits = {
  /** Most calls in one joined transaction; 1 sends every call on its own. */
  maxCalls: number;
  /** A joined transaction's gas limit stays under this, so it always fits in a block. */
  maxGas: bigint;
};

/** One transaction to sign: a call on its own, or several joined into `multicall(bytes[])`, with who asked for it. */
export type TransactionUnit<T> = { prepared: PreparedTransaction; members: T[] };

/**
 * Group commit for calls: joinable calls of one batch that go to the same contract, for the same project and
 * purpose, become one `multicall` transaction. Under load this turns N mints into one nonce, one signature, one
 * broadcast and one block's worth of work for the node and the indexer, and saves N - 1 times the 21,000 gas a
 * transaction costs. Each call was simulated on its own before it got here, so the joined gas limit is the sum of
 * theirs (which also covers the multicall's own small overhead, since each estimate includes a transaction's base
 * cost). Every other call keeps its own transaction; the order of first appearance is kept.
 */
export function joinCalls<T>(items: readonly T[], preparedOf: (item: T) => PreparedTransaction, limits: JoinLimits): TransactionUnit<T>[] {
  type Open = { members: T[]; gas: bigint };
  const units: (Open | { single: T })[] = [];
  const open = new Map<string, Open>();
  for (const item of items) {
    const prepared = preparedOf(item);
    if (!prepared.joinable || prepared.value !== 0n || limits.maxCalls <= 1) {
      units.push({ single: item });
      continue;
    }
    const key = `${prepared.to}|${prepared.projectId ?? ""}|${prepared.purpose}`;
    const current = open.get(key);
    if (current !== undefined && current.members.length < limits.maxCalls && current.gas + prepared.gasLimit <= limits.maxGas) {
      current.members.push(item);
      current.gas += prepared.gasLimit;
      continue;
    }
    const started: Open = { members: [item], gas: prepared.gasLimit };
    open.set(key, started);
    units.push(started);
  }
  return units.map((unit) => {
    if ("single" in unit) return { prepared: preparedOf(unit.single), members: [unit.single] };
    if (unit.members.length === 1) return { prepared: preparedOf(unit.members[0]!), members: unit.members };
    return { prepared: joined(unit.members.map(preparedOf), unit.gas), members: unit.members };
  });
}

function joined(calls: PreparedTransaction[], gasLimit: bigint): PreparedTransaction {
  const first = calls[0]!;
  return {
    to: first.to,
    data: encodeFunctionData({ abi: multicallAbi, functionName: "multicall", args: [calls.map((call) => call.data)] }),
    value: 0n,
    gasLimit,
    purpose: first.purpose,
    projectId: first.projectId,
    joinable: false,
    // What each call was recorded with (its idempotency key, an ERC-721 mint's metadata), in call order.
    metadata: { joined: calls.map((call) => call.metadata) },
  };
}
