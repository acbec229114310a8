import { createRoute, type z } from "@hono/zod-openapi";
import { bearerSecurity, errorResponses, notReadyResponse } from "../../schemas/common.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { requireIndexReady } from "../middleware/indexReady.js";

/** A GET that reads the index: `read` scope, the query schema, the response schema, every error. */
export function indexReadRoute<Query extends z.ZodObject, Response extends z.ZodType>(spec: {
  path: string;
  tag: string;
  summary: string;
  query: Query;
  response: Response;
}) {
  return createRoute({
    method: "get",
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    security: bearerSecurity,
    middleware: [combined(requireScope("read"), requireIndexReady())] as const,
    request: { query: spec.query },
    responses: {
      200: { description: "A page of results (50 a page; nextPage is null on the last)", content: { "application/json": { schema: spec.response } } },
      ...errorResponses,
      ...notReadyResponse,
    },
  });
}
