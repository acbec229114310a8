import { z } from "@hono/zod-openapi";
import type { Scope } from "../../services/projects/apiTokens.js";
import { bearerSecurity, errorBodySchema, errorResponses } from "../../schemas/common.js";
import { writeOutcomeSchema, writeWaitQuery } from "../../schemas/writes.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { idempotent } from "../middleware/idempotency.js";
import { apiRoute } from "../openapi/route.js";

const chainErrors = {
  409: { description: "Idempotency-Key reused with another body", content: { "application/json": { schema: errorBodySchema } } },
  422: { description: "The chain would revert the transaction (reason in `error`)", content: { "application/json": { schema: errorBodySchema } } },
  503: { description: "The chain's RPC is unavailable", content: { "application/json": { schema: errorBodySchema } } },
} as const;

/**
 * A JSON route's body. Sent without a Content-Type, or as text/plain (what `fetch` sends for a string body when the
 * caller sets no type), it is read as JSON too: the request-body middleware says so to the validators.
 */
export function jsonRequestBody<Body extends z.ZodType>(schema: Body) {
  return {
    required: true,
    description: "JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too.",
    content: { "application/json": { schema }, "text/plain": { schema } },
  };
}

type WriteRouteSpec<Body extends z.ZodType, Response extends z.ZodType> = {
  method?: "post" | "put";
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  scope: Scope;
  body: Body;
  response: Response;
};

/** A JSON POST (or PUT) that writes: bearer scope, Idempotency-Key, the body schema, the response schema, every error. */
export function jsonWriteRoute<Body extends z.ZodType, Response extends z.ZodType, Query extends z.ZodObject = z.ZodObject<Record<never, never>>>(
  spec: WriteRouteSpec<Body, Response> & { query?: Query; answered?: string },
) {
  return apiRoute({
    method: spec.method ?? "post",
    path: spec.path,
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description,
    security: bearerSecurity,
    idempotencyKey: true,
    middleware: [combined(requireScope(spec.scope), idempotent())] as const,
    request: { body: jsonRequestBody(spec.body), query: spec.query ?? (z.object({}) as unknown as Query) },
    responses: {
      200: { description: spec.answered ?? "Sent", content: { "application/json": { schema: spec.response } } },
      ...errorResponses,
      ...chainErrors,
    },
  });
}

/**
 * A write that sends a transaction (a mint, a create, an account's call): as jsonWriteRoute, and `?wait=mined` or
 * `?wait=final` holds the answer until its transaction is that far (services/transactions/operations.ts,
 * awaitOperation), adding what the chain assigned.
 */
export function chainWriteRoute<Body extends z.ZodType, Response extends z.ZodType>(spec: WriteRouteSpec<Body, Response>) {
  return jsonWriteRoute({
    ...spec,
    query: writeWaitQuery,
    response: spec.response.and(writeOutcomeSchema),
    answered: "Sent (and, with `wait`, mined or final, or still pending when the bound passed)",
  });
}
