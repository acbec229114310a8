import type { Logger } from "../logger.js";
import type { ApiTokenCache } from "../services/projects/apiTokenCache.js";
import type { Principal } from "../services/projects/apiTokens.js";
import type { IndexFreshness } from "../services/chains/indexFreshness.js";
import type { IndexReadiness } from "../indexer/indexReadiness.js";
import type { StoreDb } from "../store/database/db.js";

/** What middleware puts on a request's context for the handlers after it. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    principal: Principal;
    /**
     * Whom the bearer token names, as the rate limit found it before the route ran; the route still checks the scope.
     * Unset without a valid token: the route's check then answers why.
     */
    bearer: Principal | undefined;
    store: StoreDb;
    apiTokens: ApiTokenCache;
    indexReadiness: IndexReadiness;
    indexFreshness: IndexFreshness;
    /** Set by the idempotency middleware when the request carries a key. */
    idempotencyKey: string | undefined;
  };
};

/** The project and Idempotency-Key of a write request, as the write services take them. */
export function callerOf(c: { get(key: "principal"): Principal; get(key: "idempotencyKey"): string | undefined }): { projectId: string; idempotencyKey?: string } {
  const idempotencyKey = c.get("idempotencyKey");
  return idempotencyKey === undefined ? { projectId: c.get("principal").projectId } : { projectId: c.get("principal").projectId, idempotencyKey };
}
