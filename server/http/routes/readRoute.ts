import type { z } from "@hono/zod-openapi";
import { bearerSecurity, errorResponses, notReadyResponse } from "../../schemas/common.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { requireIndexReady } from "../middleware/indexReady.js";
import { awaitIndexed } from "../middleware/readAfter.js";
import { readAfterHeaders, withReadAfter } from "../../schemas/readAfter.js";
import { apiRoute } from "../openapi/route.js";

/**
 * A GET that reads the index: `read` scope, the query schema (with minBlock and afterOperation, server/schemas/readAfter.ts),
 * the response schema, every error.
 */
export function indexReadRoute<QueryShape extends z.ZodRawShape, Response extends z.ZodType>(spec: {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  query: z.ZodObject<QueryShape>;
  response: Response;
}) {
  return apiRoute({
    method: "get",
    path: spec.path,
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description,
    security: bearerSecurity,
    middleware: [combined(requireScope("read"), requireIndexReady(), awaitIndexed())] as const,
    request: { query: withReadAfter(spec.query), headers: readAfterHeaders },
    responses: {
      200: { description: "A page of results (50 a page; nextPage is null on the last)", content: { "application/json": { schema: spec.response } } },
      ...errorResponses,
      ...notReadyResponse,
    },
  });
}
