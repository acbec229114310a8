import { createRoute } from "@hono/zod-openapi";
import type { RuntimeConfig } from "../../config/runtime.js";
import { PAGE_SIZE, bearerSecurity, errorResponses } from "../../schemas/common.js";
import { listCollectionsQuery, listCollectionsResponse } from "../../schemas/collections.js";
import { type IndexDb, listCollections } from "../../services/collections.js";
import { requireScope } from "../middleware/auth.js";
import { createRouter } from "../router.js";

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/collections",
  tags: ["collections"],
  summary: "Collections indexed on a chain (created through tokenhub or listed in the chains file)",
  security: bearerSecurity,
  middleware: [requireScope("read")] as const,
  request: { query: listCollectionsQuery },
  responses: {
    200: { description: "Collections, oldest first", content: { "application/json": { schema: listCollectionsResponse } } },
    ...errorResponses,
  },
});

export function collectionsRoutes(deps: { indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter().openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const result = await listCollections(deps.indexDb, deps.runtime, { ...query, pageSize: PAGE_SIZE });
    return c.json({ success: true as const, collections: result.collections, page: query.page, nextPage: result.nextPage }, 200);
  });
}
