import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import type { Address } from "viem";
import { humanAmountSchema, tokenAmountSchema, tokenIdSchema } from "./amounts.js";
import { addressSchema, chainIdSchema, errorBodySchema, operationIdSchema } from "./common.js";
import { readAfterQuery } from "./readAfter.js";
import { type MetadataFields, metadataInputSchema } from "./metadata.js";

const DIGITS = /^\d{1,15}$/;
/** A date, or a date-time with its time zone: a date-time without one would mean the server's local time. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i;
/** Unix seconds beyond this (year 5138) are almost surely milliseconds. */
const MAX_UNIX_SECONDS = 100_000_000_000;

/**
 * When a permit stops being redeemable: an ISO-8601 date-time or Unix seconds, parsed to Unix seconds. Whether it
 * lies in the future is checked against the chain's clock by the service.
 */
export const expirationSchema = z
  .union([z.number(), z.string()], { error: () => "must be an ISO-8601 date-time or Unix seconds" })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return undefined;
    let seconds: number;
    if (typeof value === "number" || DIGITS.test(value)) {
      seconds = Number(value);
      if (!Number.isSafeInteger(seconds) || seconds < 0) {
        ctx.addIssue({ code: "custom", message: "Unix seconds must be a non-negative integer" });
        return z.NEVER;
      }
      if (seconds > MAX_UNIX_SECONDS) {
        ctx.addIssue({ code: "custom", message: "is too far in the future for Unix seconds (milliseconds given?)" });
        return z.NEVER;
      }
      return seconds;
    }
    const milliseconds = ISO_8601.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
    if (Number.isNaN(milliseconds)) {
      ctx.addIssue({ code: "custom", message: "must be an ISO-8601 date-time with a time zone (2030-01-31T12:00:00Z) or Unix seconds" });
      return z.NEVER;
    }
    return Math.floor(milliseconds / 1000);
  })
  .openapi({
    // One type list, not zod's anyOf beside a oneOf of the formats: a digit string is Unix seconds too, and null is
    // "never" as absent is.
    type: ["string", "integer", "null"],
    minimum: 0,
    description: "When the permit expires: an ISO-8601 date-time with a time zone, or Unix seconds (a JSON integer or its digits); absent or null: never",
    example: "2030-01-31T12:00:00Z",
  });

const tokenMetadataFields = {
  metadata: metadataInputSchema.optional(),
  individualMetadata: metadataInputSchema.optional().openapi({ description: "Same as `metadata` (either name is accepted)" }),
};

/** `metadata` and `individualMetadata` are one field under two names; giving both is ambiguous. */
function oneMetadata<T extends { metadata?: MetadataFields; individualMetadata?: MetadataFields }>(body: T, ctx: z.RefinementCtx) {
  if (body.metadata !== undefined && body.individualMetadata !== undefined) {
    ctx.addIssue({ code: "custom", path: ["individualMetadata"], message: "give either metadata or individualMetadata, not both" });
  }
}

const target = { chainId: chainIdSchema, contractAddress: field.contractAddressInput, recipientAddress: field.recipientAddressInput, expiration: expirationSchema };

export const erc20PermitBody = z.object({ ...target, amount: humanAmountSchema }).openapi("Erc20PermitRequest");

export const erc721PermitBody = z.object({ ...target, ...tokenMetadataFields }).superRefine(oneMetadata).openapi("Erc721PermitRequest");

export const erc1155PermitBody = z
  .object({ ...target, tokenId: tokenIdSchema, amount: tokenAmountSchema, ...tokenMetadataFields })
  .superRefine(oneMetadata)
  .openapi("Erc1155PermitRequest");

const permitIdField = z.string().uuid().openapi({ description: "The permit's id" });
const signature = z.string().openapi({ description: "The signer's EIP-712 signature of the permit (0x-prefixed hex), part of preparedCall's data" });

export const preparedCallSchema = z
  .object({
    to: z.string().openapi({ description: "The token contract" }),
    value: z.string().openapi({ description: "Wei to send (always 0)" }),
    data: z.string().openapi({ description: "Calldata: mintWithPermit(...) or multicall([...])" }),
  })
  .openapi("PreparedCall", { description: "The transaction the recipient sends, from its own account, to redeem" });

export const permitIssuedResponse = z
  .object({ success: field.success, permitId: permitIdField, signature, preparedCall: preparedCallSchema, operationId: operationIdSchema })
  .openapi("PermitIssued");

export const permitIdParams = z.object({
  permitId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a permit id (UUID)")
    .transform((value) => value.toLowerCase())
    .openapi({ param: { name: "permitId", in: "path" }, type: "string", format: "uuid", description: "The permitId its issue answered" }),
});

export const permitResponse = z
  .object({
    success: field.success,
    permitId: permitIdField,
    status: z.enum(["open", "redeemed", "expired", "revoked"]).openapi({ description: "open: redeemable; redeemed, expired or revoked: not any more" }),
    statusReason: z.string().openapi({ description: "Why the permit has this status, in a sentence" }),
    chainId: field.chainId,
    contractAddress: field.contractAddress,
    type: z.enum(["erc20", "erc721", "erc1155"]).openapi({ description: "The contract's token standard" }),
    recipientAddress: field.recipientAddress,
    tokenId: z.string().nullable().openapi({ description: "ERC-1155 only" }),
    amount: z.string().openapi({ description: "Human-readable for ERC-20 (decimals applied)" }),
    amountRaw: field.amountRaw,
    expiration: z.string().nullable().openapi({ description: "ISO-8601; null: never expires" }),
    signerAddress: z.string().openapi({ description: "The service signer that signed it (holds the minter role)" }),
    signature,
    preparedCall: preparedCallSchema,
    metadata: z.record(z.string(), z.unknown()).nullable().openapi({ description: "ERC-721 and ERC-1155: the metadata the minted token gets; null without" }),
    createdAt: z.string().openapi({ description: "When it was issued (ISO-8601)" }),
    redemption: z
      .object({
        transactionHash: field.transactionHash,
        blockNumber: field.blockNumber,
        timestamp: field.timestamp,
        redeemerAddress: z.string().openapi({ description: "The account that sent the redemption and paid its gas" }),
        tokenIds: z.array(z.string()).openapi({ description: "Minted token ids (ERC-721, ERC-1155); empty for ERC-20" }),
      })
      .nullable()
      .openapi({ description: "Once redeemed: the redeeming transaction and what it minted" }),
    revocation: z
      .object({ transactionHash: field.transactionHash, status: field.txStatus })
      .nullable()
      .openapi({ description: "The invalidateNonce transaction, once a revocation was sent" }),
  })
  .openapi("Permit");

export const permitRevokedResponse = z
  .object({
    success: field.success,
    permitId: permitIdField,
    transactionHash: z.string().openapi({ description: "The revocation; a permit whose revocation was sent already is answered with that one" }),
    transactionUrl: field.transactionUrl,
    operationId: operationIdSchema,
  })
  .openapi("PermitRevocationSent");

/** `ownerAddress` is the name GroupOS clients use for the recipient here; either may be given, not two different ones. */
export const erc20PermitBatchQuery = z
  .object({
    chainId: chainIdSchema,
    contractAddress: field.contractAddressInput,
    recipientAddress: addressSchema.optional().openapi({ description: "The permits' recipient (required unless ownerAddress is given)" }),
    ownerAddress: addressSchema.optional().openapi({ description: "Alias of recipientAddress" }),
    ...readAfterQuery,
  })
  .superRefine((query, ctx) => {
    if (query.recipientAddress === undefined && query.ownerAddress === undefined) {
      ctx.addIssue({ code: "custom", path: ["recipientAddress"], message: "is required (or ownerAddress)" });
    } else if (query.recipientAddress !== undefined && query.ownerAddress !== undefined && query.recipientAddress !== query.ownerAddress) {
      ctx.addIssue({ code: "custom", path: ["ownerAddress"], message: "must be the same address as recipientAddress (it is its alias)" });
    }
  })
  .transform(({ ownerAddress, recipientAddress, ...query }) => ({ ...query, recipientAddress: (recipientAddress ?? ownerAddress) as Address }));

export const erc20PermitBatchResponse = z
  .object({
    success: field.success,
    totalAmount: z.string().openapi({ description: "Human-readable (the token's decimals applied)" }),
    totalAmountRaw: field.amountRaw,
    permitIds: z.array(z.string()).openapi({ description: "The permits the call redeems" }),
    preparedCall: preparedCallSchema,
  })
  .openapi("Erc20PermitBatch");

export const noOpenPermitsResponse = errorBodySchema
  .extend({
    totalAmount: z.literal("0").openapi({ description: "Nothing to redeem" }),
    totalAmountRaw: z.literal("0").openapi({ description: "Nothing to redeem" }),
    permitIds: z.array(z.string()).length(0).openapi({ description: "No permit" }),
  })
  .openapi("NoOpenPermits");
