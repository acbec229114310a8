import type { Hex } from "viem";
import type { RpcClient } from "./rpc.js";

/** How long a block gas limit read is reused: chains change it rarely and by little (at most 1/1024 per block). */
const CACHE_MS = 30_000;

export type BlockGasLimitReader = {
  /** The gas limit of the chain's latest block: what one block holds. */
  read(): Promise<bigint>;
};

/** Reads the latest block's gas limit, at most once per CACHE_MS; concurrent readers share one request. */
export function createBlockGasLimitReader(rpc: RpcClient): BlockGasLimitReader {
  let cached: { gasLimit: bigint; at: number } | undefined;
  let reading: Promise<bigint> | undefined;
  return {
    read() {
      if (cached !== undefined && Date.now() - cached.at < CACHE_MS) return Promise.resolve(cached.gasLimit);
      reading ??= rpc
        .call<{ gasLimit: Hex }>("eth_getBlockByNumber", ["latest", false])
        .then((block) => {
          cached = { gasLimit: BigInt(block.gasLimit), at: Date.now() };
          return cached.gasLimit;
        })
        .finally(() => {
          reading = undefined;
        });
      return reading;
    },
  };
}
