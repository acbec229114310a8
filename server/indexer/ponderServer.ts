import http from "node:http";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getPath } from "hono/utils/url";
import { NotFoundError, type TokenhubError } from "../errors.js";
import { toErrorResponse } from "../http/errorResponse.js";

/** Ponder's routes that tell about the process and its index: an operator's, not the public's. */
const OPERATOR_PATHS = new Set(["/metrics", "/status"]);

export type OperatorRoutes = {
  /** Refuses a request to /metrics or /status on the API port (throws the error to answer), or lets it through. */
  authorize(authorization: string | undefined): Promise<void>;
  /** When set, /metrics and /status are served on this server instead, without a token, and not on the API port. */
  metricsServer: http.Server | undefined;
};

function answer(res: ServerResponse, error: unknown): void {
  const { status, body } = toErrorResponse(error, "operator-route");
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The path as Ponder's Hono router matches it: percent-decoded, so `/%6Detrics` is `/metrics` here as there. */
function pathOf(req: IncomingMessage): string {
  return getPath({ url: `http://localhost${req.url ?? "/"}` } as Request);
}

/**
 * Ponder's server answers /metrics and /status with routes registered before the app's, so no middleware of the app
 * runs for them. What is left is the server itself: Ponder creates it with `http.createServer` after it has loaded
 * the app (src/api/index.ts), so the first server created with a request listener after that, Ponder's, gets the listener wrapped here. On the API
 * port those two paths then need an `admin` token, or are a 404 when a metrics port serves them.
 */
export function guardOperatorRoutes(options: OperatorRoutes): void {
  const createServer = http.createServer;
  const wrapped = (...args: unknown[]) => {
    const index = args.findIndex((arg) => typeof arg === "function");
    // Ponder probes its port with a server of no listener first; the server that answers requests comes with one.
    if (index === -1) return (createServer as (...params: unknown[]) => http.Server)(...args);
    http.createServer = createServer;
    const ponder = args[index] as RequestListener;
    const guarded: RequestListener = (req, res) => {
      if (!OPERATOR_PATHS.has(pathOf(req))) return ponder(req, res);
      if (options.metricsServer) return answer(res, new NotFoundError(`${pathOf(req)} is served on the metrics port (TOKENHUB_METRICS_PORT).`));
      options.authorize(req.headers.authorization).then(
        () => ponder(req, res),
        (error: TokenhubError) => answer(res, error),
      );
    };
    options.metricsServer?.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (OPERATOR_PATHS.has(pathOf(req))) return ponder(req, res);
      answer(res, new NotFoundError(`The metrics port serves ${[...OPERATOR_PATHS].join(" and ")} only.`));
    });
    args[index] = guarded;
    return (createServer as (...params: unknown[]) => http.Server)(...args);
  };
  http.createServer = wrapped as typeof http.createServer;
}
