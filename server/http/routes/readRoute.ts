import type { z } from "@hono/zod-openapi";
import { bearerSecurity, errorResponses, notReadyResponse } from "../../schemas/common.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { requireIndexReady } from "../middleware/indexReady.js";
import { apiRoute } from "../openapi/route.js";

/** A GET that reads the index: `read` scope, the query schema, the response schema, every error. */
export function indexReadRoute<Query extends z.ZodObject, Response extends z.ZodType>(spec: {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  query: Query;
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
    middleware: [combined(requireScope("read"), requireIndexReady())] as const,
    request: { query: spec.query },
    responses: {
      200: { description: "A page of results (50 a page; nextPage is null on the last)", content: { "application/json": { schema: spec.response } } },
      ...errorResponses,
      ...notReadyResponse,
    },
  });
}
