import { isHex, numberToHex, type Address, type Hex } from "viem";
import { ChainRejectedError, ChainUnavailableError } from "../../errors.js";
import { decodeRevertReason } from "./revertReason.js";
import { RpcResponseError, type RpcClient } from "./rpc.js";

export type SimulateParameters = { from: Address; to: Address; data: Hex; value: bigint };

// JSON-RPC codes that say the node cannot serve the call at all, rather than that the call is wrong.
const NODE_UNAVAILABLE_CODES = new Set([-32601, -32603]);
// JSON-RPC codes a node answers for a method it does not serve.
const METHOD_MISSING_CODES = new Set([-32601, -32600, -32004]);

/**
 * Runs the call against the latest state as the signer that will send it (`eth_estimateGas`), before any nonce is
 * spent: a call that would revert throws ChainRejectedError with the decoded reason. Returns the gas estimate.
 */
export async function simulate(rpc: RpcClient, parameters: SimulateParameters): Promise<bigint> {
  try {
    const estimate = await rpc.call<Hex>("eth_estimateGas", [
      { from: parameters.from, to: parameters.to, data: parameters.data, value: numberToHex(parameters.value) },
    ]);
    return BigInt(estimate);
  } catch (error) {
    if (!(error instanceof RpcResponseError)) throw error;
    if (NODE_UNAVAILABLE_CODES.has(error.code)) {
      throw new ChainUnavailableError(`The chain's RPC could not simulate the transaction: ${error.message}`, { cause: error });
    }
    const data = revertData(error.data);
    // Without revert data, the node's message is the best reason there is: a revert without data, insufficient
    // funds, gas above the block limit are all the chain's answer.
    throw new ChainRejectedError(data === undefined ? error.nodeMessage : decodeRevertReason(data), { cause: error });
  }
}

/** Nodes put revert data in `error.data` as hex, or one level deeper (`error.data.data`). */
function revertData(data: unknown): Hex | undefined {
  if (typeof data === "string" && isHex(data) && data.length >= 10) return data;
  if (data !== null && typeof data === "object" && "data" in data) return revertData((data as { data: unknown }).data);
  return undefined;
}

type AccessListResult = { gasUsed?: Hex; error?: string };

/**
 * The gas a call uses, measured by one execution: `eth_createAccessList` reports `gasUsed`, where `eth_estimateGas`
 * searches for the least gas limit that works (about five executions: for a 39-mint multicall on anvil, 9.1 ms
 * against 2.3 ms, and the node's CPU is shared with the service). Raised by 64/63 for the gas a call keeps back from
 * the call it makes; the lane's margin covers deeper nesting. A call that reverts, and a node without the method,
 * go through simulate(): its estimate, or its revert reason, exactly as before.
 */
export function createGasMeter(rpc: RpcClient): (parameters: SimulateParameters) => Promise<bigint> {
  let accessListsServed = true;
  return async (parameters) => {
    if (!accessListsServed) return await simulate(rpc, parameters);
    let result: AccessListResult;
    try {
      result = await rpc.call<AccessListResult>("eth_createAccessList", [
        { from: parameters.from, to: parameters.to, data: parameters.data, value: numberToHex(parameters.value) },
        "latest",
      ]);
    } catch (error) {
      if (!(error instanceof RpcResponseError)) throw error;
      if (METHOD_MISSING_CODES.has(error.code)) accessListsServed = false;
      return await simulate(rpc, parameters);
    }
    if (result.error !== undefined || result.gasUsed === undefined) return await simulate(rpc, parameters);
    return (BigInt(result.gasUsed) * 64n) / 63n;
  };
}
