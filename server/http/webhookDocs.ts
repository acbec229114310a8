import { z } from "@hono/zod-openapi";
import { REVERSIBLE_EVENT_TYPES, TEST_EVENT_TYPE, testEventData, WEBHOOK_EVENTS, webhookEventEnvelope } from "../schemas/webhookEvents.js";
import { createRouter } from "./router.js";

const signatureHeaders = z.object({
  "webhook-id": z.string().openapi({ description: "The event's id, the same on every attempt: deduplicate on it" }),
  "webhook-timestamp": z.string().openapi({ description: "Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes)" }),
  "webhook-signature": z.string().openapi({
    description:
      "Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps",
  }),
});

/** `token.minted.reorged` → `onTokenMintedReorged`: what a generated client names the handler of that event. */
function webhookOperationId(type: string): string {
  return `on${type
    .split(/[._-]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}`;
}

/**
 * The OpenAPI 3.1 `webhooks` section: for each event type, the request the service sends to a subscribed endpoint,
 * its body from server/schemas/webhookEvents.ts (also what `.reorged` compensations carry, for the index's events). A
 * router of its own, serving nothing, mounted last so that its schemas come after the routes' in the document.
 */
export function webhookDocs() {
  const app = createRouter();
  const test = { data: testEventData, summary: "What POST /api/v1/webhooks/{webhookId}/test sends, to that endpoint alone" };
  for (const [type, { data, summary }] of [...Object.entries(WEBHOOK_EVENTS), [TEST_EVENT_TYPE, test] as const]) {
    const reversible = (REVERSIBLE_EVENT_TYPES as readonly string[]).includes(type);
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      operationId: webhookOperationId(type),
      tags: ["webhooks"],
      // The service sends these: the receiver checks the signature headers, not a bearer token.
      security: [],
      summary,
      description: `${summary}.${reversible ? ` If a reorganisation removes it, \`${type}.reorged\` follows with the same data and \`reorgedEventId\`, the id of this event.` : ""}${type === TEST_EVENT_TYPE ? "" : ` Sent to endpoints subscribed to \`${type}\`.`}`,
      request: {
        headers: signatureHeaders,
        body: { required: true, content: { "application/json": { schema: webhookEventEnvelope(type, data, summary) } } },
      },
      responses: { 200: { description: "Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours" } },
    });
  }
  return app;
}
