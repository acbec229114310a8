import { and, eq, lt, sql } from "drizzle-orm";
import { integer, jsonb, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { StoreDb } from "./database/db.js";
import { appSchema, projects } from "./database/schema.js";

export const idempotencyKeys = appSchema.table(
  "idempotency_keys",
  {
    projectId: uuid("project_id").notNull().references(() => projects.id),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"in_progress" | "completed">().notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] })],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims the key: true when this request inserted it. A key older than the retention window is forgotten first,
 * in the same statement order, so it can be claimed again.
 */
export async function claimKey(db: StoreDb, row: { projectId: string; key: string; requestHash: string }, retentionHours: number): Promise<boolean> {
  const match = and(eq(idempotencyKeys.projectId, row.projectId), eq(idempotencyKeys.key, row.key));
  await db.delete(idempotencyKeys).where(and(match, lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${retentionHours})`)));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...row, state: "in_progress" })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

/**
 * Forgets up to `limit` keys older than the retention window, oldest first (the created_at index), and returns how
 * many: keys are otherwise dropped only when reused, and the table would grow with every keyed request.
 */
export async function purgeExpiredKeys(db: StoreDb, retentionHours: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM tokenhub_app.idempotency_keys
     WHERE (project_id, key) IN (
       SELECT project_id, key FROM tokenhub_app.idempotency_keys
        WHERE created_at < now() - make_interval(hours => ${retentionHours})
        ORDER BY created_at
        LIMIT ${limit})`);
  return result.rowCount ?? 0;
}

export async function findKey(db: StoreDb, projectId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, key)));
  return row;
}

export async function completeKey(db: StoreDb, projectId: string, key: string, response: { status: number; body: unknown }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: "completed", responseStatus: response.status, responseBody: response.body, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, key)));
}

export async function releaseKey(db: StoreDb, projectId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, key)));
}

/** The transaction a request under this key recorded before it was interrupted, if it got that far. */
export async function findTransactionSentUnderKey(db: StoreDb, projectId: string, key: string): Promise<string | undefined> {
  const result = await db.execute<{ hash: string }>(sql`
    SELECT coalesce(t.mined_hash, (SELECT a.hash FROM tokenhub_app.transaction_attempts a WHERE a.transaction_id = t.id ORDER BY a.attempt DESC LIMIT 1)) AS hash
      FROM tokenhub_app.transactions t
     WHERE t.project_id = ${projectId}
       AND (t.metadata ->> 'idempotencyKey' = ${key} OR t.metadata -> 'joined' @> jsonb_build_array(jsonb_build_object('idempotencyKey', ${key}::text)))
     ORDER BY t.created_at
     LIMIT 1`);
  return result.rows[0]?.hash;
}
