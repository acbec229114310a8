import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, Server } from "node:http";
import { Hono } from "hono";
import { getPath } from "hono/utils/url";
import type pg from "pg";
import { OPERATOR_PATHS, type OperatorPath, ponderMetrics } from "./ponderInternals.js";
import { indexStatus } from "./store/indexReads.js";

/**
 * Ponder's routes about the process and its index (/metrics, /status) are registered before the app's, so no
 * middleware of the app runs for them, and Ponder has no option to guard or move them. Node publishes each request a
 * server receives on the diagnostics channel `http.server.request.start` before the server hands it to its listener
 * (Ponder's Hono app, through @hono/node-server): there, a request that Ponder's router would answer with one of those
 * routes gets another path, OPERATOR_ROUTE/<name>, which the app answers (server/http/routes/operator.ts) behind its
 * token guard, or refuses when a metrics port serves them. Whether Ponder would answer a path is decided as Ponder
 * decides it: the request's URL as @hono/node-server builds it, the path as Hono reads it (percent-decoded, dot
 * segments resolved), matched by a Hono router holding the same routes.
 */

/** Where the app answers what Ponder's operator routes would have: `${OPERATOR_ROUTE}/metrics`, `${OPERATOR_ROUTE}/status`. */
export const OPERATOR_ROUTE = "/_tokenhub/operator";

/** The request start channel of node:http servers (Node's documented built-in channel). */
const REQUEST_START = "http.server.request.start";

/** One router per path, as Ponder registers them (`new Hono().get(path)`): which of them, if any, answers a path. */
const probes = OPERATOR_PATHS.map((path) => ({ path, router: new Hono().get(path, () => new Response()).router }));

/** The request's URL as @hono/node-server makes it for the app (undefined where it refuses the request). */
function requestUrl(req: IncomingMessage): string | undefined {
  const raw = req.url ?? "";
  try {
    if (raw[0] !== "/" && (raw.startsWith("http://") || raw.startsWith("https://"))) return new URL(raw).href;
    return new URL(`http://${req.headers.host ?? "localhost"}${raw}`).href;
  } catch {
    return undefined;
  }
}

/** The operator route Ponder's router would answer a request with, if any. */
export function operatorPathOf(req: IncomingMessage): OperatorPath | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = requestUrl(req);
  if (url === undefined) return undefined;
  const path = getPath({ url } as Request);
  return probes.find((probe) => probe.router.match("GET", path)[0].length > 0)?.path;
}

/** The name of an operator path (`metrics`, `status`), as it follows OPERATOR_ROUTE. */
export function operatorName(path: OperatorPath): string {
  return path.slice(1);
}

/**
 * From now on, every request to Ponder's operator routes on a server of this process but `except` goes to
 * OPERATOR_ROUTE instead. Returns the function that stops it.
 */
export function divertOperatorRoutes(options: { except: readonly Server[] }): () => void {
  const divert = (message: unknown) => {
    const { request, server } = message as { request: IncomingMessage; server: Server };
    if (options.except.includes(server)) return;
    const path = operatorPathOf(request);
    if (path !== undefined) request.url = `${OPERATOR_ROUTE}/${operatorName(path)}`;
  };
  diagnosticsChannel.subscribe(REQUEST_START, divert);
  return () => diagnosticsChannel.unsubscribe(REQUEST_START, divert);
}

export type OperatorAnswer = { contentType: string; body: string };

/**
 * What Ponder's operator routes answer: its metrics (its registry, with tokenhub's series in it), and each chain's
 * indexed block (`{ <chain name>: { id, block: { number, timestamp } } }`, from the build the process serves).
 */
export function createOperatorAnswers(deps: { pool: pg.Pool; indexSchema: string }): Record<OperatorPath, () => Promise<OperatorAnswer>> {
  return {
    "/metrics": async () => {
      const metrics = ponderMetrics();
      if (metrics === undefined) throw new Error("Ponder's metrics are not where server/indexer/README.md says Ponder keeps them");
      return { contentType: "text/plain; charset=UTF-8", body: await metrics.getMetrics() };
    },
    "/status": async () => ({ contentType: "application/json", body: JSON.stringify(await indexStatus(deps.pool, deps.indexSchema)) }),
  };
}
