import type { Transport } from "viem";
import { errorWords, rangeRefusalOf, splitRange } from "./rangeErrors.js";
import { isRateLimited, isTransportFailure, retryAfterMsOf } from "./rpcErrorKinds.js";
import type { RpcBudget } from "./rpcBudget.js";
import type { RpcHealth } from "./rpcHealth.js";

export type TransportLimits = {
  budget: RpcBudget;
  /** Told of each call's outcome; absent where no request waits on the answer (the indexer). */
  health?: RpcHealth;
  /** Tries after the first for a refused call; Infinity for the indexer, which Ponder stops on its own tenth failure. */
  retries: number;
  maxDelayMs: number;
};

const BASE_DELAY_MS = 250;

/**
 * A viem transport in front of `inner` that keeps within a provider's limits: each call waits for the chain's
 * budget; a refused call (429, a rate-limit answer, no answer) is tried again within the budget with backoff; an
 * eth_getLogs whose range the provider refuses (rangeErrors.ts) is asked again in pieces it accepts. Used by the
 * indexer (ponder.config.ts) and the service's reads (server/composeApi.ts).
 */
export function limitedTransport(inner: Transport, limits: TransportLimits): Transport {
  return (params) => {
    const base = inner({ ...params, retryCount: 0 });
    type Args = Parameters<typeof base.request>[0];

    const send = async (args: Args): Promise<unknown> => {
      for (let tryIndex = 0; ; tryIndex++) {
        await limits.budget.take(1);
        try {
          const result = await base.request(args);
          limits.health?.succeeded();
          return result;
        } catch (error) {
          if (args.method === "eth_getLogs") {
            const pieces = smallerRanges(args, error);
            if (pieces !== undefined) return (await Promise.all(pieces.map(send))).flat();
          }
          const refused = isRateLimited(error) || isTransportFailure(error);
          // A node's own error (a revert, invalid parameters) is an answer: the RPC serves.
          if (refused) limits.health?.failed(errorWords(error).slice(0, 200));
          else limits.health?.succeeded();
          if (!refused || tryIndex >= limits.retries) throw error;
          const exponential = Math.min(limits.maxDelayMs, BASE_DELAY_MS * 2 ** Math.min(tryIndex, 16));
          const delayMs = Math.min(limits.maxDelayMs, Math.max(exponential / 2 + Math.random() * (exponential / 2), retryAfterMsOf(error) ?? 0));
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        }
      }
    };

    return { ...base, config: { ...base.config, retryCount: 0 }, request: send as typeof base.request };
  };
}

function smallerRanges(args: { method: string; params?: unknown }, error: unknown) {
  const refusal = rangeRefusalOf(error);
  if (refusal === undefined) return undefined;
  const [filter] = (args.params ?? []) as [{ fromBlock?: unknown; toBlock?: unknown } | undefined];
  if (filter === undefined) return undefined;
  const ranges = splitRange(filter.fromBlock, filter.toBlock, refusal);
  return ranges?.map((range) => ({ ...args, params: [{ ...filter, ...range }] }));
}
