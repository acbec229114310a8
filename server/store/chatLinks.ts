import { and, eq } from "drizzle-orm";
import type { StoreDb } from "./database/db.js";
import { chatLinks } from "./database/schema.js";

/** Idempotent: linking the same pair twice keeps one row. */
export async function insertChatLink(db: StoreDb, link: { projectId: string; chatId: string; address: string }): Promise<void> {
  await db.insert(chatLinks).values(link).onConflictDoNothing();
}

export async function addressesOfChatUser(db: StoreDb, projectId: string, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ address: chatLinks.address })
    .from(chatLinks)
    .where(and(eq(chatLinks.projectId, projectId), eq(chatLinks.chatId, chatId)));
  return rows.map((row) => row.address);
}
