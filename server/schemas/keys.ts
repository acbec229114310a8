import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { text, textRecord } from "./text.js";
import { chatIdSchema } from "./chatUsers.js";
import { addressSchema, pageSchema } from "./common.js";
import { nextPageKey, pageKeyParameter } from "./pageKey.js";

const customRef = text()
  .trim()
  .min(1, "must not be empty")
  .max(200, "at most 200 characters")
  .openapi({ description: "Your own reference for the key (a user id, say); not unique", example: "user-42" });

export const createKeyBody = z
  .object({ customRef: customRef.optional(), chatId: chatIdSchema.optional() })
  .openapi("CreateCloudKeyRequest");

const cloudKeyFields = {
  keyId: z.string().uuid().openapi({ description: "The key's stable id" }),
  evmAddress: z.string().openapi({ description: "The key's address: what it signs as and holds tokens at", example: field.EXAMPLE.owner }),
  customRef: z.string().nullable().openapi({ description: "The reference given at creation; null without one" }),
};

const cloudKey = z.object(cloudKeyFields).openapi("CloudKey");

export const createKeyResponse = z.object({ success: field.success, ...cloudKeyFields }).openapi("CloudKeyCreated");

export const listKeysQuery = z.object({
  customRef: customRef.optional(),
  page: pageSchema,
  // The last key answered: its creation time (as PostgreSQL writes it) and its id.
  pageKey: pageKeyParameter(2, /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/),
});

export const listKeysResponse = z
  .object({ success: field.success, keys: field.list("The keys, oldest first", cloudKey), page: field.page, nextPage: field.nextPage, nextPageKey })
  .openapi("CloudKeys");

const keyAddress = addressSchema.openapi({ type: "string", description: "The cloud key's address (evmAddress)", example: field.EXAMPLE.owner });

export const signMessageBody = z
  .object({
    accountAddress: keyAddress,
    message: text({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .openapi({ description: "Signed with EIP-191: 0x-prefixed hex is signed as those bytes, anything else as UTF-8 text", example: "hello" }),
  })
  .openapi("SignMessageRequest");

export const signMessageResponse = z
  .object({
    success: field.success,
    signature: z.string().openapi({ description: "The 65-byte signature (0x-prefixed hex)" }),
    message: z.string().openapi({ description: "The message signed, as given" }),
  })
  .openapi("MessageSignature");

const typedDataField = z.object({
  name: text().min(1).openapi({ description: "The member's name" }),
  type: text().min(1).openapi({ description: "Its EIP-712 type (uint256, address, string, another struct...)" }),
});

export const signTypedDataBody = z
  .object({
    accountAddress: keyAddress,
    domain: textRecord().optional().openapi({ description: "EIP-712 domain (name, version, chainId, verifyingContract, salt)" }),
    types: z.record(text(), z.array(typedDataField)).openapi({ description: "Struct definitions; EIP712Domain may be left out" }),
    primaryType: text().min(1).optional().openapi({ description: "The struct signed; when absent, the one no other struct refers to" }),
    message: textRecord().openapi({ description: "The primary struct's values" }),
  })
  .openapi("SignTypedDataRequest");

export const signTypedDataResponse = z
  .object({ success: field.success, signature: z.string().openapi({ description: "The 65-byte signature (0x-prefixed hex)" }) }).openapi("TypedDataSignature");
