import type { z } from "@hono/zod-openapi";
import type { WebhookSettings } from "../../config/env.js";
import type { KeyVault } from "../../custody/keyVault.js";
import { bearerSecurity, errorResponses, PAGE_SIZE } from "../../schemas/common.js";
import {
  createWebhookBody,
  createWebhookResponse,
  deletedResponse,
  deliveriesQuery,
  deliveriesResponse,
  listWebhooksResponse,
  redeliveredResponse,
  rotatedSecretResponse,
  testWebhookResponse,
  webhookEventParams,
  webhookParams,
} from "../../schemas/webhooks.js";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookEvent,
  rotateSecret,
  testWebhook,
} from "../../services/webhooks/webhooks.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { idempotent } from "../middleware/idempotency.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";
import { jsonRequestBody } from "./writeRoute.js";

type Spec = { method: "get" | "post" | "delete"; path: string; operationId: string; summary: string; description: string; response: z.ZodType };

const scope = { post: combined(requireScope("webhooks"), idempotent()), other: requireScope("webhooks") };

/** A `webhooks`-scope route of one endpoint: a POST takes an Idempotency-Key like every write. */
function endpointRoute<Params extends z.ZodObject>(spec: Spec, params: Params) {
  return apiRoute({
    method: spec.method,
    path: spec.path,
    tags: ["webhooks"],
    idempotencyKey: spec.method === "post",
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    security: bearerSecurity,
    middleware: [spec.method === "post" ? scope.post : scope.other] as const,
    request: { params },
    responses: { 200: { description: "Done", content: { "application/json": { schema: spec.response } } }, ...errorResponses },
  });
}

const createSpec = apiRoute({
  method: "post",
  idempotencyKey: true,
  path: "/api/v1/webhooks",
  tags: ["webhooks"],
  operationId: "createWebhook",
  summary: "Subscribe a URL to events",
  description:
    "Creates a webhook endpoint of the project: the events of the given types are POSTed to `url`, signed as Standard Webhooks defines (webhook-id, webhook-timestamp, webhook-signature). The answer carries the signing secret, once.",
  security: bearerSecurity,
  middleware: [scope.post] as const,
  request: { body: jsonRequestBody(createWebhookBody) },
  responses: { 200: { description: "Created", content: { "application/json": { schema: createWebhookResponse } } }, ...errorResponses },
});

const listSpec = apiRoute({
  method: "get",
  path: "/api/v1/webhooks",
  tags: ["webhooks"],
  operationId: "listWebhooks",
  summary: "The project's webhook endpoints",
  description: "Every endpoint of the project, oldest first, with its status (failing once a delivery ran out of retries); secrets are never listed.",
  security: bearerSecurity,
  middleware: [scope.other] as const,
  responses: { 200: { description: "The endpoints", content: { "application/json": { schema: listWebhooksResponse } } }, ...errorResponses },
});

const deleteSpec = endpointRoute(
  {
    method: "delete",
    path: "/api/v1/webhooks/{webhookId}",
    operationId: "deleteWebhook",
    summary: "Delete a webhook endpoint",
    description: "Deletes the endpoint with its delivery log; deliveries still pending are not sent.",
    response: deletedResponse,
  },
  webhookParams,
);

const testSpec = endpointRoute(
  {
    method: "post",
    path: "/api/v1/webhooks/{webhookId}/test",
    operationId: "testWebhook",
    summary: "Send a test event to an endpoint",
    description: "Queues a `webhook.test` event for this endpoint alone, signed, retried and logged like any other; its outcome shows in the delivery log.",
    response: testWebhookResponse,
  },
  webhookParams,
);

const rotateSpec = endpointRoute(
  {
    method: "post",
    path: "/api/v1/webhooks/{webhookId}/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Replace an endpoint's signing secret",
    description:
      "Answers a new secret, once. For 24 hours deliveries carry two signatures in webhook-signature, one per secret, so the receiver can switch without missing a delivery.",
    response: rotatedSecretResponse,
  },
  webhookParams,
);

const deliveriesSpec = apiRoute({
  method: "get",
  path: "/api/v1/webhooks/{webhookId}/deliveries",
  tags: ["webhooks"],
  operationId: "listWebhookDeliveries",
  summary: "An endpoint's delivery log",
  description: "Its deliveries, newest first, 50 a page: status, attempts, the last response code or error, and the body delivered.",
  security: bearerSecurity,
  middleware: [scope.other] as const,
  request: { params: webhookParams, query: deliveriesQuery },
  responses: { 200: { description: "A page of deliveries (nextPage is null on the last)", content: { "application/json": { schema: deliveriesResponse } } }, ...errorResponses },
});

const redeliverSpec = endpointRoute(
  {
    method: "post",
    path: "/api/v1/webhooks/{webhookId}/deliveries/{eventId}/redeliver",
    operationId: "redeliverWebhookEvent",
    summary: "Send an event to an endpoint again",
    description: "Makes the delivery due now, with a new 24-hour retry window, whether it was delivered, failed or is still retrying. Same event id, same body.",
    response: redeliveredResponse,
  },
  webhookEventParams,
);

export function webhooksRoutes(deps: { store: StoreDb; vault: KeyVault; runtime: { webhooks: WebhookSettings } }) {
  const db = deps.store.$client;
  const settings = deps.runtime.webhooks;
  return createRouter()
    .openapi(createSpec, async (c) => c.json({ success: true as const, ...(await createWebhook(db, deps.vault, settings, c.get("principal").projectId, c.req.valid("json"))) }, 200))
    .openapi(listSpec, async (c) => c.json({ success: true as const, webhooks: (await listWebhooks(db, c.get("principal").projectId)).map(({ projectId: _, ...view }) => view) }, 200))
    .openapi(deleteSpec, async (c) => {
      await deleteWebhook(db, c.get("principal").projectId, c.req.valid("param").webhookId);
      return c.json({ success: true as const }, 200);
    })
    .openapi(testSpec, async (c) => c.json({ success: true as const, ...(await testWebhook(db, settings, c.get("principal").projectId, c.req.valid("param").webhookId)) }, 200))
    .openapi(rotateSpec, async (c) => c.json({ success: true as const, ...(await rotateSecret(db, deps.vault, c.get("principal").projectId, c.req.valid("param").webhookId)) }, 200))
    .openapi(deliveriesSpec, async (c) => {
      const query = c.req.valid("query");
      const options = { page: query.page, pageKey: query.pageKey, pageSize: PAGE_SIZE, status: query.status, type: query.type };
      const page = await listWebhookDeliveries(db, c.get("principal").projectId, c.req.valid("param").webhookId, options);
      return c.json({ success: true as const, deliveries: page.deliveries, page: query.page, nextPage: page.nextPage, nextPageKey: page.nextPageKey }, 200);
    })
    .openapi(redeliverSpec, async (c) => {
      const { webhookId, eventId } = c.req.valid("param");
      return c.json({ success: true as const, delivery: await redeliverWebhookEvent(db, settings, c.get("principal").projectId, webhookId, eventId) }, 200);
    });
}
