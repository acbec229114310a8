/**
 * A chain's JSON-RPC budget in one process: calls a second, each call of a batch counted (as the providers' compute
 * units count them). Every client of the chain in the process takes from the same budget before it sends, so that the
 * provider never sees more than the chain's `requestsPerSecond` share of this process and answers 429.
 */
export type RpcBudget = {
  /** Resolves once `calls` calls may be sent; callers are served in the order they asked. */
  take(calls: number): Promise<void>;
};

/** The budget of a chain without limits (the local anvil). */
export const UNLIMITED_BUDGET: RpcBudget = { take: () => Promise.resolve() };

/**
 * A token bucket refilled at `perSecond`, holding at most a fifth of a second's worth: a burst after a quiet spell
 * stays small, so any one-second window sees at most 1.2 × perSecond calls. A batch larger than the bucket waits for
 * a full bucket and leaves it owing the rest, which the calls after it wait out.
 */
export function createRpcBudget(perSecond: number): RpcBudget {
  const capacity = Math.max(1, perSecond / 5);
  let tokens = capacity;
  let refilledAt = performance.now();
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const now = performance.now();
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 1000) * perSecond);
    refilledAt = now;
  };

  const acquire = async (calls: number) => {
    const needed = Math.min(calls, capacity);
    for (refill(); tokens < needed; refill()) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((needed - tokens) / perSecond) * 1000)));
    }
    tokens -= calls;
  };

  return {
    take(calls) {
      const turn = queue.then(() => acquire(calls));
      queue = turn;
      return turn;
    },
  };
}

/**
 * The share of a chain's requestsPerSecond the indexer gets. It has a budget of its own (its transport is built from
 * ponder.config.ts, in the Ponder process, which may be another process than the API's); the service's pipeline and
 * reads, which answer clients, take the rest.
 */
export const INDEXER_SHARE = 0.4;

export function indexerRequestsPerSecond(requestsPerSecond: number): number {
  return requestsPerSecond * INDEXER_SHARE;
}

export function serviceRequestsPerSecond(requestsPerSecond: number): number {
  return requestsPerSecond * (1 - INDEXER_SHARE);
}
