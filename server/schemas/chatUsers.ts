import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { addressSchema } from "./common.js";

/** Telegram and Discord ids exceed 2^53, so a chat id is kept as a digit string; a safe JSON number is accepted too. */
export const chatIdSchema = z
  .union([z.string().regex(/^\d{1,30}$/, "must be a decimal id"), z.number().int().nonnegative().refine(Number.isSafeInteger, "must be a safe integer")])
  .transform((value) => String(value))
  .openapi({
    type: ["string", "integer"],
    pattern: "^[0-9]{1,30}$",
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    example: "123456789",
    description: "Chat-platform user id (Telegram or Discord): digits, or a JSON integer up to 2^53-1",
  });

export const linkChatUserBody = z
  .object({ chatId: chatIdSchema, address: addressSchema.openapi({ type: "string", description: "The user's address", example: field.EXAMPLE.owner }) }).openapi("LinkChatUserRequest");

export const linkChatUserResponse = z
  .object({
    success: field.success,
    chatId: z.string().openapi({ description: "The chat user linked" }),
    address: z.string().openapi({ description: "The address it is now linked to" }),
  })
  .openapi("LinkChatUserResponse");
