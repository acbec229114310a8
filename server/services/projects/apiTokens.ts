import crypto from "node:crypto";
import { NotFoundError, UnauthorizedError, ValidationError } from "../../errors.js";
import { type ApiTokenRow, findApiTokenByHash, insertApiToken, listApiTokens, revokeApiToken } from "../../store/apiTokens.js";
import type { StoreDb } from "../../store/database/db.js";
import type { ApiTokenCache } from "./apiTokenCache.js";
import { findProjectById } from "../../store/projects.js";

export const SCOPES = ["read", "mint", "permit", "metadata", "media", "accounts", "keys", "webhooks", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is calling: resolved once per request from the bearer token. */
export type Principal = { projectId: string; tokenId: string; scopes: readonly Scope[] };

const TOKEN_PREFIX = "thk_";

export function hashToken(token: string): Buffer {
  return crypto.createHash("sha256").update(token, "utf8").digest();
}

export function parseScopes(input: string): Scope[] {
  const scopes = input.split(",").map((scope) => scope.trim()).filter(Boolean);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new ValidationError(`Unknown scope ${unknown.join(", ") || "(none given)"}; scopes are ${SCOPES.join(", ")}.`);
  }
  return [...new Set(scopes)] as Scope[];
}

/** `admin` holds every scope. */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.includes(scope) || principal.scopes.includes("admin");
}

export type IssuedToken = { token: string; record: ApiTokenRow };

/**
 * Issues a token. The plaintext is returned once and only its hash is stored. A caller may supply the plaintext
 * (`TOKENHUB_ADMIN_TOKEN`) so automation knows it in advance.
 */
export async function issueApiToken(
  db: StoreDb,
  input: { projectId: string; name: string; scopes: Scope[]; expiresAt?: Date; plaintext?: string },
): Promise<IssuedToken> {
  if (!(await findProjectById(db, input.projectId))) throw new NotFoundError(`No project with id ${input.projectId}.`);
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw new ValidationError("The expiry is in the past.");
  const token = input.plaintext ?? `${TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const record = await insertApiToken(db, {
    id: crypto.randomUUID(),
    projectId: input.projectId,
    name: input.name,
    tokenHash: hashToken(token),
    tokenPrefix: token.slice(0, TOKEN_PREFIX.length + 6),
    scopes: input.scopes,
    expiresAt: input.expiresAt ?? null,
  });
  return { token, record };
}

export async function authenticate(db: StoreDb, token: string, options: { cache?: ApiTokenCache; now?: Date } = {}): Promise<Principal> {
  const now = options.now ?? new Date();
  const tokenHash = hashToken(token);
  const load = () => findApiTokenByHash(db, tokenHash);
  const record = await (options.cache === undefined ? load() : options.cache.find(tokenHash, load));
  if (!record) throw new UnauthorizedError("The access token is not valid.");
  if (record.revokedAt) throw new UnauthorizedError("The access token was revoked.");
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) throw new UnauthorizedError("The access token has expired.");
  return { projectId: record.projectId, tokenId: record.id, scopes: record.scopes as Scope[] };
}

export async function revokeToken(db: StoreDb, id: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id) || !(await revokeApiToken(db, id, new Date()))) {
    throw new NotFoundError(`No active token with id ${id}.`);
  }
}

export { listApiTokens };
