import http from "node:http";
import { NotFoundError } from "../errors.js";
import { type OperatorAnswer, operatorPathOf } from "../indexer/operatorRoutes.js";
import { OPERATOR_PATHS, type OperatorPath } from "../indexer/ponderInternals.js";
import { toErrorResponse } from "./errorResponse.js";

/**
 * The metrics port (TOKENHUB_METRICS_PORT): /metrics and /status without a token, for a scraper on a private network,
 * and nothing else. The API port then answers 404 for them (server/http/routes/operator.ts).
 */
export function startMetricsServer(options: { port: number; host: string; answers: Record<OperatorPath, () => Promise<OperatorAnswer>> }): http.Server {
  const refuse = (res: http.ServerResponse, error: unknown) => {
    const { status, body } = toErrorResponse(error, "metrics-port");
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const path = operatorPathOf(req);
    if (path === undefined) return refuse(res, new NotFoundError(`The metrics port serves ${OPERATOR_PATHS.join(" and ")} only.`));
    options.answers[path]().then(
      ({ contentType, body }) => {
        res.writeHead(200, { "content-type": contentType });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (error: unknown) => refuse(res, error),
    );
  });
  return server.listen(options.port, options.host);
}
