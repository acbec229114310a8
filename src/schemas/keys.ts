import { z } from "@hono/zod-openapi";
import { text, textRecord } from "./text.js";
import { chatIdSchema } from "./chatUsers.js";
import { addressSchema, pageSchema } from "./common.js";

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
  evmAddress: z.string(),
  customRef: z.string().nullable(),
};

const cloudKey = z.object(cloudKeyFields).openapi("CloudKey");

export const createKeyResponse = z.object({ success: z.literal(true), ...cloudKeyFields }).openapi("CloudKeyCreated");

export const listKeysQuery = z.object({ customRef: customRef.optional(), page: pageSchema });

export const listKeysResponse = z
  .object({ success: z.literal(true), keys: z.array(cloudKey), page: z.number().int(), nextPage: z.number().int().nullable() })
  .openapi("CloudKeys");

const keyAddress = addressSchema.openapi({ type: "string", description: "The cloud key's address (evmAddress)", example: "0x5FbDB2315678afecb367f032d93F642f64180aa3" });

export const signMessageBody = z
  .object({
    accountAddress: keyAddress,
    message: text({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .openapi({ description: "Signed with EIP-191: 0x-prefixed hex is signed as those bytes, anything else as UTF-8 text", example: "hello" }),
  })
  .openapi("SignMessageRequest");

export const signMessageResponse = z
  .object({ success: z.literal(true), signature: z.string(), message: z.string() })
  .openapi("MessageSignature");

const typedDataField = z.object({ name: text().min(1), type: text().min(1) });

export const signTypedDataBody = z
  .object({
    accountAddress: keyAddress,
    domain: textRecord().optional().openapi({ description: "EIP-712 domain (name, version, chainId, verifyingContract, salt)" }),
    types: z.record(text(), z.array(typedDataField)).openapi({ description: "Struct definitions; EIP712Domain may be left out" }),
    primaryType: text().min(1).optional().openapi({ description: "The struct signed; when absent, the one no other struct refers to" }),
    message: textRecord(),
  })
  .openapi("SignTypedDataRequest");

export const signTypedDataResponse = z.object({ success: z.literal(true), signature: z.string() }).openapi("TypedDataSignature");
