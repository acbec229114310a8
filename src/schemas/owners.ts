import { z } from "@hono/zod-openapi";
import { tokenIdSchema } from "./amounts.js";
import { addressSchema, chainIdSchema, pageSchema } from "./common.js";

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
