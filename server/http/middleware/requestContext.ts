import crypto from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ShuttingDownError } from "../../errors.js";
import { OPERATOR_ROUTE } from "../../indexer/operatorRoutes.js";
import type { Logger } from "../../logger.js";
import type { Metrics } from "../../services/observability/metrics.js";
import type { AppEnv } from "../context.js";
import type { ApiLifecycle } from "../shutdown.js";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Headers set before the handler answers go into the answer as it is built. A response that already exists when the
 * handler's is set, or a header set after it, makes Hono rebuild the answer through a web stream (three undici
 * Responses and a ReadableStream per request: about a tenth of the process's CPU under load). Ponder's CORS
 * middleware, which runs before ours, creates such a placeholder response to put its header on; its headers are
 * carried over as prepared headers instead.
 */
function startWithoutResponse(c: Context<AppEnv>): void {
  const carried = [...c.res.headers];
  c.res = undefined;
  // Setting c.res marks the context finalized, which would make Hono ignore the handler's answer.
  c.finalized = false;
  for (const [name, value] of carried) c.header(name, value);
}

/** The route a request matched, as it was declared (bounded, unlike paths): the last handler's, else the last middleware's. */
function routeOf(c: Context<AppEnv>): string {
  const routes = c.req.matchedRoutes.filter((route) => route.path !== "*" && route.path !== "/*" && route.path !== "/api/*");
  return (routes.findLast((route) => route.method !== "ALL") ?? routes.at(-1))?.path ?? "unmatched";
}

/**
 * Gives each request an id (the caller's `X-Request-Id` when it is safe to echo, else a new one), returns it as a
 * header, writes one access log line and counts the request in the per-route series. Headers and bodies are never
 * logged: they may carry tokens. It also counts the request in flight for the shutdown's drain, or refuses it when the
 * process is stopping (server/http/shutdown.ts).
 */
export function requestContext(logger: Logger, lifecycle: ApiLifecycle, metrics: Metrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const requestLogger = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", requestLogger);
    startWithoutResponse(c);
    c.header("X-Request-Id", requestId);
    if (!lifecycle.admit(c.req.method, c.req.path)) throw new ShuttingDownError();
    const started = performance.now();
    try {
      await next();
    } finally {
      lifecycle.release();
    }
    const milliseconds = performance.now() - started;
    const route = routeOf(c);
    metrics.httpRequests.inc({ method: c.req.method, route, status: c.res.status });
    metrics.httpSeconds.observe({ method: c.req.method, route }, milliseconds / 1000);
    // /metrics and /status (Ponder's, answered here) are polled: by the indexer for its progress report, by Prometheus
    // every few seconds; a line each would bury the requests an operator reads the log for.
    const level = c.req.path.startsWith(OPERATOR_ROUTE) ? "debug" : "info";
    requestLogger[level]("request", { method: c.req.method, path: c.req.path, status: c.res.status, durationMs: Math.round(milliseconds * 10) / 10 });
  });
}
