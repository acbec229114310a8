import type { Address, Client, Hex } from "viem";

/** The parts of a transaction's gas that the arithmetic in bench/README.md counts. */
export type GasParts = {
  /** 21,000 and the calldata: what the transaction pays before any code runs. */
  intrinsic: number;
  sstore: number;
  sload: number;
  /** LOG0-LOG4: the events. */
  logs: number;
  /** EXTCODESIZE: asking whether a recipient has code, as a receiver check must. */
  codeSize: number;
  /** CALL, DELEGATECALL, STATICCALL themselves (account access and precompiles), not what runs inside. */
  calls: number;
  /** Every other opcode: dispatch, decoding, hashing keys, memory. */
  computation: number;
};

type Step = { op: string; gas: number; gasCost: number; depth: number };

const CALLS = new Set(["CALL", "DELEGATECALL", "STATICCALL", "CALLCODE"]);

/**
 * A call's gas by part, run on the latest state with the node's opcode tracer (debug_traceCall), as the same
 * transaction sent next would spend it. A call opcode's own cost is what the caller lost over it less what ran inside.
 */
export async function gasParts(client: Client, call: { from: Address; to: Address; data: Hex }): Promise<GasParts> {
  const trace = (await client.request({
    method: "debug_traceCall",
    params: [call, "latest", { disableStorage: true, disableMemory: true, disableStack: true }],
  } as never)) as { gas: number; structLogs?: Step[] };
  const steps = trace.structLogs ?? [];
  if (steps.length === 0) throw new Error(`the node traced no steps of the call to ${call.to}`);
  const parts: GasParts = { intrinsic: 0, sstore: 0, sload: 0, logs: 0, codeSize: 0, calls: 0, computation: 0 };
  /** Adds the steps from `start` at `depth` to the parts, returning the gas they used and where they end. */
  const walk = (start: number, depth: number): { used: number; end: number } => {
    let used = 0;
    let index = start;
    while (index < steps.length && steps[index]!.depth === depth) {
      const step = steps[index]!;
      let cost = step.gasCost;
      let next = index + 1;
      if (CALLS.has(step.op) && steps[next] !== undefined && steps[next]!.depth > depth) {
        const inner = walk(next, depth + 1);
        next = inner.end;
        const after = steps[next];
        cost = (after === undefined ? step.gas - step.gasCost : step.gas - after.gas) - inner.used;
        used += inner.used;
      }
      used += cost;
      if (step.op === "SSTORE") parts.sstore += cost;
      else if (step.op === "SLOAD") parts.sload += cost;
      else if (step.op.startsWith("LOG")) parts.logs += cost;
      else if (step.op === "EXTCODESIZE") parts.codeSize += cost;
      else if (CALLS.has(step.op)) parts.calls += cost;
      else parts.computation += cost;
      index = next;
    }
    return { used, end: index };
  };
  const executed = walk(0, steps[0]!.depth).used;
  parts.intrinsic = Number(trace.gas) - executed;
  return parts;
}

/** The parts divided by the number of mints the transaction carried. */
export function perMint(parts: GasParts, mints: number): GasParts {
  return Object.fromEntries(Object.entries(parts).map(([part, gas]) => [part, Math.round(gas / mints)])) as GasParts;
}
