import type { RuntimeConfig } from "../../config/runtime.js";
import { PAGE_SIZE, bearerSecurity, errorResponses } from "../../schemas/common.js";
import { listCollectionsQuery, listCollectionsResponse } from "../../schemas/collections.js";
import { type IndexDb, listCollections } from "../../services/collections/collections.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { awaitIndexed } from "../middleware/readAfter.js";
import { readAfterHeaders, readAfterQuery } from "../../schemas/readAfter.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";

const listRoute = apiRoute({
  method: "get",
  path: "/api/v1/collections",
  operationId: "listCollections",
  tags: ["collections"],
  description: "The ERC-20, ERC-721 and ERC-1155 contracts the index follows on the chain, oldest first, 50 a page, with their kind, name and symbol, and whether tokenhub created them.",
  summary: "Collections indexed on a chain (created through tokenhub or listed in the chains file)",
  security: bearerSecurity,
  middleware: [combined(requireScope("read"), awaitIndexed())] as const,
  request: { query: listCollectionsQuery.extend(readAfterQuery), headers: readAfterHeaders },
  responses: {
    200: { description: "Collections, oldest first", content: { "application/json": { schema: listCollectionsResponse } } },
    ...errorResponses,
  },
});

export function collectionsRoutes(deps: { indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter().openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const result = await listCollections(deps.indexDb, deps.runtime, { ...query, pageSize: PAGE_SIZE });
    return c.json({ success: true as const, collections: result.collections, page: query.page, nextPage: result.nextPage, nextPageKey: result.nextPageKey }, 200);
  });
}
