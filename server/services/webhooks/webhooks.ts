import { randomUUID } from "node:crypto";
import dns from "node:dns/promises";
import net from "node:net";
import type pg from "pg";
import type { WebhookSettings } from "../../config/env.js";
import type { KeyVault } from "../../custody/keyVault.js";
import { sealWebhookSecret } from "../../custody/webhookSecret.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import { encodePageKey, pageStart } from "../../schemas/pageKey.js";
import { TEST_EVENT_TYPE } from "../../schemas/webhookEvents.js";
import type { Queryable } from "../../store/transactions.js";
import { type DeliveryLogEntry, listDeliveries, redeliver } from "../../store/webhookDeliveries.js";
import {
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  type WebhookEndpoint,
} from "../../store/webhookEndpoints.js";
import { insertWebhookEvents } from "../../store/webhookOutbox.js";
import { specialUseRefusal } from "../metadata/specialUseAddresses.js";
import { webhookEvent } from "./webhookEvent.js";
import { withSealingKey } from "./webhookSecrets.js";
import { generateWebhookSecret } from "./webhookSignature.js";

/**
 * A project's webhook endpoints: created with the events they subscribe to (their secret answered once, and stored
 * sealed with the master key), listed, deleted, tested, their secret rotated, their deliveries listed and redelivered.
 * `projectId` undefined (the CLI, run by the operator) reaches every project's; a project's token reaches its own
 * only, another's being a 404.
 */
export type WebhookView = {
  webhookId: string;
  url: string;
  description: string | null;
  events: string[];
  status: "active" | "failing";
  failingSince: string | null;
  createdAt: string;
};

/** How long the secret a rotation replaces keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

export function webhookView(endpoint: WebhookEndpoint): WebhookView {
  return {
    webhookId: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    status: endpoint.failingSince === null ? "active" : "failing",
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

/**
 * Refuses a URL the service must not call: not http(s), or a host that is, or resolves to, a special-use address
 * (loopback, private, link-local...: the same rules as remote metadata) unless such addresses are allowed. Deliveries
 * check the address again when they connect, so a name turned to such an address later is refused then.
 */
export async function checkWebhookUrl(input: string, settings: Pick<WebhookSettings, "allowPrivateAddresses">): Promise<string> {
  const refuse = (message: string) => new ValidationError(`Invalid body: url: ${message}.`, [{ path: "url", message }]);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refuse("must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse(`must be http or https, not ${url.protocol.replace(/:$/, "")}`);
  if (settings.allowPrivateAddresses) return url.toString();
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = net.isIP(host) !== 0 ? [host] : await dns.lookup(host, { all: true }).then((found) => found.map((entry) => entry.address), () => undefined);
  if (addresses === undefined || addresses.length === 0) throw refuse(`its host ${host} does not resolve`);
  for (const address of addresses) {
    const refusal = specialUseRefusal(address);
    if (refusal) throw refuse(`${host === address ? host : `${host} resolves to ${address}, which`} is ${refusal}; such addresses are refused unless TOKENHUB_WEBHOOK_ALLOW_PRIVATE=true`);
  }
  return url.toString();
}

export async function createWebhook(
  pool: pg.Pool,
  vault: KeyVault,
  settings: WebhookSettings,
  projectId: string,
  input: { url: string; events: string[]; description?: string },
): Promise<WebhookView & { secret: string }> {
  const url = await checkWebhookUrl(input.url, settings);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const endpoint = await withSealingKey(pool, vault, (client, master) =>
    insertWebhookEndpoint(client, {
      id,
      projectId,
      url,
      description: input.description ?? null,
      events: [...new Set(input.events)],
      secret: sealWebhookSecret(master, id, secret),
    }),
  );
  return { ...webhookView(endpoint), secret };
}

export async function listWebhooks(db: Queryable, projectId: string | undefined): Promise<(WebhookView & { projectId: string })[]> {
  return (await listWebhookEndpoints(db, projectId)).map((endpoint) => ({ ...webhookView(endpoint), projectId: endpoint.projectId }));
}

async function requireEndpoint(db: Queryable, projectId: string | undefined, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(db, projectId, id);
  if (endpoint === undefined) throw new NotFoundError(`No webhook ${id} belongs to this project.`);
  return endpoint;
}

export async function deleteWebhook(db: Queryable, projectId: string | undefined, id: string): Promise<void> {
  if (!(await deleteWebhookEndpoint(db, projectId, id))) throw new NotFoundError(`No webhook ${id} belongs to this project.`);
}

/** A new secret, answered once; the old one keeps signing (a second signature) for SECRET_OVERLAP_MS. */
export async function rotateSecret(
  pool: pg.Pool,
  vault: KeyVault,
  projectId: string | undefined,
  id: string,
): Promise<{ webhookId: string; secret: string; previousSecretExpiresAt: string }> {
  const secret = generateWebhookSecret();
  const endpoint = await withSealingKey(pool, vault, async (client, master) => {
    // Sealed for the id as stored, whatever spelling of it the caller used.
    const found = await findWebhookEndpoint(client, projectId, id);
    return found && (await rotateWebhookSecret(client, projectId, found.id, sealWebhookSecret(master, found.id, secret), SECRET_OVERLAP_MS));
  });
  if (endpoint === undefined) throw new NotFoundError(`No webhook ${id} belongs to this project.`);
  return { webhookId: endpoint.id, secret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt!.toISOString() };
}

/** Queues a `webhook.test` event for this endpoint alone, delivered (and logged) like any other. */
export async function testWebhook(db: Queryable, settings: WebhookSettings, projectId: string | undefined, id: string): Promise<{ eventId: string }> {
  const endpoint = await requireEndpoint(db, projectId, id);
  const event = webhookEvent(endpoint.projectId, TEST_EVENT_TYPE, `test:${endpoint.id}`, { webhookId: endpoint.id, message: "A test event from tokenhub." }, { endpointId: endpoint.id });
  await insertWebhookEvents(db, [event], settings.retryForMs);
  return { eventId: event.id };
}

export type DeliveryView = Omit<DeliveryLogEntry, "body" | "lastAttemptAt" | "nextAttemptAt" | "deliveredAt" | "createdAt"> & {
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** The body delivered, parsed. */
  event: unknown;
};

function deliveryView(entry: DeliveryLogEntry): DeliveryView {
  const { body, lastAttemptAt, nextAttemptAt, deliveredAt, createdAt, ...rest } = entry;
  return {
    ...rest,
    lastAttemptAt: lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    event: JSON.parse(body),
  };
}

/** An endpoint's delivery log, newest first, a page of `pageSize`. */
export async function listWebhookDeliveries(
  db: Queryable,
  projectId: string | undefined,
  id: string,
  options: { page: number; pageSize: number; pageKey?: string[]; status?: DeliveryLogEntry["status"]; type?: string },
): Promise<{ deliveries: DeliveryView[]; nextPage: number | null; nextPageKey: string | null }> {
  await requireEndpoint(db, projectId, id);
  const start = pageStart(options);
  const rows = await listDeliveries(db, id, { status: options.status, type: options.type, offset: start.offset, limit: options.pageSize + 1, beforeSeq: start.after });
  const shown = rows.slice(0, options.pageSize);
  const more = rows.length > options.pageSize;
  return {
    deliveries: shown.map(({ seq: _seq, ...entry }) => deliveryView(entry)),
    nextPage: more ? options.page + 1 : null,
    // New deliveries come first: a key of the last one shown keeps the next page where it was.
    nextPageKey: more ? encodePageKey([shown.at(-1)!.seq]) : null,
  };
}

/** Sends an event to the endpoint again, now, with a fresh retry window. */
export async function redeliverWebhookEvent(
  db: Queryable,
  settings: WebhookSettings,
  projectId: string | undefined,
  id: string,
  eventId: string,
): Promise<DeliveryView> {
  await requireEndpoint(db, projectId, id);
  const entry = await redeliver(db, id, eventId, settings.retryForMs);
  if (entry === undefined) throw new NotFoundError(`Webhook ${id} has no delivery of event ${eventId}.`);
  return deliveryView(entry);
}
