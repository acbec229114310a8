import type { Queryable } from "./transactions.js";

/** A delivery as its replica holds it: what to send, and where. */
export type ClaimedDelivery = {
  endpointId: string;
  eventId: string;
  seq: bigint;
  subject: string;
  /** Attempts made before this one. */
  attempts: number;
  retryUntil: Date;
  body: string;
  url: string;
  /** The endpoint's live secrets as stored (sealed): its secret, and the previous one while a rotation overlaps. */
  secrets: string[];
};

/**
 * Claims, for `leaseMs`, the deliveries of up to `subjects` subjects whose first pending delivery (to its endpoint) is
 * due and unclaimed: that one and up to `perSubject - 1` after it, in order (oldest subjects first). A subject is
 * claimed only through its first pending delivery, whose row lock (FOR UPDATE SKIP LOCKED) makes replicas claiming at
 * the same moment take different subjects; a subject whose first delivery is claimed, or waits for a retry, is
 * skipped whole. Each look for a subject's first delivery is one probe of the pending-subject index, so a claim costs
 * the same however long the subjects' queues are.
 */
export async function claimDeliveries(db: Queryable, subjects: number, perSubject: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<{
    endpoint_id: string;
    event_id: string;
    seq: string;
    subject: string;
    attempts: number;
    retry_until: Date;
    body: string;
    url: string;
    secret: string;
    previous_secret: string | null;
  }>(
    `WITH heads AS (
       SELECT c.endpoint_id, c.subject, c.seq
         FROM tokenhub_app.webhook_deliveries c
        WHERE c.status = 'pending' AND c.next_attempt_at <= now() AND (c.lease_until IS NULL OR c.lease_until < now())
          AND NOT EXISTS (SELECT 1 FROM tokenhub_app.webhook_deliveries p
                           WHERE p.endpoint_id = c.endpoint_id AND p.subject = c.subject AND p.status = 'pending' AND p.seq < c.seq)
        ORDER BY c.seq
        LIMIT $1
        FOR UPDATE OF c SKIP LOCKED
     ), picked AS (
       SELECT f.endpoint_id, f.event_id
         FROM heads h CROSS JOIN LATERAL (
           SELECT f.endpoint_id, f.event_id FROM tokenhub_app.webhook_deliveries f
            WHERE f.endpoint_id = h.endpoint_id AND f.subject = h.subject AND f.status = 'pending' AND f.seq >= h.seq
            ORDER BY f.seq LIMIT $2) f
     )
     UPDATE tokenhub_app.webhook_deliveries d SET lease_until = now() + $3 * interval '1 millisecond'
       FROM picked, tokenhub_app.webhook_events e, tokenhub_app.webhook_endpoints w
      WHERE d.endpoint_id = picked.endpoint_id AND d.event_id = picked.event_id AND e.id = d.event_id AND w.id = d.endpoint_id
     RETURNING d.endpoint_id, d.event_id, d.seq, d.subject, d.attempts, d.retry_until, e.body, w.url, w.secret,
               CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret`,
    [subjects, perSubject, leaseMs],
  );
  return rows
    .map((row) => ({
      endpointId: row.endpoint_id,
      eventId: row.event_id,
      seq: BigInt(row.seq),
      subject: row.subject,
      attempts: row.attempts,
      retryUntil: row.retry_until,
      body: row.body,
      url: row.url,
      secrets: row.previous_secret === null ? [row.secret] : [row.secret, row.previous_secret],
    }))
    .sort((a, b) => (a.seq < b.seq ? -1 : 1));
}

/** What became of a claimed delivery. */
export type DeliveryOutcome = { endpointId: string; eventId: string; seq: bigint; subject: string } & (
  | { outcome: "delivered"; statusCode: number }
  | { outcome: "retry"; statusCode: number | null; error: string; delayMs: number }
  | { outcome: "failed"; statusCode: number | null; error: string }
  /** Given back unattempted (an earlier delivery of its subject failed, or the replica stops). */
  | { outcome: "released" }
);

/**
 * Records outcomes, in one database transaction: each delivery's state; its subject's later deliveries made to wait
 * as long as a retry of it (or free to go at once when it is done); its endpoint marked failing when a delivery ran out
 * of retries, and no longer once one is delivered.
 */
export async function recordDeliveryOutcomes(db: Queryable, outcomes: readonly DeliveryOutcome[]): Promise<void> {
  const attempted = outcomes.filter((entry) => entry.outcome !== "released");
  const released = outcomes.filter((entry) => entry.outcome === "released");
  const column = <T>(pick: (entry: DeliveryOutcome) => T) => attempted.map(pick);
  if (attempted.length > 0) {
    await db.query(
      `UPDATE tokenhub_app.webhook_deliveries d
          SET status = CASE o.outcome WHEN 'retry' THEN 'pending' ELSE o.outcome END,
              attempts = d.attempts + 1, last_attempt_at = now(), last_status_code = o.status_code, last_error = o.error,
              delivered_at = CASE WHEN o.outcome = 'delivered' THEN now() END,
              next_attempt_at = CASE WHEN o.outcome = 'retry' THEN now() + o.delay_ms * interval '1 millisecond' ELSE d.next_attempt_at END,
              lease_until = NULL
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::bigint[]) AS o(endpoint_id, event_id, outcome, status_code, error, delay_ms)
        WHERE d.endpoint_id = o.endpoint_id AND d.event_id = o.event_id`,
      [
        column((entry) => entry.endpointId),
        column((entry) => entry.eventId),
        column((entry) => entry.outcome),
        column((entry) => ("statusCode" in entry ? entry.statusCode : null)),
        column((entry) => ("error" in entry ? entry.error.slice(0, 500) : null)),
        column((entry) => (entry.outcome === "retry" ? entry.delayMs : null)),
      ],
    );
    // Per subject, its last attempted delivery decides for the ones after it (one row each: an UPDATE joining a row to
    // several source rows would apply one at random).
    const last = new Map<string, DeliveryOutcome>();
    for (const entry of attempted) {
      const key = `${entry.endpointId} ${entry.subject}`;
      if ((last.get(key)?.seq ?? -1n) < entry.seq) last.set(key, entry);
    }
    const subjects = [...last.values()];
    await db.query(
      `UPDATE tokenhub_app.webhook_deliveries f
          SET next_attempt_at = CASE WHEN s.delay_ms IS NULL THEN LEAST(f.next_attempt_at, now())
                                     ELSE GREATEST(f.next_attempt_at, now() + s.delay_ms * interval '1 millisecond') END
         FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::bigint[]) AS s(endpoint_id, subject, seq, delay_ms)
        WHERE f.endpoint_id = s.endpoint_id AND f.subject = s.subject AND f.status = 'pending' AND f.seq > s.seq`,
      [
        subjects.map((entry) => entry.endpointId),
        subjects.map((entry) => entry.subject),
        subjects.map((entry) => entry.seq.toString()),
        subjects.map((entry) => (entry.outcome === "retry" ? entry.delayMs : null)),
      ],
    );
    const failing = [...new Set(attempted.filter((entry) => entry.outcome === "failed").map((entry) => entry.endpointId))];
    const healthy = [...new Set(attempted.filter((entry) => entry.outcome === "delivered").map((entry) => entry.endpointId))].filter((id) => !failing.includes(id));
    await db.query(
      `UPDATE tokenhub_app.webhook_endpoints
          SET failing_since = CASE WHEN id = ANY($1::uuid[]) THEN coalesce(failing_since, now()) END
        WHERE (id = ANY($1::uuid[])) OR (id = ANY($2::uuid[]) AND failing_since IS NOT NULL)`,
      [failing, healthy],
    );
  }
  if (released.length > 0) {
    await db.query(
      `UPDATE tokenhub_app.webhook_deliveries d SET lease_until = NULL
         FROM unnest($1::uuid[], $2::uuid[]) AS o(endpoint_id, event_id)
        WHERE d.endpoint_id = o.endpoint_id AND d.event_id = o.event_id AND d.status = 'pending'`,
      [released.map((entry) => entry.endpointId), released.map((entry) => entry.eventId)],
    );
  }
}

/** Extends the leases of deliveries still in hand. */
export async function renewDeliveryLeases(db: Queryable, held: readonly { endpointId: string; eventId: string }[], leaseMs: number): Promise<void> {
  if (held.length === 0) return;
  await db.query(
    `UPDATE tokenhub_app.webhook_deliveries d SET lease_until = now() + $3 * interval '1 millisecond'
       FROM unnest($1::uuid[], $2::uuid[]) AS o(endpoint_id, event_id)
      WHERE d.endpoint_id = o.endpoint_id AND d.event_id = o.event_id AND d.status = 'pending'`,
    [held.map((entry) => entry.endpointId), held.map((entry) => entry.eventId), leaseMs],
  );
}

/** Forgets every delivery's claim: for a process that is the only one on this database, after a crash of its last run. */
export async function clearDeliveryLeases(db: Queryable): Promise<void> {
  await db.query("UPDATE tokenhub_app.webhook_deliveries SET lease_until = NULL WHERE lease_until IS NOT NULL");
}

export type DeliveryLogEntry = {
  eventId: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  body: string;
};

type LogRow = {
  event_id: string;
  type: string;
  status: DeliveryLogEntry["status"];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  created_at: Date;
  body: string;
};

function logEntryOf(row: LogRow): DeliveryLogEntry {
  return {
    eventId: row.event_id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === "pending" ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    body: row.body,
  };
}

const LOG_COLUMNS = `d.event_id, e.type, d.status, d.attempts, d.last_status_code, d.last_error, d.last_attempt_at, d.next_attempt_at,
                     d.delivered_at, d.created_at, e.body`;

/**
 * An endpoint's deliveries, newest first, optionally of one status and one event type, from an offset or after (older
 * than) the delivery `beforeSeq`; `limit + 1` are read to tell whether more follow. Each with its `seq`, the order
 * it is listed in.
 */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  options: { status?: DeliveryLogEntry["status"]; type?: string; offset: number; limit: number; beforeSeq?: string },
): Promise<(DeliveryLogEntry & { seq: string })[]> {
  const { rows } = await db.query<LogRow & { seq: string }>(
    `SELECT ${LOG_COLUMNS}, d.seq::text AS seq
       FROM tokenhub_app.webhook_deliveries d JOIN tokenhub_app.webhook_events e ON e.id = d.event_id
      WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2) AND ($5::text IS NULL OR e.type = $5)
        AND ($6::bigint IS NULL OR d.seq < $6)
      ORDER BY d.seq DESC
      OFFSET $3 LIMIT $4`,
    [endpointId, options.status ?? null, options.offset, options.limit, options.type ?? null, options.beforeSeq ?? null],
  );
  return rows.map((row) => ({ ...logEntryOf(row), seq: row.seq }));
}

/**
 * Makes a delivery due again now, with a fresh retry window, whatever its state; undefined when the endpoint has no
 * delivery of that event.
 */
export async function redeliver(db: Queryable, endpointId: string, eventId: string, retryForMs: number): Promise<DeliveryLogEntry | undefined> {
  const { rows } = await db.query<LogRow>(
    `WITH updated AS (
       UPDATE tokenhub_app.webhook_deliveries
          SET status = 'pending', next_attempt_at = now(), retry_until = now() + $3 * interval '1 millisecond', delivered_at = NULL
        WHERE endpoint_id = $1 AND event_id = $2
        RETURNING *
     )
     SELECT ${LOG_COLUMNS} FROM updated d JOIN tokenhub_app.webhook_events e ON e.id = d.event_id`,
    [endpointId, eventId, retryForMs],
  );
  return rows[0] === undefined ? undefined : logEntryOf(rows[0]);
}
