import type { RuntimeChain, RuntimeConfig } from "../../config/runtime.js";
import { rpcHealthOf } from "../../chain/rpc/rpcHealth.js";
import { ChainUnavailableError, NotFoundError } from "../../errors.js";

/**
 * A request's chainId must name a configured chain (404 `CHAIN_NOT_CONFIGURED` otherwise) that is up: a chain whose
 * RPC did not answer at start-up, or has failed every call for a while since (server/chain/rpc/rpcHealth.ts), is a 503
 * `CHAIN_UNAVAILABLE` with the reason until it answers again.
 */
export function requireChain(runtime: RuntimeConfig, chainId: number): RuntimeChain {
  const chain = runtime.chains.find((candidate) => candidate.id === chainId);
  if (!chain) {
    const known = runtime.chains.map((candidate) => candidate.id).join(", ");
    throw new NotFoundError(`Chain ${chainId} is not configured; this service serves chain ids ${known}.`, "CHAIN_NOT_CONFIGURED");
  }
  if (chain.unavailable !== undefined) throw unavailableChainError(chain);
  const failing = rpcHealthOf(chain.id).unavailable();
  if (failing !== undefined) throw unavailableChainError({ ...chain, unavailable: failing });
  return chain;
}

export function unavailableChainError(chain: RuntimeChain): ChainUnavailableError {
  return new ChainUnavailableError(
    `Chain ${chain.name} (${chain.id}) is unavailable: ${chain.unavailable}. The service keeps asking; it serves this chain again, without a restart, once its RPC answers.`,
    { retryAfterSeconds: 30 },
  );
}
