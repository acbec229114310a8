import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { tokenIdSchema } from "./amounts.js";
import { chatIdSchema } from "./chatUsers.js";
import { addressSchema, chainIdSchema, listParameter, pageSchema } from "./common.js";
import { nextPageKey, ownerPageKey, tokenPageKey } from "./pageKey.js";
import { atBlockParameter, pastBlockFields } from "./pastState.js";

export const erc1155OwnersQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: field.contractAddressInput,
  ownerAddress: field.ownerAddressFilter.optional(),
  tokenId: tokenIdSchema.optional(),
  page: pageSchema,
  pageKey: ownerPageKey,
  ...atBlockParameter,
});

export const erc20OwnersQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: field.contractAddressInput,
  ownerAddress: field.ownerAddressFilter.optional(),
  page: pageSchema,
  pageKey: ownerPageKey,
  ...atBlockParameter,
});

export const erc1155OwnersResponse = z
  .object({
    success: field.success,
    owners: field.list("One entry per holder, by address", 
      z.object({
        ownerAddress: field.ownerAddress,
        totalBalance: z.string().openapi({ description: "Sum of the owner's balances in the collection" }),
        tokens: field.list("The types it holds", z.object({ tokenId: field.tokenId, balance: z.string().openapi({ description: "How many of this type it holds" }) })),
      }),
    ),
    ...field.paging,
    nextPageKey,
    ...pastBlockFields,
  })
  .openapi("Erc1155Owners");

export const erc20OwnersResponse = z
  .object({
    success: field.success,
    owners: field.list("One entry per holder, by address", 
      z.object({
        ownerAddress: field.ownerAddress,
        totalBalance: z.string().openapi({ description: "Human-readable (the token's decimals applied)" }),
        totalBalanceRaw: z.string().openapi({ description: "The balance in the smallest unit (no decimals applied)" }),
      }),
    ),
    ...field.paging,
    nextPageKey,
    ...pastBlockFields,
  })
  .openapi("Erc20Owners");

export const tokenIdList = listParameter(tokenIdSchema, "Token ids: a comma list (1,3), a bracketed one ([1,3]), repeated, or tokenIds[]");

export const erc721TokensQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: field.contractAddressInput,
  tokenIds: tokenIdList.optional(),
  "tokenIds[]": tokenIdList.optional(),
  ownerAddress: field.ownerAddressFilter.optional(),
  chatId: chatIdSchema.optional(),
  telegramId: chatIdSchema.optional().openapi({ description: "Alias of chatId" }),
  discordId: chatIdSchema.optional().openapi({ description: "Alias of chatId" }),
  page: pageSchema,
  pageKey: tokenPageKey,
  ...atBlockParameter,
});

export const erc721OwnersQuery = erc1155OwnersQuery;

export const erc1155TokensQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: field.contractAddressInput,
  tokenIds: tokenIdList.optional(),
  "tokenIds[]": tokenIdList.optional(),
  ownerAddress: addressSchema.optional().openapi({ description: "Only the token types this address holds, each with its balance" }),
  page: pageSchema,
  pageKey: tokenPageKey,
});

export const openSeaMetadataSchema = z
  .object({
    name: z.string().openapi({ description: "The token's name" }),
    description: z.string().openapi({ description: "Its description" }),
    image: z.string().openapi({ description: "Its image or other media (URL)" }),
    external_url: z.string().optional().openapi({ description: "A page about it" }),
    attributes: field.list(
      "Its traits",
      z.object({
        trait_type: z.string().openapi({ description: "The trait's name" }),
        value: z.union([z.string(), z.number()]).openapi({ description: "Its value" }),
        display_type: z.string().optional().openapi({ description: "How marketplaces show it (number, boost_percentage, date...)" }),
      }),
    ),
  })
  .openapi("Metadata");

export const erc721TokensResponse = z
  .object({
    success: field.success,
    tokens: field.list("The tokens, by token id", 
      z.object({
        tokenId: field.tokenId,
        ownerAddress: field.ownerAddress,
        metadata: openSeaMetadataSchema,
        tbaAddress: z.string().openapi({ description: "The token's ERC-6551 account address (whether or not it exists yet)" }),
      }),
    ),
    ...field.paging,
    nextPageKey,
    ...pastBlockFields,
  })
  .openapi("Erc721Tokens");

export const erc1155TokensResponse = z
  .object({
    success: field.success,
    tokens: field.list("The token types, by token id", 
      z.object({
        tokenId: field.tokenId,
        metadata: openSeaMetadataSchema,
        totalSupply: z.string().openapi({ description: "How many exist (the sum of every holder's balance); 0 for a type created and not minted yet" }),
        balance: z.string().optional().openapi({ description: "With ownerAddress: how many of it the owner holds" }),
      }),
    ),
    ...field.paging,
    nextPageKey,
  })
  .openapi("Erc1155Tokens");

export const erc721OwnersResponse = z
  .object({
    success: field.success,
    owners: field.list("One entry per holder, by address", 
      z.object({
        ownerAddress: field.ownerAddress,
        totalBalance: z.string().openapi({ description: "How many tokens of the collection the owner holds" }),
        tokens: field.list("The tokens it holds", z.object({ tokenId: field.tokenId, metadata: openSeaMetadataSchema })),
      }),
    ),
    ...field.paging,
    nextPageKey,
    ...pastBlockFields,
  })
  .openapi("Erc721Owners");
