/**
 * Whether a chain's RPC serves this process now, from what its calls met. A chain whose RPC has failed every call
 * for `graceMs` (retries included) is unavailable: the service answers for it 503 CHAIN_UNAVAILABLE with the last
 * failure, until a call succeeds again; the other chains serve meanwhile.
 */
export type RpcHealth = {
  succeeded(): void;
  failed(reason: string): void;
  /** Why the chain's RPC does not serve, or undefined while it does. */
  unavailable(): string | undefined;
};

/** Long enough for the retries of one call: a single refused call does not turn the chain away. */
const FAILING_FOR_MS = 10_000;

export function createRpcHealth(graceMs: number = FAILING_FOR_MS): RpcHealth {
  let failingSince: number | undefined;
  let lastFailure = "";
  return {
    succeeded() {
      failingSince = undefined;
    },
    failed(reason) {
      failingSince ??= Date.now();
      lastFailure = reason;
    },
    unavailable() {
      if (failingSince === undefined || Date.now() - failingSince < graceMs) return undefined;
      return `its RPC has failed every call for ${Math.round((Date.now() - failingSince) / 1000)} s (last: ${lastFailure})`;
    },
  };
}

/**
 * One health per chain in this process, shared by the pipeline's RPC client and the service's reads (created in
 * server/composeApi.ts) and read wherever a request names the chain (server/services/chains/chains.ts).
 */
const healthByChain = new Map<number, RpcHealth>();

export function rpcHealthOf(chainId: number): RpcHealth {
  let health = healthByChain.get(chainId);
  if (health === undefined) {
    health = createRpcHealth();
    healthByChain.set(chainId, health);
  }
  return health;
}
