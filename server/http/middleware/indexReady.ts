import type { HonoRequest } from "hono";
import { createMiddleware } from "hono/factory";
import type { IndexReadiness } from "../../indexer/indexReadiness.js";
import type { AppEnv } from "../context.js";

/** Seconds a client is told to wait before asking again while the index backfills. */
const RETRY_AFTER_SECONDS = "5";

/**
 * Route middleware for everything answered from the index: 503 NOT_READY while a chain is still backfilling, or while
 * the chain the request names (`chainId`) is not indexed because its RPC did not answer. The chain is named in the
 * query, the path (public metadata) or a POST's body; a request that names none reads every chain.
 */
export function requireIndexReady() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const chainId = Number(c.req.query("chainId") ?? c.req.param("chainId") ?? (await chainIdOfBody(c.req)));
    try {
      await c.get("indexReadiness").assertReady(Number.isInteger(chainId) ? chainId : undefined);
    } catch (error) {
      c.header("Retry-After", RETRY_AFTER_SECONDS);
      throw error;
    }
    await next();
  });
}

/**
 * A read sent as a POST (holders) may name its chain in its JSON body. Read as text, which Hono keeps for the route
 * (which refuses a body that is not JSON itself).
 */
export async function chainIdOfBody(request: HonoRequest): Promise<unknown> {
  if (request.method !== "POST") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return undefined;
  }
  return typeof body === "object" && body !== null && "chainId" in body ? body.chainId : undefined;
}

export function provideIndexReadiness(readiness: IndexReadiness) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("indexReadiness", readiness);
    await next();
  });
}
