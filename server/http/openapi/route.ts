import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { errorBodySchema } from "../../schemas/common.js";
import { IDEMPOTENCY_RETENTION_HOURS, MAX_KEY_LENGTH } from "../../services/projects/idempotency.js";
import { combined } from "../middleware/combined.js";
import { strictParameters } from "../middleware/strictParameters.js";

/**
 * The response headers every route may send, declared once as components (registerDocumentComponents) and
 * referred to from each response, so a generated client knows them.
 */
export const RESPONSE_HEADERS = {
  "X-Request-Id": {
    description: "This request's id (the client's own X-Request-Id when it sent a usable one, else a new UUID): the server log's lines for it carry it.",
    schema: { type: "string" },
    example: "4f6b2a4e-8e0c-4d8e-9a57-1d0b6f1f2c3a",
  },
  RateLimit: {
    description:
      'Where this request left its rate-limit bucket (IETF draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<requests remaining>;t=<seconds until full>`. Absent when the limit is off.',
    schema: { type: "string" },
    example: '"write";r=19;t=1',
  },
  "RateLimit-Policy": {
    description:
      'The bucket this request took from (read, write or upload per token; anonymous per client address): `"<policy>";q=<burst>;w=<seconds to refill>`. Absent when the limit is off.',
    schema: { type: "string" },
    example: '"write";q=20;w=1',
  },
  "Retry-After": {
    description: "Seconds after which the same request may succeed (on 429 and 503).",
    schema: { type: "integer", minimum: 0 },
    example: 5,
  },
  "Idempotent-Replayed": {
    description: "`true` when this answer is the stored answer of an earlier request with the same Idempotency-Key (nothing was done again); absent otherwise.",
    schema: { type: "string", const: "true" },
  },
} as const;

type HeaderName = keyof typeof RESPONSE_HEADERS;
const headerRefs = (names: HeaderName[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const EVERY_RESPONSE: HeaderName[] = ["X-Request-Id", "RateLimit", "RateLimit-Policy"];

const errorContent = { "application/json": { schema: errorBodySchema } };

/** Any route may refuse for these reasons, whatever it does: its bucket is empty, or the service cannot answer now. */
const EVERY_ROUTE_ERRORS = {
  429: { description: "RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds", content: errorContent },
  503: {
    description: "The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds",
    content: errorContent,
  },
} as const;

const idempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .optional()
    .openapi({
      description: `1 to ${MAX_KEY_LENGTH} characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within ${IDEMPOTENCY_RETENTION_HOURS} hours is not done again: it gets the first answer, with \`Idempotent-Replayed: true\`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. \`X-Idempotency-Key\` is accepted too.`,
      example: "mint-3f2a9c1e-7b4d-4e4a-9d0f-2b8c6a1e5f00",
    }),
});

type ResponseEntry = RouteConfig["responses"][string];

/**
 * The route's own middleware, then the refusal of parameters and body keys its schemas do not declare (run where the
 * validators would, after authentication), as one handler: Ponder's metrics middleware counts every handler a request
 * matches.
 */
function withStrictParameters(route: RouteConfig): MiddlewareHandler[] {
  const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? [...route.middleware] : [route.middleware];
  const json = route.request?.body?.content["application/json"];
  const body = json && "schema" in json ? json.schema : undefined;
  const strict = strictParameters({
    query: route.request?.query,
    body: body instanceof z.ZodType ? body : undefined,
    checkQuery: route.path.startsWith("/api/"),
  });
  return [own.length === 0 ? strict : combined(...own, strict)];
}

/**
 * Every route of the document is made here: it must name its operationId (what generated clients call the method)
 * and describe itself, and it gets the response headers, the 429 and 503 every route may answer, for a write that
 * takes one, the Idempotency-Key header, and the refusal of undeclared query parameters and body keys.
 */
export function apiRoute<R extends RouteConfig & { operationId: string; summary: string; description: string }>(
  config: R & { idempotencyKey?: boolean },
): R & { getRoutingPath(): string } {
  const { idempotencyKey, ...route } = config;
  const responses: Record<string, ResponseEntry> = { ...EVERY_ROUTE_ERRORS, ...route.responses };
  for (const [status, response] of Object.entries(responses)) {
    const names = [...EVERY_RESPONSE];
    if (status === "429" || status === "503") names.push("Retry-After");
    if (idempotencyKey && status.startsWith("2")) names.push("Idempotent-Replayed");
    responses[status] = { ...response, headers: headerRefs(names) };
  }
  const request = idempotencyKey ? { ...route.request, headers: idempotencyKeyHeader } : route.request;
  return createRoute({ ...route, middleware: withStrictParameters(route), request, responses } as unknown as R);
}
