import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { mintedTokenSchema } from "./writes.js";

export const operationParams = z.object({
  operationId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be an operation id (UUID)")
    .transform((value) => value.toLowerCase())
    .openapi({ param: { name: "operationId", in: "path" }, type: "string", format: "uuid", description: "The operationId a write's answer carried" }),
});

export const operationResponse = z
  .object({
    success: field.success,
    operationId: z.string().openapi({ description: "The request's id, as asked" }),
    chainId: field.chainId,
    purpose: z.string().openapi({ description: "What the request did: erc721.mint, erc1155.batchMint, erc721.create, erc1155.createTokenType, erc20.permit, permit.revoke, ..." }),
    status: z.enum(["pending", "success", "failure"]).openapi({
      description: "Its transaction's status (pending again if its block is reorganised away); success at once for a request that sends none (a permit, a token type)",
    }),
    transactionHash: z.string().nullable().openapi({
      description: "The transaction doing its work (shared with the requests joined into it), under its current hash if it was sent again; null when it sends none",
    }),
    transactionUrl: field.transactionUrl.nullable(),
    minted: z.array(mintedTokenSchema).openapi({ description: "What this request minted: in a transaction joined from several mints, its own call's token only" }),
    createdAt: z.string().openapi({ description: "When the request was accepted (ISO-8601)" }),
    checkedAt: field.checkedAt,
  })
  .openapi("Operation");
