import type { Settings } from "../config/env.js";
import { createKeyVault, type KeyVault } from "../custody/keyVault.js";
import { resolveMasterKey } from "../custody/masterKey.js";
import { NotFoundError, ValidationError } from "../errors.js";
import { WEBHOOK_EVENT_TYPES } from "../schemas/webhookEvents.js";
import { DELIVERED_EVENT_TYPES } from "../schemas/webhooks.js";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookEvent,
  rotateSecret,
  testWebhook,
} from "../services/webhooks/webhooks.js";
import { findProjectByName, listProjects } from "../store/projects.js";
import { withStore } from "./storeAccess.js";
import type { Output } from "./tokenCommands.js";

/**
 * `tokenhub webhook ...`: what the webhook routes do, for the operator (any project's endpoints, by id). Events queued
 * here (a test, a redelivery) go out once the service runs.
 */
export function parseEventTypes(input: string): string[] {
  const types = input.split(",").map((type) => type.trim()).filter(Boolean);
  const unknown = types.filter((type) => !(WEBHOOK_EVENT_TYPES as string[]).includes(type));
  if (types.length === 0 || unknown.length > 0) {
    throw new ValidationError(`Unknown event type ${unknown.join(", ") || "(none given)"}; event types are ${WEBHOOK_EVENT_TYPES.join(", ")}.`);
  }
  return types;
}

/** The master key the service seals webhook secrets with (the same configuration as the service's). */
function vaultOf(settings: Settings): KeyVault {
  return createKeyVault(() => resolveMasterKey(settings.dataDir, { create: false }));
}

export async function webhookCreate(settings: Settings, out: Output, options: { project: string; url: string; events: string; description?: string }): Promise<void> {
  const events = parseEventTypes(options.events);
  await withStore(settings, async (store) => {
    const project = await findProjectByName(store.db, options.project);
    if (!project) throw new NotFoundError(`No project named ${options.project} (tokenhub project list shows them).`);
    const created = await createWebhook(store.pool, vaultOf(settings), settings.webhooks, project.id, { url: options.url, events, description: options.description });
    out(`Webhook ${created.webhookId} for project ${project.name}: ${created.url} (${created.events.join(", ")}).`);
    out("Its signing secret is shown once; store it now:");
    out(created.secret);
  });
}

export async function webhookList(settings: Settings, out: Output, options: { project?: string }): Promise<void> {
  await withStore(settings, async (store) => {
    const projects = await listProjects(store.db);
    const names = new Map(projects.map((project) => [project.id, project.name]));
    let projectId: string | undefined;
    if (options.project !== undefined) {
      projectId = projects.find((project) => project.name === options.project)?.id;
      if (!projectId) throw new NotFoundError(`No project named ${options.project}.`);
    }
    for (const webhook of await listWebhooks(store.pool, projectId)) {
      out([webhook.webhookId, names.get(webhook.projectId), webhook.url, webhook.events.join(","), webhook.status, webhook.description ?? ""].join("  ").trimEnd());
    }
  });
}

export async function webhookDelete(settings: Settings, out: Output, id: string): Promise<void> {
  await withStore(settings, async (store) => {
    await deleteWebhook(store.pool, undefined, checkedId(id));
    out(`Deleted webhook ${id}.`);
  });
}

export async function webhookTest(settings: Settings, out: Output, id: string): Promise<void> {
  await withStore(settings, async (store) => {
    const { eventId } = await testWebhook(store.pool, settings.webhooks, undefined, checkedId(id));
    out(`Queued test event ${eventId} for webhook ${id}; 'tokenhub webhook deliveries ${id}' shows how it went.`);
  });
}

export async function webhookRotateSecret(settings: Settings, out: Output, id: string): Promise<void> {
  await withStore(settings, async (store) => {
    const rotated = await rotateSecret(store.pool, vaultOf(settings), undefined, checkedId(id));
    out(`New signing secret of webhook ${id} (shown once; the previous one also signs until ${rotated.previousSecretExpiresAt}):`);
    out(rotated.secret);
  });
}

export async function webhookDeliveries(settings: Settings, out: Output, id: string, options: { status?: string; type?: string }): Promise<void> {
  const status = options.status;
  if (status !== undefined && !["pending", "delivered", "failed"].includes(status)) throw new ValidationError("--status is pending, delivered or failed.");
  if (options.type !== undefined && !DELIVERED_EVENT_TYPES.includes(options.type)) throw new ValidationError(`--type is one of ${DELIVERED_EVENT_TYPES.join(", ")}.`);
  await withStore(settings, async (store) => {
    const { deliveries } = await listWebhookDeliveries(store.pool, undefined, checkedId(id), { page: 0, pageSize: 50, status: status as "pending" | undefined, type: options.type });
    for (const delivery of deliveries) {
      const last = delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : (delivery.lastError ?? "not attempted yet");
      out([delivery.eventId, delivery.type, delivery.status, `${delivery.attempts} attempts`, last, delivery.createdAt].join("  "));
    }
  });
}

export async function webhookRedeliver(settings: Settings, out: Output, id: string, eventId: string): Promise<void> {
  await withStore(settings, async (store) => {
    await redeliverWebhookEvent(store.pool, settings.webhooks, undefined, checkedId(id), checkedId(eventId));
    out(`Event ${eventId} is due again for webhook ${id}.`);
  });
}

function checkedId(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new NotFoundError(`No webhook or event ${id}: ids are UUIDs.`);
  return id.toLowerCase();
}
