import type { RuntimeChain, RuntimeConfig } from "../config/runtime.js";
import { NotFoundError } from "../errors.js";

/** A request's chainId must name a configured chain (404 `CHAIN_NOT_CONFIGURED` otherwise). */
export function requireChain(runtime: RuntimeConfig, chainId: number): RuntimeChain {
  const chain = runtime.chains.find((candidate) => candidate.id === chainId);
  if (!chain) {
    const known = runtime.chains.map((candidate) => candidate.id).join(", ");
    throw new NotFoundError(`Chain ${chainId} is not configured; this service serves chain ids ${known}.`, "CHAIN_NOT_CONFIGURED");
  }
  return chain;
}
