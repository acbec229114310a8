import { createRoute, type z } from "@hono/zod-openapi";
import type { Scope } from "../../services/apiTokens.js";
import { bearerSecurity, errorBodySchema, errorResponses } from "../../schemas/common.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { idempotent } from "../middleware/idempotency.js";

const chainErrors = {
  409: { description: "Idempotency-Key reused with another body", content: { "application/json": { schema: errorBodySchema } } },
  422: { description: "The chain would revert the transaction (reason in `error`)", content: { "application/json": { schema: errorBodySchema } } },
  503: { description: "The chain's RPC is unavailable", content: { "application/json": { schema: errorBodySchema } } },
} as const;

/** A JSON POST (or PUT) that writes: bearer scope, Idempotency-Key, the body schema, the response schema, every error. */
export function jsonWriteRoute<Body extends z.ZodType, Response extends z.ZodType>(spec: {
  method?: "post" | "put";
  path: string;
  tag: string;
  summary: string;
  scope: Scope;
  body: Body;
  response: Response;
}) {
  return createRoute({
    method: spec.method ?? "post",
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    security: bearerSecurity,
    middleware: [combined(requireScope(spec.scope), idempotent())] as const,
    request: {
      body: { required: true, content: { "application/json": { schema: spec.body } } },
    },
    responses: {
      200: { description: "Sent", content: { "application/json": { schema: spec.response } } },
      ...errorResponses,
      ...chainErrors,
    },
  });
}
