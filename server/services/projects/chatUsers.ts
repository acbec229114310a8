import type { StoreDb } from "../../store/database/db.js";
import { insertChatLink } from "../../store/chatLinks.js";

export type ChatLink = { chatId: string; address: `0x${string}` };

/** Links a chat-platform user to an address within the calling project; the token query's `chatId` filter reads it. */
export async function linkChatUser(db: StoreDb, projectId: string, link: ChatLink): Promise<ChatLink> {
  await insertChatLink(db, { projectId, chatId: link.chatId, address: link.address });
  return link;
}
