import { linkChatUserBody, linkChatUserResponse } from "../../schemas/chatUsers.js";
import { bearerSecurity, errorResponses } from "../../schemas/common.js";
import { linkChatUser } from "../../services/projects/chatUsers.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { idempotent } from "../middleware/idempotency.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";
import { jsonRequestBody } from "./writeRoute.js";

const linkRoute = apiRoute({
  method: "post",
  path: "/api/v1/chatUsers/link",
  operationId: "linkChatUser",
  tags: ["chat users"],
  description:
    "Records that a user of a chat platform (Telegram, Discord) is an address, for this project; the token queries' chatId, telegramId and discordId filters then find that address's tokens. Linking the same user again replaces the address.",
  idempotencyKey: true,
  summary: "Link a chat-platform user to an address (used by the chatId filter of token queries)",
  security: bearerSecurity,
  middleware: [combined(requireScope("keys"), idempotent())] as const,
  request: { body: jsonRequestBody(linkChatUserBody) },
  responses: {
    200: { description: "Linked", content: { "application/json": { schema: linkChatUserResponse } } },
    ...errorResponses,
  },
});

export function chatUsersRoutes(deps: { store: StoreDb }) {
  return createRouter().openapi(linkRoute, async (c) => {
    const link = await linkChatUser(deps.store, c.get("principal").projectId, c.req.valid("json"));
    return c.json({ success: true as const, ...link }, 200);
  });
}
