import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { addressSchema, chainIdSchema } from "./common.js";
import { openSeaMetadataSchema } from "./owners.js";
import { nextPageKey, pageKeyParameter } from "./pageKey.js";

export const walletTokensQuery = z.object({
  chainId: chainIdSchema,
  ownerAddress: addressSchema.openapi({ type: "string", description: "The address whose holdings are listed", example: field.EXAMPLE.owner }),
  // The last holding of the page before: its contract (lowercase) and token id (-1 for an ERC-20 balance).
  pageKey: pageKeyParameter(2, /^(0x[0-9a-f]{40}|-1|\d{1,78})$/),
});

export const walletTokensResponse = z
  .object({
    success: field.success,
    tokens: field.list(
      "What the address holds, by contract address then token id, 50 a page: each ERC-721 token, each ERC-1155 balance, each ERC-20 balance",
      z.object({
        contractAddress: field.contractAddress,
        tokenType: z.enum(["erc20", "erc721", "erc1155"]).openapi({ description: "The token standard" }),
        name: field.tokenName,
        symbol: field.tokenSymbol,
        tokenId: field.tokenId.nullable().openapi({ description: "The token (uint256, decimal); null for an ERC-20 balance" }),
        balance: z.string().openapi({ description: "ERC-20: in the token's units (its decimals applied); ERC-721: 1; ERC-1155: how many of the type it holds" }),
        balanceRaw: field.amountRaw,
        ownerSince: z.number().int().openapi({ description: "Unix seconds of the block at which the current holding began" }),
        // A union, not .nullable(): a null beside the shared Metadata component has to be said in the document too.
        metadata: z.union([openSeaMetadataSchema, z.null()]).openapi({ description: "ERC-721 and ERC-1155: the token's effective metadata; null for ERC-20" }),
        tbaAddress: z.string().nullable().openapi({ description: "ERC-721: the token's ERC-6551 account address (whether or not it exists yet); null otherwise" }),
      }),
    ),
    nextPageKey,
  })
  .openapi("WalletTokens");
