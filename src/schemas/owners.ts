import { z } from "@hono/zod-openapi";
import { tokenIdSchema } from "./amounts.js";
import { chatIdSchema } from "./chatUsers.js";
import { addressSchema, chainIdSchema, listParameter, pageSchema } from "./common.js";

export const erc1155OwnersQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: addressSchema,
  ownerAddress: addressSchema.optional(),
  tokenId: tokenIdSchema.optional(),
  page: pageSchema,
});

export const erc20OwnersQuery = z.object({ chainId: chainIdSchema, contractAddress: addressSchema, ownerAddress: addressSchema.optional(), page: pageSchema });

const paging = { page: z.number().int(), nextPage: z.number().int().nullable() };

export const erc1155OwnersResponse = z
  .object({
    success: z.literal(true),
    owners: z.array(
      z.object({
        ownerAddress: z.string(),
        totalBalance: z.string().openapi({ description: "Sum of the owner's balances in the collection" }),
        tokens: z.array(z.object({ tokenId: z.string(), balance: z.string() })),
      }),
    ),
    ...paging,
  })
  .openapi("Erc1155Owners");

export const erc20OwnersResponse = z
  .object({
    success: z.literal(true),
    owners: z.array(
      z.object({
        ownerAddress: z.string(),
        totalBalance: z.string().openapi({ description: "Human-readable (the token's decimals applied)" }),
        totalBalanceRaw: z.string(),
      }),
    ),
    ...paging,
  })
  .openapi("Erc20Owners");

export const tokenIdList = listParameter(tokenIdSchema, "Token ids: a comma list (1,3), a bracketed one ([1,3]), repeated, or tokenIds[]");

export const erc721TokensQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: addressSchema,
  tokenIds: tokenIdList.optional(),
  "tokenIds[]": tokenIdList.optional(),
  ownerAddress: addressSchema.optional(),
  chatId: chatIdSchema.optional(),
  telegramId: chatIdSchema.optional().openapi({ description: "Alias of chatId" }),
  discordId: chatIdSchema.optional().openapi({ description: "Alias of chatId" }),
  page: pageSchema,
});

export const erc721OwnersQuery = erc1155OwnersQuery;

export const erc1155TokensQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: addressSchema,
  tokenIds: tokenIdList.optional(),
  "tokenIds[]": tokenIdList.optional(),
  ownerAddress: addressSchema.optional().openapi({ description: "Only the token types this address holds, each with its balance" }),
  page: pageSchema,
});

export const openSeaMetadataSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    image: z.string(),
    external_url: z.string().optional(),
    attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]), display_type: z.string().optional() })),
  })
  .openapi("Metadata");

export const erc721TokensResponse = z
  .object({
    success: z.literal(true),
    tokens: z.array(
      z.object({
        tokenId: z.string(),
        ownerAddress: z.string(),
        metadata: openSeaMetadataSchema,
        tbaAddress: z.string().openapi({ description: "The token's ERC-6551 account address (whether or not it exists yet)" }),
      }),
    ),
    ...paging,
  })
  .openapi("Erc721Tokens");

export const erc1155TokensResponse = z
  .object({
    success: z.literal(true),
    tokens: z.array(
      z.object({
        tokenId: z.string(),
        metadata: openSeaMetadataSchema,
        totalSupply: z.string().openapi({ description: "How many exist (the sum of every holder's balance); 0 for a type created and not minted yet" }),
        balance: z.string().optional().openapi({ description: "With ownerAddress: how many of it the owner holds" }),
      }),
    ),
    ...paging,
  })
  .openapi("Erc1155Tokens");

export const erc721OwnersResponse = z
  .object({
    success: z.literal(true),
    owners: z.array(
      z.object({
        ownerAddress: z.string(),
        totalBalance: z.string().openapi({ description: "How many tokens of the collection the owner holds" }),
        tokens: z.array(z.object({ tokenId: z.string(), metadata: openSeaMetadataSchema })),
      }),
    ),
    ...paging,
  })
  .openapi("Erc721Owners");
