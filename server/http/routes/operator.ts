import crypto from "node:crypto";
import { Hono } from "hono";
import { NotFoundError } from "../../errors.js";
import { OPERATOR_ROUTE, operatorName, type OperatorAnswer } from "../../indexer/operatorRoutes.js";
import type { OperatorPath } from "../../indexer/ponderInternals.js";
import type { ApiTokenCache } from "../../services/projects/apiTokenCache.js";
import type { StoreDb } from "../../store/database/db.js";
import type { AppEnv } from "../context.js";
import { authorize } from "../middleware/auth.js";

export type OperatorRoutesDeps = {
  store: StoreDb;
  apiTokens: ApiTokenCache;
  /** What /metrics and /status answer. */
  answers: Record<OperatorPath, () => Promise<OperatorAnswer>>;
  /** Set when TOKENHUB_METRICS_PORT serves them: the API port then answers 404 for them. */
  metricsPort: boolean;
  /** The indexer's own credential for /metrics (its backfill progress), besides `admin` tokens. */
  operatorSecret: string | undefined;
};

/**
 * /metrics and /status, about the process and its index: an operator's, not the public's. Requests for them reach
 * Ponder's routes of those names otherwise; they are diverted here (server/indexer/operatorRoutes.ts), where they need
 * an `admin` token, or are a 404 when a metrics port serves them.
 */
export function operatorRoutes(deps: OperatorRoutesDeps) {
  const app = new Hono<AppEnv>();
  const secret = deps.operatorSecret === undefined ? undefined : Buffer.from(`Bearer ${deps.operatorSecret}`);
  const isIndexer = (header: string | undefined) => {
    if (secret === undefined || header === undefined) return false;
    const given = Buffer.from(header);
    return given.length === secret.length && crypto.timingSafeEqual(given, secret);
  };
  for (const [path, answer] of Object.entries(deps.answers) as [OperatorPath, () => Promise<OperatorAnswer>][]) {
    app.get(`${OPERATOR_ROUTE}/${operatorName(path)}`, async (c) => {
      const header = c.req.header("authorization");
      if (!isIndexer(header)) {
        if (deps.metricsPort) throw new NotFoundError(`${path} is served on the metrics port (TOKENHUB_METRICS_PORT).`);
        await authorize(deps.store, deps.apiTokens, header, "admin");
      }
      const { contentType, body } = await answer();
      return c.body(body, 200, { "content-type": contentType });
    });
  }
  return app;
}
