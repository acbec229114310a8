import { randomUUID } from "node:crypto";
import type { NewWebhookEvent } from "../../store/webhookOutbox.js";

/**
 * A webhook event, before it is stored: a new id, and the JSON body every attempt sends as is
 * (`{ id, type, timestamp, data }`, server/schemas/webhookEvents.ts). `subscription` is the type endpoints subscribe to
 * for it when that is not its own (a `.reorged` compensation); `endpointId` sends it to that endpoint alone.
 */
export function webhookEvent(projectId: string, type: string, subject: string, data: object, options: { subscription?: string; endpointId?: string } = {}): NewWebhookEvent {
  const id = randomUUID();
  return {
    id,
    projectId,
    type,
    subscription: options.subscription ?? type,
    subject,
    body: JSON.stringify({ id, type, timestamp: new Date().toISOString(), data }),
    ...(options.endpointId === undefined ? {} : { endpointId: options.endpointId }),
  };
}

