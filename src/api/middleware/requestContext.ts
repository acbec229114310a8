import crypto from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { Logger } from "../../logger.js";
import type { AppEnv } from "../context.js";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `X-Request-Id` when it is safe to echo, else a new one), returns it as a
 * header, and writes one access log line. Headers and bodies are never logged: they may carry tokens.
 */
export function requestContext(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const requestLogger = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", requestLogger);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    requestLogger.info("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
