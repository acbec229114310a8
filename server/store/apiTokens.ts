import { and, asc, eq, isNull } from "drizzle-orm";
import type { StoreDb } from "./database/db.js";
import { apiTokens } from "./database/schema.js";

/** The channel the api_tokens trigger (migration 0050) notifies on every change to a token. */
export const API_TOKEN_CHANGES_CHANNEL = "tokenhub_api_tokens";

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;

export async function insertApiToken(db: StoreDb, token: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  return row!;
}

export async function findApiTokenByHash(db: StoreDb, tokenHash: Buffer): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
  return row;
}

export async function listApiTokens(db: StoreDb, projectId?: string): Promise<ApiTokenRow[]> {
  const query = db.select().from(apiTokens);
  const filtered = projectId === undefined ? query : query.where(eq(apiTokens.projectId, projectId));
  return await filtered.orderBy(asc(apiTokens.createdAt));
}

/** Returns false when no live token has that id (unknown, or revoked before). */
export async function revokeApiToken(db: StoreDb, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
