import { parseGwei } from "viem";
import { ConfigError } from "../../errors.js";
import type { RpcRetryOptions } from "./rpcRetry.js";

export type PipelineOptions = {
  /** A pending attempt older than this is replaced by a fee bump of the same nonce. */
  resubmitAfterMs: number;
  /** An attempt younger than this is not looked for in the node's pool yet (it may still be on its way). */
  dropGraceMs: number;
  /** How much more a replacement pays on both fee fields; nodes refuse less than 10 %. */
  feeBumpPercent: number;
  /** No attempt pays more than this per gas (wei); reaching it delays a transaction, never fails it. */
  maxFeePerGasCap: bigint;
  /** Interval of the receipt loop. */
  receiptPollMs: number;
  /** Added to the simulated gas, because state may change between simulation and inclusion. */
  gasLimitMarginPercent: number;
  /** Most transactions signed, recorded and broadcast together, and most calls in one JSON-RPC batch. */
  maxBatchSize: number;
  /** Most joinable calls (mints) joined into one `multicall` transaction; 1 sends each on its own. */
  maxJoinedCalls: number;
  /**
   * A signer keeps up to this many blocks' worth of gas in flight (sent, not mined yet): enough that every block the
   * chain makes finds a full block's worth waiting, few enough that mints arriving meanwhile join into full transactions.
   */
  inFlightBlocks: number;
  /** Most transactions a signer keeps in flight, whatever their gas (nodes limit how many one sender may queue). */
  maxInFlight: number;
  /** First pause of a signer after the node refuses a send for its pool's limits; doubled while refusals go on. */
  poolBackoffMs: number;
  /** How long a fee estimate is reused. */
  feeCacheMs: number;
  /** Pending transactions the receipt loop looks at per chain and tick. */
  maxPendingPerTick: number;
  /** Mined transactions not final yet that the receipt loop checks per chain and tick, lowest block first. */
  maxWatchedPerTick: number;
  rpcTimeoutMs: number;
  rpcRetry: RpcRetryOptions;
};

export const DEFAULT_PIPELINE_OPTIONS: PipelineOptions = {
  resubmitAfterMs: 60_000,
  dropGraceMs: 10_000,
  feeBumpPercent: 20,
  maxFeePerGasCap: parseGwei("1000"),
  receiptPollMs: 1_000,
  gasLimitMarginPercent: 25,
  maxBatchSize: 128,
  maxJoinedCalls: 50,
  inFlightBlocks: 3,
  // Geth's default txpool takes 16 executable and 64 queued transactions per sender beyond the pending ones.
  maxInFlight: 48,
  poolBackoffMs: 500,
  feeCacheMs: 1_000,
  maxPendingPerTick: 5_000,
  maxWatchedPerTick: 10_000,
  rpcTimeoutMs: 10_000,
  rpcRetry: { count: 6, baseDelayMs: 100, maxDelayMs: 5_000 },
};

export function resolvePipelineOptions(
  overrides: Partial<Omit<PipelineOptions, "rpcRetry">> & { rpcRetry?: Partial<RpcRetryOptions> } = {},
): PipelineOptions {
  const options: PipelineOptions = {
    ...DEFAULT_PIPELINE_OPTIONS,
    ...overrides,
    rpcRetry: { ...DEFAULT_PIPELINE_OPTIONS.rpcRetry, ...overrides.rpcRetry },
  };
  if (options.feeBumpPercent < 10) {
    throw new ConfigError(`feeBumpPercent must be at least 10 (nodes refuse smaller replacements), got ${options.feeBumpPercent}`);
  }
  for (const key of ["resubmitAfterMs", "dropGraceMs", "receiptPollMs", "maxBatchSize", "maxJoinedCalls", "rpcTimeoutMs", "maxPendingPerTick", "maxWatchedPerTick", "inFlightBlocks", "maxInFlight", "poolBackoffMs"] as const) {
    if (!(options[key] > 0)) throw new ConfigError(`${key} must be positive, got ${options[key]}`);
  }
  if (options.maxFeePerGasCap <= 0n) throw new ConfigError("maxFeePerGasCap must be positive");
  return options;
}
