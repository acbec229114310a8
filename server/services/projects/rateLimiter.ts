import type pg from "pg";
import type { RateLimitPolicy } from "../../config/env.js";
import type { Logger } from "../../logger.js";
import { type BucketTake, takeBucketTokens } from "../../store/coordination/rateLimits.js";

/** A request's answer from its bucket, with what the RateLimit headers tell. */
export type RateLimitDecision = {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** For a refused request: seconds until one token is back. */
  retryAfterSeconds: number;
};

export type RateLimiter = { take(key: string, policy: RateLimitPolicy): Promise<RateLimitDecision> };

type Waiting = { policy: RateLimitPolicy; resolves: ((decision: RateLimitDecision) => void)[] };

function decide(policy: RateLimitPolicy, tokens: number, allowed: boolean): RateLimitDecision {
  return {
    allowed,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil(Math.max(0, policy.burst - tokens) / policy.perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / policy.perSecond)),
  };
}

/**
 * Token buckets kept in PostgreSQL (server/store/coordination/rateLimits.ts), so that every replica takes from the same ones and
 * N replicas enforce one limit together. Requests that arrive while a take is on its way wait for the next one,
 * which asks each bucket once for all of them: a burst of 200 requests on one token costs a few statements, not
 * 200 updates queued on one row. The first `granted` requests of a bucket pass, the rest are refused.
 *
 * When the database does not answer, requests pass (and a warning is logged): the limiter protects the service, it
 * must not be what takes it down.
 */
export function createRateLimiter(deps: { pool: pg.Pool; logger: Logger }): RateLimiter {
  let waiting = new Map<string, Waiting>();
  let taking = false;

  const takeWaiting = async () => {
    taking = true;
    const batch = waiting;
    waiting = new Map();
    const takes: BucketTake[] = [...batch].map(([key, entry]) => ({ key, requested: entry.resolves.length, burst: entry.policy.burst, perSecond: entry.policy.perSecond }));
    try {
      const grants = new Map((await takeBucketTokens(deps.pool, takes)).map((grant) => [grant.key, grant]));
      for (const [key, entry] of batch) {
        const grant = grants.get(key)!;
        entry.resolves.forEach((resolve, index) => {
          const allowed = index < grant.granted;
          // Each passing request is told what is left after it; the refused ones what is left after all of them.
          resolve(decide(entry.policy, allowed ? grant.tokens + (grant.granted - index - 1) : grant.tokens, allowed));
        });
      }
    } catch (error) {
      deps.logger.warn("rate limits unavailable; letting requests through", { error });
      for (const entry of batch.values()) for (const resolve of entry.resolves) resolve(decide(entry.policy, entry.policy.burst, true));
    } finally {
      taking = false;
      if (waiting.size > 0) void takeWaiting();
    }
  };

  return {
    take(key, policy) {
      return new Promise((resolve) => {
        const entry = waiting.get(key);
        if (entry) entry.resolves.push(resolve);
        else waiting.set(key, { policy, resolves: [resolve] });
        // The requests of this turn of the event loop go together.
        if (!taking && waiting.size === 1 && waiting.get(key)!.resolves.length === 1) setImmediate(() => void (taking ? undefined : takeWaiting()));
      });
    },
  };
}
