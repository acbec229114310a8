import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  finishIdempotentRequest,
  requestFingerprint,
  validateIdempotencyKey,
} from "../../services/projects/idempotency.js";
import type { AppEnv } from "../context.js";

/**
 * Route middleware for writes, after the auth check (keys are per project): with an `Idempotency-Key` (or
 * `x-idempotency-key`) header, a repeated request gets the first response and does nothing again.
 */
export function idempotent() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("idempotency-key") ?? c.req.header("x-idempotency-key");
    if (header === undefined) return await next();
    const key = validateIdempotencyKey(header.trim());
    const db = c.get("store");
    const { projectId } = c.get("principal");
    const requestHash = requestFingerprint(c.req.method, c.req.path, await c.req.text());

    const outcome = await beginIdempotentRequest(db, { projectId, key, requestHash });
    c.set("idempotencyKey", key);
    if (outcome.kind === "replay") {
      c.header("Idempotent-Replayed", "true");
      return c.json(outcome.response.body as object, outcome.response.status as ContentfulStatusCode);
    }
    try {
      await next();
    } catch (error) {
      await abandonIdempotentRequest(db, projectId, key);
      throw error;
    }
    // Errors below were already turned into the envelope by the app's error handler: c.res holds what the client
    // gets, success or not, and that is what a repeat gets too.
    const body: unknown = await c.res.clone().json().catch(() => null);
    await finishIdempotentRequest(db, projectId, key, { status: c.res.status, body });
  });
}
