import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { chainIdSchema, pageSchema } from "./common.js";
import { nextPageKey, pageKeyParameter } from "./pageKey.js";

export const listCollectionsQuery = z.object({
  chainId: chainIdSchema,
  page: pageSchema,
  // The last collection answered: its creation block and its address (lowercase).
  pageKey: pageKeyParameter(2, /^(\d{1,20}|0x[0-9a-f]{40})$/),
});

const collectionSchema = z
  .object({
    chainId: field.chainId,
    contractAddress: field.contractAddress,
    type: z.enum(["erc20", "erc721", "erc1155"]).openapi({ description: "The token standard" }),
    name: z.string().nullable().openapi({ description: "Its name (null when the contract has none)" }),
    symbol: z.string().nullable().openapi({ description: "Its symbol (null when the contract has none)" }),
    decimals: z.number().int().nullable().openapi({ description: "ERC-20: its decimals; null for NFTs" }),
    transferable: z.boolean().nullable().openapi({ description: "NFTs created by tokenhub: false when soulbound; null otherwise" }),
    source: z.string().openapi({ description: "`factory` (created through tokenhub) or `external` (from the chains file)" }),
    createdBlock: z.string().openapi({ description: "The block it was created in (or the chains file's start block)" }),
  })
  .openapi("Collection");

export const listCollectionsResponse = z
  .object({ success: field.success, collections: field.list("The collections, oldest first", collectionSchema), page: field.page, nextPage: field.nextPage, nextPageKey })
  .openapi("CollectionList");
