import type { IncomingMessage } from "node:http";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { RuntimeConfig } from "../config/runtime.js";
import type { ApiTokenCache } from "../services/projects/apiTokenCache.js";
import { MethodNotAllowedError, NotFoundError } from "../errors.js";
import type { Logger } from "../logger.js";
import type { CloudKeyCustody } from "../custody/cloudKeyCustody.js";
import type { KeyVault } from "../custody/keyVault.js";
import type { ChainWriter } from "../services/transactions/chainWriter.js";
import type { MediaStorage } from "../services/media/mediaStorage.js";
import type { IndexDb } from "../services/collections/collections.js";
import type { IndexFreshness } from "../services/chains/indexFreshness.js";
import type { IndexReadiness } from "../indexer/indexReadiness.js";
import type { Metrics } from "../services/observability/metrics.js";
import type { RateLimiter } from "../services/projects/rateLimiter.js";
import type { StoreDb } from "../store/database/db.js";
import { allowedMethodsOf } from "./allowedMethods.js";
import type { AppEnv } from "./context.js";
import type { ApiLifecycle } from "./shutdown.js";
import { toErrorResponse } from "./errorResponse.js";
import { provideStore } from "./middleware/auth.js";
import { combined } from "./middleware/combined.js";
import { provideIndexReadiness } from "./middleware/indexReady.js";
import { provideIndexFreshness } from "./middleware/readAfter.js";
import { rateLimit } from "./middleware/rateLimit.js";
import { requestContext } from "./middleware/requestContext.js";
import { drainUnreadBody, jsonWriteBodies } from "./middleware/requestBody.js";
import { accountActionsRoutes } from "./routes/accountActions.js";
import { apiReferenceRoutes } from "./routes/apiReference.js";
import { accountCallsRoutes } from "./routes/accountCalls.js";
import { chatUsersRoutes } from "./routes/chatUsers.js";
import { collectionsRoutes } from "./routes/collections.js";
import { erc1155Routes } from "./routes/erc1155.js";
import { erc20Routes } from "./routes/erc20.js";
import { erc6551Routes } from "./routes/erc6551.js";
import { erc721Routes } from "./routes/erc721.js";
import { holdersRoutes } from "./routes/holders.js";
import { transfersRoutes } from "./routes/transfers.js";
import { walletTokensRoutes } from "./routes/walletTokens.js";
import { indexQueryRoutes } from "./routes/indexQueries.js";
import { keysRoutes } from "./routes/keys.js";
import { MULTIPART_PATHS, mediaRoutes } from "./routes/media.js";
import { metadataRoutes } from "./routes/metadata.js";
import { metadataWriteRoutes } from "./routes/metadataWrites.js";
import { operationsRoutes } from "./routes/operations.js";
import { type OperatorRoutesDeps, operatorRoutes } from "./routes/operator.js";
import { permitsRoutes } from "./routes/permits.js";
import { transactionsRoutes } from "./routes/transactions.js";
import { webhooksRoutes } from "./routes/webhooks.js";
import { webhookDocs } from "./webhookDocs.js";
import { documentConfig, registerDocumentComponents, serveDocument } from "./openapi/document.js";

export type AppDeps = {
  store: StoreDb;
  apiTokens: ApiTokenCache;
  writer: ChainWriter;
  indexDb: IndexDb;
  runtime: RuntimeConfig;
  mediaStorage: MediaStorage;
  logger: Logger;
  version: string;
  readiness: IndexReadiness;
  freshness: IndexFreshness;
  vault: KeyVault;
  cloudKeys: CloudKeyCustody;
  lifecycle: ApiLifecycle;
  rateLimiter: RateLimiter;
  metrics: Metrics;
  operator: Omit<OperatorRoutesDeps, "store" | "apiTokens">;
};

/**
 * The HTTP surface: middleware, then one router per resource, then the OpenAPI document generated from the same
 * zod definitions. Errors from anywhere below are answered here, once, as the envelope.
 */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use("*", requestContext(deps.logger, deps.lifecycle, deps.metrics));
  app.use("*", combined(provideIndexReadiness(deps.readiness), provideIndexFreshness(deps.freshness)));
  app.use(
    "*",
    rateLimit({ limiter: deps.rateLimiter, settings: deps.runtime.rateLimits, store: deps.store, apiTokens: deps.apiTokens, uploadPaths: MULTIPART_PATHS }),
  );
  app.onError(async (error, c) => {
    await drainUnreadBody((c.env as { incoming?: IncomingMessage } | undefined)?.incoming, deps.runtime.maxBodyBytes);
    const requestId = c.get("requestId") ?? "unknown";
    const { status, body, retryAfterSeconds, allow } = toErrorResponse(error, requestId);
    // Only a fault is an error: a 503 (NOT_READY while backfilling, a database that is stopping) is an answer.
    if (status === 500) (c.get("logger") ?? deps.logger).error("request failed", { error, stack: (error as Error).stack });
    c.header("X-Request-Id", requestId);
    if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
    if (allow !== undefined) c.header("Allow", allow);
    return c.json(body, status);
  });

  app.use(
    "/api/*",
    combined(jsonWriteBodies({ maxBodyBytes: deps.runtime.maxBodyBytes, multipartPaths: MULTIPART_PATHS }), provideStore(deps.store, deps.apiTokens)),
  );

  app.route("/", collectionsRoutes(deps));
  app.route("/", chatUsersRoutes(deps));
  app.route("/", erc20Routes(deps));
  app.route("/", erc721Routes(deps));
  app.route("/", erc1155Routes({ ...deps, maxBatchSize: deps.runtime.maxBatchSize }));
  app.route("/", transactionsRoutes(deps));
  app.route("/", operationsRoutes(deps));
  app.route("/", erc6551Routes(deps));
  app.route("/", accountCallsRoutes(deps));
  app.route("/", accountActionsRoutes(deps));
  app.route("/", keysRoutes(deps));
  app.route("/", holdersRoutes(deps));
  app.route("/", walletTokensRoutes(deps));
  app.route("/", transfersRoutes(deps));
  app.route("/", metadataRoutes(deps));
  app.route("/", metadataWriteRoutes(deps));
  app.route("/", permitsRoutes(deps));
  app.route("/", webhooksRoutes(deps));
  app.route("/", mediaRoutes({ store: deps.store, storage: deps.mediaStorage, config: deps.runtime.media, publicUrl: deps.runtime.publicUrl }));
  app.route("/", webhookDocs());

  registerDocumentComponents(app);
  serveDocument(app, documentConfig(deps.version, deps.runtime.publicUrl));

  app.route("/", apiReferenceRoutes());
  app.route("/", indexQueryRoutes({ indexDb: deps.indexDb, store: deps.store, apiTokens: deps.apiTokens, settings: deps.runtime.indexOverHttp }));
  app.route("/", operatorRoutes({ ...deps.operator, store: deps.store, apiTokens: deps.apiTokens }));

  const allowedMethods = allowedMethodsOf(app);
  app.all("*", (c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length > 0) throw new MethodNotAllowedError(c.req.method, c.req.path, allow);
    throw new NotFoundError(`No route ${c.req.method} ${c.req.path}. The routes are listed at /docs (and /openapi.json).`);
  });

  return app;
}
