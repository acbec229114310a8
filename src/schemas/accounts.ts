import { z } from "@hono/zod-openapi";
import type { Hex } from "viem";
import { tokenIdSchema, weiValueSchema } from "./amounts.js";
import { addressSchema, chainIdSchema, operationIdSchema, pageSchema } from "./common.js";

export const createAccountBody = z
  .object({ nft: z.object({ chainId: chainIdSchema, contractAddress: addressSchema, tokenId: tokenIdSchema }) })
  .openapi("CreateNftAccountRequest");

export const createAccountResponse = z
  .object({
    success: z.literal(true),
    accountAddress: z.string(),
    transactionHash: z.string().nullable().openapi({ description: "The creating transaction; for an account that already existed, the one that created it when known" }),
    transactionUrl: z.string().nullable(),
    operationId: operationIdSchema,
  })
  .openapi("NftAccountCreated");

/** Calldata: even-length 0x-prefixed hex; absent means none. */
const callData = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes")
  .transform((value) => value.toLowerCase() as Hex)
  .optional()
  .default("0x")
  .openapi({ type: "string", example: "0x", description: "Calldata (0x-prefixed hex); empty for a plain transfer" });

const call = { toAddress: addressSchema, value: weiValueSchema.optional().default(0n), data: callData };

export const MAX_ACCOUNT_CALLS = 100;

export const executeCallBody = z
  .object({ accountAddress: addressSchema, call: z.object({ chainId: chainIdSchema, ...call }) })
  .openapi("ExecuteAccountCallRequest");

export const batchCallsBody = z
  .object({
    chainId: chainIdSchema,
    accountAddress: addressSchema,
    calls: z
      .array(z.object({ chainId: chainIdSchema.optional(), ...call }))
      .min(1, "must hold at least one call")
      .max(MAX_ACCOUNT_CALLS, `at most ${MAX_ACCOUNT_CALLS} calls`),
  })
  .superRefine((body, ctx) => {
    body.calls.forEach((item, index) => {
      if (item.chainId !== undefined && item.chainId !== body.chainId) {
        ctx.addIssue({ code: "custom", path: ["calls", index, "chainId"], message: `must be the batch's chainId ${body.chainId} (a batch runs on one chain)` });
      }
    });
  })
  .openapi("BatchAccountCallsRequest");

export const nftAccountsQuery = z.object({
  chainId: chainIdSchema.optional().openapi({ description: "Only this chain's NFTs" }),
  ownerAddress: addressSchema.optional().openapi({ description: "The NFTs' owner; without it, every cloud key of the project (needs the keys scope too)" }),
  page: pageSchema,
});

export const nftAccountsResponse = z
  .object({
    success: z.literal(true),
    accounts: z.array(
      z.object({
        contractAddress: z.string().openapi({ description: "The account's address (tokenhub's implementation, salt 0)" }),
        deployed: z.boolean().openapi({ description: "Whether the index has seen it created" }),
        ownerAddress: z.string().openapi({ description: "The NFT's owner, who controls the account" }),
        nft: z.object({ chainId: z.number().int(), contractAddress: z.string(), tokenId: z.string() }),
      }),
    ),
    page: z.number().int(),
    nextPage: z.number().int().nullable(),
  })
  .openapi("NftAccounts");
