import { and, eq } from "drizzle-orm";
import { bigint, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { StoreDb } from "./database/db.js";
import { appSchema, projects } from "./database/schema.js";

export const media = appSchema.table("media", {
  sha256: text("sha256").primaryKey(),
  contentType: text("content_type").notNull(),
  extension: text("extension").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const mediaUploads = appSchema.table(
  "media_uploads",
  {
    projectId: uuid("project_id").notNull().references(() => projects.id),
    sha256: text("sha256").notNull().references(() => media.sha256),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.sha256] })],
);

export type MediaRow = typeof media.$inferSelect;

/**
 * Records stored content and the project that uploaded it. Both inserts are idempotent: the same bytes uploaded
 * again, by the same project or another, keep one content row and one ownership row per project.
 */
export async function recordMediaUpload(
  db: StoreDb,
  upload: { projectId: string; sha256: string; contentType: string; extension: string; sizeBytes: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(media)
      .values({ sha256: upload.sha256, contentType: upload.contentType, extension: upload.extension, sizeBytes: upload.sizeBytes })
      .onConflictDoNothing();
    await tx.insert(mediaUploads).values({ projectId: upload.projectId, sha256: upload.sha256 }).onConflictDoNothing();
  });
}

export async function findMedia(db: StoreDb, sha256: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.sha256, sha256));
  return row;
}

export async function projectUploadedMedia(db: StoreDb, projectId: string, sha256: string): Promise<boolean> {
  const rows = await db
    .select({ sha256: mediaUploads.sha256 })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.projectId, projectId), eq(mediaUploads.sha256, sha256)));
  return rows.length > 0;
}
