import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { addressSchema, chainIdSchema, listParameter } from "./common.js";
import { atBlockParameter, pastBlockFields } from "./pastState.js";

/** Contract addresses from the query string (comma list, bracketed list, repeated or `[]`) or a JSON body; at least one. */
export const contractAddressList = listParameter(addressSchema, "Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[]").refine(
  (addresses) => addresses.length > 0,
  "give at least one contract address",
);

export const holdersQuery = z.object({
  contractAddresses: contractAddressList.optional(),
  "contractAddresses[]": contractAddressList.optional(),
  chainId: chainIdSchema.optional(),
  ...atBlockParameter,
});

export const holdersBody = z.object({ contractAddresses: contractAddressList.optional(), chainId: chainIdSchema.optional(), ...atBlockParameter }).openapi("HoldersRequest");

export const holdersResponse = z
  .object({
    success: field.success,
    holders: field.list("One entry per holder address", 
      z.object({
        holderAddress: field.ownerAddress,
        collections: field.list("What it holds, by contract", 
          z.object({
            type: z.enum(["erc20", "erc721", "erc1155"]).openapi({ description: "The token standard" }),
            contractAddress: field.contractAddress,
            chainId: field.chainId,
            name: field.tokenName,
            symbol: field.tokenSymbol,
            ownerSince: z.number().int().openapi({ description: "Unix seconds of the block at which the current holding began" }),
            balance: z.string().openapi({ description: "ERC-20: in the token's units; ERC-721: a count; ERC-1155: a sum" }),
            nfts: field.list("ERC-721 and ERC-1155: the tokens it holds, with their metadata; empty for ERC-20", 
              z.object({
                ownerSince: z.number().int().openapi({ description: "Unix seconds of the block at which it got this token" }),
                tokenId: field.tokenId,
                name: z.string().openapi({ description: "The token's name (its effective metadata)" }),
                description: z.string().openapi({ description: "The token's description" }),
                mediaUrl: z.string().openapi({ description: "Its image or other media" }),
                externalUrl: z.string().openapi({ description: "A page about it" }),
                traits: field.list(
                  "Its traits",
                  z.object({
                    name: z.string().openapi({ description: "The trait's name (trait_type)" }),
                    value: z.union([z.string(), z.number()]).openapi({ description: "Its value" }),
                  }),
                ),
              }),
            ),
          }),
        ),
      }),
    ),
    ...pastBlockFields,
  })
  .openapi("Holders");
