import { z } from "@hono/zod-openapi";
import { addressSchema, chainIdSchema, listParameter } from "./common.js";

/** Contract addresses from the query string (comma list, bracketed list, repeated or `[]`) or a JSON body; at least one. */
export const contractAddressList = listParameter(addressSchema, "Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[]").refine(
  (addresses) => addresses.length > 0,
  "give at least one contract address",
);

export const holdersQuery = z.object({
  contractAddresses: contractAddressList.optional(),
  "contractAddresses[]": contractAddressList.optional(),
  chainId: chainIdSchema.optional(),
});

export const holdersBody = z.object({ contractAddresses: contractAddressList.optional(), chainId: chainIdSchema.optional() }).openapi("HoldersRequest");

export const holdersResponse = z
  .object({
    success: z.literal(true),
    holders: z.array(
      z.object({
        holderAddress: z.string(),
        collections: z.array(
          z.object({
            type: z.enum(["erc20", "erc721", "erc1155"]),
            contractAddress: z.string(),
            chainId: z.number().int(),
            name: z.string(),
            symbol: z.string(),
            ownerSince: z.number().int().openapi({ description: "Unix seconds of the block at which the current holding began" }),
            balance: z.string().openapi({ description: "ERC-20: in the token's units; ERC-721: a count; ERC-1155: a sum" }),
            nfts: z.array(
              z.object({
                ownerSince: z.number().int(),
                tokenId: z.string(),
                name: z.string(),
                description: z.string(),
                mediaUrl: z.string(),
                externalUrl: z.string(),
                traits: z.array(z.object({ name: z.string(), value: z.union([z.string(), z.number()]) })),
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .openapi("Holders");
