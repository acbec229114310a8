import { z } from "@hono/zod-openapi";
import type { Address } from "viem";
import { addressSchema, chainIdSchema } from "./common.js";

/** `contractAddresses=0xa,0xb`, repeated, or `contractAddresses[]=…`, from the query string or a JSON body. */
export const contractAddressList = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((item) => item.trim()).filter(Boolean);
    const addresses: Address[] = [];
    for (const part of parts) {
      const parsed = addressSchema.safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: `${part}: ${parsed.error.issues[0]?.message ?? "not an address"}` });
        return z.NEVER;
      }
      addresses.push(parsed.data as Address);
    }
    if (addresses.length === 0) {
      ctx.addIssue({ code: "custom", message: "give at least one contract address" });
      return z.NEVER;
    }
    return addresses;
  })
  .openapi({ type: "string", description: "Contract addresses: a comma list, repeated, or contractAddresses[]" });

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
