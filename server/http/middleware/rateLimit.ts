import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { RateLimitPolicy, RateLimitSettings } from "../../config/env.js";
import { RateLimitedError } from "../../errors.js";
import type { ApiTokenCache } from "../../services/projects/apiTokenCache.js";
import { authenticate } from "../../services/projects/apiTokens.js";
import type { RateLimitDecision, RateLimiter } from "../../services/projects/rateLimiter.js";
import type { StoreDb } from "../../store/database/db.js";
import type { AppEnv } from "../context.js";

type PolicyName = keyof RateLimitSettings;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whose bucket a request takes from: its token's, by class (uploads, other writes, reads), or, without a valid
 * token, its client address's. A request with a token that is not valid counts for its address, so a flood of
 * unknown tokens is limited too.
 */
type NodeEnv = AppEnv & { Bindings: { incoming: IncomingMessage } };

async function bucketOf(c: Context<NodeEnv>, deps: RateLimitDeps): Promise<{ key: string; name: PolicyName }> {
  const bearer = BEARER.exec(c.req.header("authorization") ?? "");
  const principal = bearer ? await authenticate(deps.store, bearer[1]!, { cache: deps.apiTokens }).catch(() => undefined) : undefined;
  c.set("bearer", principal);
  if (principal === undefined) return { key: `address:${c.env.incoming.socket.remoteAddress ?? "unknown"}`, name: "anonymous" };
  const name: PolicyName = deps.uploadPaths.test(c.req.path) ? "upload" : READ_METHODS.has(c.req.method) ? "read" : "write";
  return { key: `token:${principal.tokenId}:${name}`, name };
}

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy, and where this request left it. */
function setHeaders(c: Context, name: PolicyName, policy: RateLimitPolicy, decision: RateLimitDecision): void {
  c.header("RateLimit-Policy", `"${name}";q=${policy.burst};w=${Math.max(1, Math.ceil(policy.burst / policy.perSecond))}`);
  c.header("RateLimit", `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`);
}

export type RateLimitDeps = { limiter: RateLimiter; settings: RateLimitSettings; store: StoreDb; apiTokens: ApiTokenCache; uploadPaths: RegExp };

/** Every request takes a token from its bucket before anything else runs; an empty bucket is a 429 with Retry-After. */
export function rateLimit(deps: RateLimitDeps) {
  return createMiddleware<NodeEnv>(async (c, next) => {
    const { key, name } = await bucketOf(c, deps);
    const policy = deps.settings[name];
    if (policy.perSecond === 0) return await next();
    const decision = await deps.limiter.take(key, policy);
    setHeaders(c, name, policy, decision);
    if (!decision.allowed) {
      throw new RateLimitedError(`Too many requests: the ${name} limit is ${policy.perSecond} a second, bursts of ${policy.burst}; retry in ${decision.retryAfterSeconds} s.`, decision.retryAfterSeconds);
    }
    await next();
  });
}
