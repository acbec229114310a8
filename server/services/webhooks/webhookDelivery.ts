import type pg from "pg";
import type { WebhookSettings } from "../../config/env.js";
import type { KeyVault } from "../../custody/keyVault.js";
import type { Logger } from "../../logger.js";
import { withTransaction } from "../../store/database/db.js";
import {
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveryOutcome,
  recordDeliveryOutcomes,
  renewDeliveryLeases,
} from "../../store/webhookDeliveries.js";
import { type AttemptResult, createWebhookHttp } from "./webhookHttp.js";
import { openWebhookSecrets } from "./webhookSecrets.js";
import { signWebhook } from "./webhookSignature.js";

/** Subjects one replica delivers at once (each one delivery at a time), and deliveries of a subject it claims at once. */
const MAX_SUBJECTS = 256;
const PER_SUBJECT = 100;
/**
 * Subjects one claim takes at most. A burst of events is recorded in a few statements; a claim of all of it would give
 * the whole burst to whichever replica looked first while the others idle. In smaller claims (a replica claims again
 * at once while it has room) replicas claiming at the same time share the burst.
 */
const CLAIM_SUBJECTS = 32;
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
export function createWebhookDeliverer(deps: { pool: pg.Pool; vault: KeyVault; settings: WebhookSettings; logger: Logger; userAgent: string }): WebhookDeliverer {
  const { pool, settings, logger } = deps;
  const web = createWebhookHttp({ timeoutMs: settings.timeoutMs, allowPrivateAddresses: settings.allowPrivateAddresses, userAgent: deps.userAgent });
  const stopping = new AbortController();
  const held = new Map<string, ClaimedDelivery>();
  /** Subjects being delivered. */
  let subjects = 0;
  let outcomes: DeliveryOutcome[] = [];
  let wake: (() => void) | undefined;
  let running: Promise<void> | undefined;

  const key = (delivery: { endpointId: string; eventId: string }) => `${delivery.endpointId} ${delivery.eventId}`;
  const nudge = () => wake?.();
  const settle = (delivery: ClaimedDelivery, outcome: DeliveryOutcome) => {
    outcomes.push(outcome);
    held.delete(key(delivery));
    nudge();
  };

  const send = async (delivery: ClaimedDelivery): Promise<AttemptResult> => {
    let secrets: string[];
    try {
      secrets = openWebhookSecrets(deps.vault, delivery.endpointId, delivery.secrets);
    } catch (error) {
      // A secret that does not open (sealed with a master key this process does not hold): nothing is sent, and the
      // delivery waits for its retry as if the receiver had refused it, until the operator configures that key.
      return { statusCode: null, error: (error as Error).message };
    }
    return await web.post(delivery.url, signWebhook(secrets, delivery.eventId, new Date(), delivery.body), delivery.body, stopping.signal);
  };

  const attempt = async (delivery: ClaimedDelivery): Promise<DeliveryOutcome> => {
    const base = { endpointId: delivery.endpointId, eventId: delivery.eventId, seq: delivery.seq, subject: delivery.subject };
    const result = await send(delivery);
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

  /** Starts the claimed subjects, each delivering its deliveries one after another, in order. */
  const dispatch = (claimed: ClaimedDelivery[]) => {
    const bySubject = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed) {
      held.set(key(delivery), delivery);
      const subject = `${delivery.endpointId} ${delivery.subject}`;
      bySubject.set(subject, [...(bySubject.get(subject) ?? []), delivery]);
    }
    for (const deliveries of bySubject.values()) {
      subjects += 1;
      void deliverSubject(deliveries)
        .catch((error: unknown) => logger.error("webhook delivery failed unexpectedly", { error }))
        .finally(() => {
          subjects -= 1;
          nudge();
        });
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
      let failed = false;
      try {
        await flush();
        const room = Math.min(MAX_SUBJECTS - subjects, CLAIM_SUBJECTS);
        if (room > 0) {
          const claimed = await claimDeliveries(pool, room, PER_SUBJECT, LEASE_MS);
          claimedAll = new Set(claimed.map((delivery) => `${delivery.endpointId} ${delivery.subject}`)).size === room;
          dispatch(claimed);
        }
        if (Date.now() - renewedAt > LEASE_MS / 3) {
          renewedAt = Date.now();
          await renewDeliveryLeases(pool, [...held.values()], LEASE_MS);
        }
      } catch (error) {
        failed = true;
        logger.warn("webhook delivery pass failed; retrying in a second", { error });
      }
      if (failed) {
        // The database is unreachable, say: not a pass per finished delivery until it is back.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
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
