import type { Address, Hex, LocalAccount } from "viem";
import type pg from "pg";
import { ChainRejectedError, ChainUnavailableError, ConfigError } from "../../errors.js";
import type { Logger } from "../../logger.js";
import { createBlockGasLimitReader } from "./blockGasLimit.js";
import { createBroadcaster, type Broadcaster } from "./broadcaster.js";
import { createFeeOracle, type FeeOracle } from "./fees.js";
import { createChainViewReader, finalityRule, type ChainViewReader, type FinalitySetting } from "./finality.js";
import type { TransactionEvents } from "./events.js";
import type { LaneCall } from "./joinCalls.js";
import type { PipelineObserver } from "./observer.js";
import type { PipelineOptions } from "./options.js";
import { createRpcClient, type RpcClient } from "./rpc.js";
import { createSignerLane, type SignerLane } from "./signerLane.js";
import { createGasMeter, simulate } from "./simulate.js";

/**
 * A chain the pipeline sends on: its RPC endpoints (tried in turn on failure), its service signers, and when its
 * transactions are final (finality.ts: absent, the `finalized` tag where served, else 64 blocks; 0 on the local chain).
 */
export type PipelineChain = { id: number; rpcUrl: string[]; signers: LocalAccount[]; finality?: FinalitySetting; local?: boolean };

/** Everything the pipeline's parts share about one chain, created once at wiring time. */
export type ChainRuntime = {
  id: number;
  /** The embedded chain, which only the service mines. */
  local: boolean;
  rpc: RpcClient;
  fees: FeeOracle;
  broadcaster: Broadcaster;
  signers: readonly LocalAccount[];
  lanes: ReadonlyMap<Address, SignerLane>;
  logger: Logger;
  /** The head and the highest final block, as the chain's finality defines it. */
  chainView: ChainViewReader;
  observer: PipelineObserver;
  /** Told of every change of a transaction's state, in the database transaction that records it. */
  events: TransactionEvents;
  /** Signers take turns: each has its own nonce sequence, so they sign, record and broadcast side by side. */
  nextSigner(): LocalAccount;
  /**
   * Simulates the call as `from` and returns the gas limit to send it with: the estimate plus a margin, because state
   * may change before inclusion, but never more than a block holds. A call that would revert, or needs more gas than
   * a block holds, throws ChainRejectedError.
   */
  gasLimitFor(from: Address, call: Pick<LaneCall, "to" | "data" | "value">): Promise<bigint>;
};

export function createChainRuntime(
  chain: PipelineChain,
  deps: { pool: pg.Pool; logger: Logger; options: PipelineOptions; observer: PipelineObserver; events: TransactionEvents },
): ChainRuntime {
  const addresses = new Set(chain.signers.map((signer) => signer.address));
  if (addresses.size !== chain.signers.length) throw new ConfigError(`Chain ${chain.id} lists the same signer twice.`);
  const logger = deps.logger.child({ component: "transactions", chainId: chain.id });
  const { options } = deps;
  const rpc = createRpcClient({
    urls: chain.rpcUrl,
    timeoutMs: options.rpcTimeoutMs,
    retry: options.rpcRetry,
    maxBatchSize: options.maxBatchSize,
    logger,
    onTransportError: (kind) => deps.observer.rpcError(chain.id, kind),
  });
  const fees = createFeeOracle(rpc, { cacheMs: options.feeCacheMs, maxFeePerGasCap: options.maxFeePerGasCap });
  const broadcaster = createBroadcaster({ rpc, logger });
  const blockGasLimit = createBlockGasLimitReader(rpc);
  // A transaction whose gas limit exceeds the block's is refused by the node, or waits in its pool for ever.
  const gasLimitWithin = async (estimate: bigint): Promise<bigint> => {
    const blockGas = await blockGasLimit.read();
    if (estimate > blockGas) {
      throw new ChainRejectedError(`The call needs ${estimate} gas, more than a block of chain ${chain.id} holds (${blockGas}).`);
    }
    const withMargin = (estimate * BigInt(100 + options.gasLimitMarginPercent)) / 100n;
    return withMargin < blockGas ? withMargin : blockGas;
  };
  const gasLimitFor = async (from: Address, call: Pick<LaneCall, "to" | "data" | "value">) =>
    gasLimitWithin(await simulate(rpc, { from, to: call.to, data: call.data, value: call.value }));
  const measureGas = createGasMeter(rpc);
  const lanes = new Map(
    chain.signers.map((signer) => [
      signer.address,
      createSignerLane({
        pool: deps.pool,
        chainId: chain.id,
        signer,
        fees,
        broadcaster,
        maxBatchSize: options.maxBatchSize,
        maxJoinedCalls: options.maxJoinedCalls,
        inFlight: { blocks: options.inFlightBlocks, maxTransactions: options.maxInFlight },
        poolBackoffMs: options.poolBackoffMs,
        blockGasLimit: () => blockGasLimit.read(),
        nonces: async () => {
          const [mined, pending] = await rpc.batch(["latest", "pending"].map((tag) => ({ method: "eth_getTransactionCount", params: [signer.address, tag] })));
          if (!mined?.ok || !pending?.ok) throw new ChainUnavailableError(`Chain ${chain.id}'s RPC did not tell the nonces of ${signer.address}.`);
          return { mined: Number(mined.result as Hex), pending: Number(pending.result as Hex) };
        },
        // The lane simulates joinable calls (mints on the service's own collections), alone or joined.
        gasLimitFor: async (call: LaneCall) => gasLimitWithin(await measureGas({ from: signer.address, to: call.to, data: call.data, value: call.value })),
        events: deps.events,
        logger,
      }),
    ]),
  );
  let turn = 0;
  return {
    id: chain.id,
    local: chain.local ?? false,
    rpc,
    fees,
    broadcaster,
    signers: chain.signers,
    lanes,
    logger,
    chainView: createChainViewReader(rpc, finalityRule(chain), logger),
    observer: deps.observer,
    events: deps.events,
    nextSigner: () => chain.signers[turn++ % chain.signers.length]!,
    gasLimitFor,
  };
}
