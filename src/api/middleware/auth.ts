import { createMiddleware } from "hono/factory";
import { ForbiddenError, UnauthorizedError } from "../../errors.js";
import { authenticate, hasScope, type Scope } from "../../services/apiTokens.js";
import type { StoreDb } from "../../store/db.js";
import type { AppEnv } from "../context.js";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Resolves the bearer token to a principal; every `/api/...` route sits behind it. */
export function requireToken(db: StoreDb) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) throw new UnauthorizedError("Missing Authorization header; send 'Authorization: Bearer <token>'.");
    const match = BEARER.exec(header);
    if (!match) throw new UnauthorizedError("The Authorization header must be 'Bearer <token>'.");
    c.set("principal", await authenticate(db, match[1]!));
    await next();
  });
}

export function requireScope(scope: Scope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!hasScope(c.get("principal"), scope)) {
      throw new ForbiddenError(`This token lacks the '${scope}' scope.`);
    }
    await next();
  });
}
