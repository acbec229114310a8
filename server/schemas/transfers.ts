import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { tokenIdSchema } from "./amounts.js";
import { addressSchema, blockNumberSchema, chainIdSchema } from "./common.js";
import { nextPageKey, pageKeyParameter } from "./pageKey.js";

const blockParameter = (description: string) => blockNumberSchema.optional().openapi({ example: 1042, description });

export const transfersQuery = z.object({
  chainId: chainIdSchema,
  contractAddress: field.contractAddressInput,
  tokenId: tokenIdSchema.optional().openapi({ description: "Only the transfers of this token (ERC-721 and ERC-1155)" }),
  address: addressSchema.optional().openapi({ description: "Only the transfers from or to this address" }),
  fromBlock: blockParameter("Only the transfers of this block and later"),
  toBlock: blockParameter("Only the transfers of this block and earlier"),
  // A transfer's id: Ponder's checkpoint of its log and its part, digits only.
  pageKey: pageKeyParameter(1, /^\d{1,100}$/),
});

export const transfersResponse = z
  .object({
    success: field.success,
    transfers: field.list(
      "The contract's transfers, newest first (mints from and burns to the zero address included); 50 a page",
      z.object({
        standard: z.enum(["erc20", "erc721", "erc1155"]).openapi({ description: "The token standard" }),
        contractAddress: field.contractAddress,
        from: z.string().openapi({ description: "The sender (EIP-55; the zero address for a mint)" }),
        to: z.string().openapi({ description: "The recipient (EIP-55; the zero address for a burn)" }),
        tokenId: field.tokenId.nullable().openapi({ description: "The token moved (uint256, decimal); null for ERC-20" }),
        amount: z.string().openapi({ description: "How much moved: ERC-20 in the token's units (its decimals applied), ERC-721 1, ERC-1155 the quantity" }),
        amountRaw: field.amountRaw,
        blockNumber: field.blockNumber,
        timestamp: field.timestamp,
        transactionHash: field.transactionHash,
        logIndex: z.number().int().openapi({ description: "The log's index in its block (an ERC-1155 batch's moves share it)" }),
      }),
    ),
    nextPageKey,
  })
  .openapi("Transfers");
