import { createPublicClient, http, type PublicClient } from "viem";
import type { RuntimeChain } from "../../config/runtime.js";
import { limitedTransport } from "./limitedTransport.js";
import { createRpcBudget, type RpcBudget, serviceRequestsPerSecond } from "./rpcBudget.js";
import { type RpcHealth, rpcHealthOf } from "./rpcHealth.js";

/** A chain's provider limits in the API process: one budget shared by the pipeline and the service's reads. */
export type ChainRpcLimits = { budget: RpcBudget; health: RpcHealth; batchSize: number };

export function serviceRpcLimits(chain: RuntimeChain): ChainRpcLimits | undefined {
  if (chain.rpcLimits === undefined) return undefined;
  return {
    budget: createRpcBudget(serviceRequestsPerSecond(chain.rpcLimits.requestsPerSecond)),
    health: rpcHealthOf(chain.id),
    batchSize: chain.rpcLimits.batchSize,
  };
}

/** How the service reads a chain (owners, code, heads): a request waits for a few tries, then answers 503. */
export function servicePublicClient(chain: RuntimeChain, limits: ChainRpcLimits | undefined): PublicClient {
  const transport = http(chain.rpcUrl[0], { retryCount: 3 });
  if (limits === undefined) return createPublicClient({ transport }) as PublicClient;
  return createPublicClient({ transport: limitedTransport(transport, { budget: limits.budget, health: limits.health, retries: 3, maxDelayMs: 2_000 }) }) as PublicClient;
}
