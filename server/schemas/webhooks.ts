import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { pageSchema } from "./common.js";
import { nextPageKey, pageKeyParameter } from "./pageKey.js";
import { text } from "./text.js";
import { REVERSIBLE_EVENT_TYPES, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "./webhookEvents.js";

/** Every type a delivery can carry: the subscribable ones, their `.reorged` compensations, and the test event. */
export const DELIVERED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...REVERSIBLE_EVENT_TYPES.map((type) => `${type}.reorged`), TEST_EVENT_TYPE];

const uuidParam = (name: string, what: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `must be ${what} (UUID)`)
    .transform((value) => value.toLowerCase())
    .openapi({ param: { name, in: "path" }, type: "string", format: "uuid", description: `The ${what}` });

export const webhookParams = z.object({ webhookId: uuidParam("webhookId", "a webhook id") });
export const webhookEventParams = z.object({ webhookId: uuidParam("webhookId", "a webhook id"), eventId: uuidParam("eventId", "an event id") });

export const createWebhookBody = z
  .object({
    url: text()
      .trim()
      .min(1, "is required")
      .max(2000, "at most 2000 characters")
      .openapi({
        description:
          "Where events are POSTed: http or https; loopback, private and other special-use addresses are refused unless TOKENHUB_WEBHOOK_ALLOW_PRIVATE=true",
        example: "https://app.example.com/tokenhub/webhooks",
      }),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]], { error: () => `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
      .min(1, "subscribe to at least one event type")
      .openapi({ description: "The event types delivered to it (a `.reorged` compensation comes with the type it takes back)", example: ["mint.confirmed", "token.transferred"] }),
    description: text().trim().max(500, "at most 500 characters").optional().openapi({ description: "Your own note about it", example: "orders service" }),
  })
  .openapi("CreateWebhookRequest");

const webhookFields = {
  webhookId: z.string().uuid().openapi({ description: "The endpoint's id" }),
  url: z.string().openapi({ description: "Where its events are POSTed" }),
  description: z.string().nullable().openapi({ description: "The note given at creation" }),
  events: z.array(z.string()).openapi({ description: "The event types it subscribes to" }),
  status: z.enum(["active", "failing"]).openapi({ description: "failing: a delivery ran out of retries (24 h); back to active with the next delivery that succeeds" }),
  failingSince: z.string().nullable().openapi({ description: "When it was marked failing (ISO-8601), null while active" }),
  createdAt: z.string().openapi({ description: "When it was created (ISO-8601)" }),
};

const webhook = z.object(webhookFields).openapi("Webhook");

const secret = z.string().openapi({
  description: "The signing secret (Standard Webhooks, whsec_ and base64): shown once, store it now",
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
});

export const createWebhookResponse = z.object({ success: field.success, ...webhookFields, secret }).openapi("WebhookCreated");

export const listWebhooksResponse = z.object({ success: field.success, webhooks: field.list("The endpoints, oldest first", webhook) }).openapi("Webhooks");

export const deletedResponse = z.object({ success: field.success }).openapi("Deleted");

export const testWebhookResponse = z
  .object({ success: field.success, eventId: z.string().uuid().openapi({ description: "The test event's id; its delivery shows in the delivery log" }) })
  .openapi("WebhookTestQueued");

export const rotatedSecretResponse = z
  .object({
    success: field.success,
    webhookId: webhookFields.webhookId,
    secret,
    previousSecretExpiresAt: z.string().openapi({ description: "Until then deliveries carry a signature with the previous secret too (ISO-8601)" }),
  })
  .openapi("WebhookSecretRotated");

export const deliveriesQuery = z.object({
  page: pageSchema,
  // A delivery's position in the log, digits.
  pageKey: pageKeyParameter(1, /^\d{1,20}$/),
  status: z.enum(["pending", "delivered", "failed"]).optional().openapi({ description: "Only deliveries in this state" }),
  type: z
    .enum(DELIVERED_EVENT_TYPES as [string, ...string[]], { error: () => `must be one of ${DELIVERED_EVENT_TYPES.join(", ")}` })
    .optional()
    .openapi({ description: "Only deliveries of this event type", example: "webhook.test" }),
});

const delivery = z
  .object({
    eventId: z.string().uuid().openapi({ description: "The event's id (its webhook-id header)" }),
    type: z.string().openapi({ description: "The event's type", example: "mint.confirmed" }),
    status: z.enum(["pending", "delivered", "failed"]).openapi({ description: "pending: not delivered yet (retrying); failed: ran out of retries" }),
    attempts: z.number().int().openapi({ description: "Attempts made" }),
    lastStatusCode: z.number().int().nullable().openapi({ description: "The endpoint's HTTP status at the last attempt; null if it gave none (timeout, refused)" }),
    lastError: z.string().nullable().openapi({ description: "Why the last attempt failed" }),
    lastAttemptAt: z.string().nullable().openapi({ description: "ISO-8601" }),
    nextAttemptAt: z.string().nullable().openapi({ description: "When it is tried next, while pending (ISO-8601)" }),
    deliveredAt: z.string().nullable().openapi({ description: "ISO-8601" }),
    createdAt: z.string().openapi({ description: "When the event was recorded (ISO-8601)" }),
    event: z.unknown().openapi({ description: "The body delivered: { id, type, timestamp, data }" }),
  })
  .openapi("WebhookDelivery");

export const deliveriesResponse = z
  .object({ success: field.success, deliveries: field.list("The deliveries, newest first", delivery), page: field.page, nextPage: field.nextPage, nextPageKey })
  .openapi("WebhookDeliveries");

export const redeliveredResponse = z.object({ success: field.success, delivery }).openapi("WebhookRedelivered");
