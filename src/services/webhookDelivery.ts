import type pg from "pg";
import type { WebhookSettings } from "../config/env.js";
import type { Logger } from "../logger.js";
import { withTransaction } from "../store/db.js";
import {
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveryOutcome,
  recordDeliveryOutcomes,
  renewDeliveryLeases,
} from "../store/webhookDeliveries.js";
import { createWebhookHttp } from "./webhookHttp.js";
import { signWebhook } from "./webhookSignature.js";

/** Deliveries one replica holds at once, and requests it has in flight at once. */
const MAX_HELD = 1_000;
const MAX_REQUESTS = 64;
/** How often a replica with nothing to do looks for due deliveries. */
const POLL_MS = 100;
/** A claim lasts this long unless renewed; a replica that dies hands its deliveries over after it. */
const LEASE_MS = 30_000;
/** Retries wait at most this long between attempts. */
const MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * The delay before the next attempt after `attempts` failed ones: exponential from `baseMs` (doubled each time, at
 * most an hour), with jitter (half of it drawn at random), so endpoints that fail together do not retry together.
 */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

export type WebhookDeliverer = { start(): void; stop(): Promise<void> };

/**
 * Delivers the outbox, in every replica at once: each claims due deliveries (FOR UPDATE SKIP LOCKED, so no two
 * replicas hold the same one), POSTs them, and records how it went. A subject's deliveries to an endpoint go one after
 * another, in order; if one fails, the rest of its subject waits for its retry. A failed attempt is retried with
 * exponential backoff and jitter until `retryForMs` after the event, then the delivery fails and its endpoint is
 * marked failing. Delivery is at least once: a replica that dies mid-attempt leaves its claims to expire, and they are
 * sent again; receivers deduplicate on the event id (webhook-id).
 */
export function createWebhookDeliverer(deps: { pool: pg.Pool; settings: WebhookSettings; logger: Logger; userAgent: string }): WebhookDeliverer {
  const { pool, settings, logger } = deps;
  const web = createWebhookHttp({ timeoutMs: settings.timeoutMs, allowPrivateAddresses: settings.allowPrivateAddresses, userAgent: deps.userAgent });
  const stopping = new AbortController();
  const held = new Map<string, ClaimedDelivery>();
  let outcomes: DeliveryOutcome[] = [];
  let requests = 0;
  const waitingForSlot: (() => void)[] = [];
  let wake: (() => void) | undefined;
  let running: Promise<void> | undefined;

  const key = (delivery: { endpointId: string; eventId: string }) => `${delivery.endpointId} ${delivery.eventId}`;
  const nudge = () => wake?.();
  const settle = (delivery: ClaimedDelivery, outcome: DeliveryOutcome) => {
    outcomes.push(outcome);
    held.delete(key(delivery));
    nudge();
  };

  const slot = async () => {
    while (requests >= MAX_REQUESTS) await new Promise<void>((resolve) => waitingForSlot.push(resolve));
    requests += 1;
  };
  const freeSlot = () => {
    requests -= 1;
    waitingForSlot.shift()?.();
  };

  const attempt = async (delivery: ClaimedDelivery): Promise<DeliveryOutcome> => {
    const base = { endpointId: delivery.endpointId, eventId: delivery.eventId, seq: delivery.seq, subject: delivery.subject };
    await slot();
    if (stopping.signal.aborted) {
      freeSlot();
      return { ...base, outcome: "released" };
    }
    let result;
    try {
      result = await web.post(delivery.url, signWebhook(delivery.secrets, delivery.eventId, new Date(), delivery.body), delivery.body, stopping.signal);
    } finally {
      freeSlot();
    }
    if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) return { ...base, outcome: "delivered", statusCode: result.statusCode };
    const error = result.error ?? `HTTP ${result.statusCode}`;
    if (stopping.signal.aborted) return { ...base, outcome: "released" };
    const delayMs = retryDelayMs(delivery.attempts + 1, settings.retryBaseMs);
    if (Date.now() + delayMs > delivery.retryUntil.getTime()) {
      logger.warn("a webhook delivery ran out of retries; its endpoint is marked failing", { endpointId: delivery.endpointId, eventId: delivery.eventId, error });
      return { ...base, outcome: "failed", statusCode: result.statusCode, error };
    }
    return { ...base, outcome: "retry", statusCode: result.statusCode, error, delayMs };
  };

  /** One subject's claimed deliveries, in order; after a failure the rest are given back to wait for its retry. */
  const deliverSubject = async (deliveries: ClaimedDelivery[]) => {
    let blocked = false;
    for (const delivery of deliveries) {
      if (blocked || stopping.signal.aborted) {
        settle(delivery, { endpointId: delivery.endpointId, eventId: delivery.eventId, seq: delivery.seq, subject: delivery.subject, outcome: "released" });
        continue;
      }
      const outcome = await attempt(delivery);
      blocked = outcome.outcome !== "delivered" && outcome.outcome !== "failed";
      settle(delivery, outcome);
    }
  };

  /** Starts the claimed deliveries, subject by subject; a delivery whose earlier ones are not all in hand is given back. */
  const dispatch = (claimed: ClaimedDelivery[]) => {
    const subjects = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed) {
      held.set(key(delivery), delivery);
      const subject = `${delivery.endpointId} ${delivery.subject}`;
      subjects.set(subject, [...(subjects.get(subject) ?? []), delivery]);
    }
    for (const deliveries of subjects.values()) {
      // Claimed in order: the i-th of a subject may go when exactly i earlier ones are pending, all of them in hand.
      const ready = deliveries.findIndex((delivery, index) => delivery.earlierPending !== index);
      const go = ready === -1 ? deliveries : deliveries.slice(0, ready);
      for (const delivery of ready === -1 ? [] : deliveries.slice(ready)) {
        settle(delivery, { endpointId: delivery.endpointId, eventId: delivery.eventId, seq: delivery.seq, subject: delivery.subject, outcome: "released" });
      }
      void deliverSubject(go).catch((error: unknown) => logger.error("webhook delivery failed unexpectedly", { error }));
    }
  };

  const flush = async () => {
    if (outcomes.length === 0) return;
    const batch = outcomes;
    outcomes = [];
    try {
      await withTransaction(pool, (client) => recordDeliveryOutcomes(client, batch));
    } catch (error) {
      // Recorded on the next flush; meanwhile their claims hold them (renewed below only while in hand, so a replica
      // that cannot reach its database lets them expire, and another delivers them again: at least once).
      outcomes = [...batch, ...outcomes];
      throw error;
    }
  };

  const run = async () => {
    let renewedAt = Date.now();
    while (!stopping.signal.aborted) {
      let claimedAll = false;
      try {
        await flush();
        const room = MAX_HELD - held.size;
        if (room > 0) {
          const claimed = await claimDeliveries(pool, room, LEASE_MS);
          claimedAll = claimed.length === room;
          dispatch(claimed);
        }
        if (Date.now() - renewedAt > LEASE_MS / 3) {
          renewedAt = Date.now();
          await renewDeliveryLeases(pool, [...held.values()], LEASE_MS);
        }
      } catch (error) {
        logger.warn("webhook delivery pass failed; retrying", { error });
      }
      if (claimedAll || outcomes.length > 0) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, POLL_MS);
      });
      wake = undefined;
    }
  };

  return {
    start() {
      running ??= run();
    },
    async stop() {
      stopping.abort();
      nudge();
      await running;
      // Attempts in flight end at once (aborted) and give their deliveries back: they are sent again later.
      while (held.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await flush().catch((error: unknown) => logger.warn("could not record the last webhook deliveries; their claims expire and they are sent again", { error }));
      web.close();
    },
  };
}
