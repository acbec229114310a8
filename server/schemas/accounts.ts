import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import type { Hex } from "viem";
import { tokenIdSchema, weiValueSchema } from "./amounts.js";
import { addressSchema, chainIdSchema, operationIdSchema, pageSchema } from "./common.js";
import { nextPageKey, pageKeyParameter } from "./pageKey.js";

export const createAccountBody = z
  .object({
    nft: z
      .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, tokenId: tokenIdSchema })
      .openapi({ description: "The ERC-721 token whose account to create" }),
  })
  .openapi("CreateNftAccountRequest");

export const createAccountResponse = z
  .object({
    success: field.success,
    accountAddress: z.string().openapi({ description: "The account's address (the same before and after it is created)" }),
    transactionHash: z.string().nullable().openapi({ description: "The creating transaction; for an account that already existed, the one that created it when known" }),
    transactionUrl: field.transactionUrl.nullable(),
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

const call = {
  toAddress: addressSchema.openapi({ type: "string", description: "The address the account calls", example: field.EXAMPLE.owner }),
  value: weiValueSchema.optional().default(0n), data: callData };

export const MAX_ACCOUNT_CALLS = 100;

const accountAddress = addressSchema.openapi({
  type: "string",
  description: "The ERC-6551 account (GET /api/v1/erc6551/account tells it); its NFT must be held by one of the project's cloud keys",
  example: "0xab5516EFEB132C69a2f47b5bC59F213301d2366B",
});

export const executeCallBody = z
  .object({ accountAddress, call: z.object({ chainId: chainIdSchema, ...call }).openapi({ description: "The call the account makes" }) })
  .openapi("ExecuteAccountCallRequest");

export const batchCallsBody = z
  .object({
    chainId: chainIdSchema,
    accountAddress,
    calls: z
      .array(z.object({ chainId: chainIdSchema.optional(), ...call }))
      .min(1, "must hold at least one call")
      .max(MAX_ACCOUNT_CALLS, `at most ${MAX_ACCOUNT_CALLS} calls`)
      .openapi({ description: `The calls, run in order in one transaction (at most ${MAX_ACCOUNT_CALLS}); a call's chainId, if given, must be the batch's` }),
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
  // The last NFT answered: its chain id, contract (lowercase) and token id.
  pageKey: pageKeyParameter(3, /^(\d{1,78}|0x[0-9a-f]{40})$/),
});

export const nftAccountsResponse = z
  .object({
    success: field.success,
    accounts: field.list("The NFTs' accounts, by chain, contract and token id", 
      z.object({
        contractAddress: z.string().openapi({ description: "The account's address (tokenhub's implementation, salt 0)" }),
        deployed: z.boolean().openapi({ description: "Whether the index has seen it created" }),
        ownerAddress: z.string().openapi({ description: "The NFT's owner, who controls the account" }),
        nft: z.object({ chainId: field.chainId, contractAddress: field.contractAddress, tokenId: field.tokenId }).openapi({ description: "The NFT the account belongs to" }),
      }),
    ),
    page: field.page,
    nextPage: field.nextPage,
    nextPageKey,
  })
  .openapi("NftAccounts");
