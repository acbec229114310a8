import type { Hex } from "viem";
import { ChainUnavailableError } from "../../errors.js";
import type { RpcClient } from "./rpc.js";

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export type FeeOracle = {
  /** Fees for a transaction sent now, at most `cacheMs` old, never above the cap. */
  current(): Promise<Fees>;
};

/**
 * EIP-1559 fees from the chain: maxFeePerGas = 2 × the next block's base fee + the priority fee, which stays valid
 * through six full blocks of base-fee growth. The next block's base fee is the last entry of `eth_feeHistory` (it
 * reflects `anvil_setNextBlockBaseFeePerGas` too). Concurrent callers share one request; answers are cached briefly
 * so a burst of sends costs one fee lookup.
 */
export function createFeeOracle(rpc: RpcClient, options: { cacheMs: number; maxFeePerGasCap: bigint }): FeeOracle {
  let cached: { fees: Fees; at: number } | undefined;
  let inFlight: Promise<Fees> | undefined;

  const fetchFees = async (): Promise<Fees> => {
    const [history, tip] = await rpc.batch([
      { method: "eth_feeHistory", params: ["0x4", "latest", [50]] },
      { method: "eth_maxPriorityFeePerGas", params: [] },
    ]);
    if (!history?.ok) {
      throw new ChainUnavailableError(`The chain's RPC gave no fee history: ${history?.ok === false ? history.error.message : "no answer"}`);
    }
    const { baseFeePerGas, reward } = history.result as { baseFeePerGas?: Hex[]; reward?: Hex[][] };
    const nextBaseFee = BigInt(baseFeePerGas?.at(-1) ?? "0x0");
    const priority = tip?.ok ? BigInt(tip.result as Hex) : medianReward(reward);
    return capFees({ maxFeePerGas: 2n * nextBaseFee + priority, maxPriorityFeePerGas: priority }, options.maxFeePerGasCap);
  };

  return {
    async current() {
      if (cached && Date.now() - cached.at < options.cacheMs) return cached.fees;
      inFlight ??= fetchFees()
        .then((fees) => {
          cached = { fees, at: Date.now() };
          return fees;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
  };
}

/**
 * The fees of a replacement for `previous`: at least `bumpPercent` more on both fields (nodes refuse a replacement
 * that pays less than ~10 % more) and at least what the chain asks now. `undefined` when the cap leaves no room for
 * a valid replacement: the transaction then waits for the base fee to come down rather than fail.
 */
export function bumpFees(previous: Fees, now: Fees, options: { bumpPercent: number; maxFeePerGasCap: bigint }): Fees | undefined {
  const percent = BigInt(Math.ceil(options.bumpPercent));
  const raise = (value: bigint) => (value * (100n + percent) + 99n) / 100n;
  const priority = max(raise(previous.maxPriorityFeePerGas), now.maxPriorityFeePerGas);
  const wanted = max(raise(previous.maxFeePerGas), now.maxFeePerGas, priority);
  const bumped = capFees({ maxFeePerGas: wanted, maxPriorityFeePerGas: priority }, options.maxFeePerGasCap);
  const isReplacement =
    bumped.maxFeePerGas >= raise(previous.maxFeePerGas) && bumped.maxPriorityFeePerGas >= raise(previous.maxPriorityFeePerGas);
  return isReplacement ? bumped : undefined;
}

function capFees(fees: Fees, cap: bigint): Fees {
  const maxFeePerGas = fees.maxFeePerGas > cap ? cap : fees.maxFeePerGas;
  const maxPriorityFeePerGas = fees.maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : fees.maxPriorityFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

function medianReward(reward: Hex[][] | undefined): bigint {
  const values = (reward ?? []).map((row) => BigInt(row[0] ?? "0x0")).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return values[Math.floor(values.length / 2)] ?? 0n;
}

function max(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a > b ? a : b));
}
