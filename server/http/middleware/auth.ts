import { createMiddleware } from "hono/factory";
import { ForbiddenError, UnauthorizedError } from "../../errors.js";
import type { ApiTokenCache } from "../../services/projects/apiTokenCache.js";
import { authenticate, hasScope, type Principal, type Scope } from "../../services/projects/apiTokens.js";
import type { StoreDb } from "../../store/database/db.js";
import type { AppEnv } from "../context.js";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Makes the app store, and the tokens it knows, reachable to the per-route auth check below. */
export function provideStore(db: StoreDb, apiTokens: ApiTokenCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("store", db);
    c.set("apiTokens", apiTokens);
    await next();
  });
}

/** The principal of an Authorization header that holds `scope`, or the 401 / 403 to answer. */
export async function authorize(db: StoreDb, apiTokens: ApiTokenCache, header: string | undefined, scope: Scope): Promise<Principal> {
  if (!header) throw new UnauthorizedError("Missing Authorization header; send 'Authorization: Bearer <token>'.");
  const match = BEARER.exec(header);
  if (!match) throw new UnauthorizedError("The Authorization header must be 'Bearer <token>'.");
  const principal = await authenticate(db, match[1]!, { cache: apiTokens });
  if (!hasScope(principal, scope)) throw new ForbiddenError(`This token lacks the '${scope}' scope.`);
  return principal;
}

/**
 * Route middleware: resolves the bearer token to a principal and checks the scope. Per route rather than per path
 * prefix, so an unknown route is a 404 whoever asks.
 */
export function requireScope(scope: Scope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // The rate limit, which runs first, already looked the token up (a hash and a lookup a request saved).
    const bearer = c.get("bearer");
    if (bearer !== undefined && !hasScope(bearer, scope)) throw new ForbiddenError(`This token lacks the '${scope}' scope.`);
    c.set("principal", bearer ?? (await authorize(c.get("store"), c.get("apiTokens"), c.req.header("authorization"), scope)));
    await next();
  });
}
