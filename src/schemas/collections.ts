import { z } from "@hono/zod-openapi";
import { chainIdSchema, pageSchema } from "./common.js";

export const listCollectionsQuery = z.object({ chainId: chainIdSchema, page: pageSchema });

const collectionSchema = z
  .object({
    chainId: z.number().int(),
    contractAddress: z.string(),
    type: z.enum(["erc20", "erc721", "erc1155"]),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    decimals: z.number().int().nullable(),
    transferable: z.boolean().nullable(),
    source: z.string().openapi({ description: "`factory` (created through tokenhub) or `external` (from the chains file)" }),
    createdBlock: z.string(),
  })
  .openapi("Collection");

export const listCollectionsResponse = z
  .object({ success: z.literal(true), collections: z.array(collectionSchema), page: z.number().int(), nextPage: z.number().int().nullable() })
  .openapi("CollectionList");
