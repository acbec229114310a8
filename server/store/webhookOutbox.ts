import type { Queryable } from "./transactions.js";

/** An event to record in the outbox (migration 0130). */
export type NewWebhookEvent = {
  id: string;
  projectId: string;
  type: string;
  /** The type an endpoint subscribes to for it: its own, or, for a `.reorged` compensation, the type it takes back. */
  subscription: string;
  /** Deliveries of one subject to one endpoint are made in the order they were recorded. */
  subject: string;
  /** The exact JSON body sent. */
  body: string;
  /** Delivered to this endpoint alone, whatever it subscribes to (a test event); absent: to every subscriber. */
  endpointId?: string;
};

/**
 * Records events with a delivery to each endpoint of their project that subscribes to them, in one statement, on the
 * caller's database transaction (the one recording the change the events tell of). An event no endpoint subscribes to
 * is not stored. A delivery queued behind a delivery of its subject that waits for a retry waits as long, so that due
 * deliveries are never ones blocked by their subject. Returns the ids of the events stored.
 */
export async function insertWebhookEvents(db: Queryable, events: readonly NewWebhookEvent[], retryForMs: number): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const column = <T>(pick: (event: NewWebhookEvent) => T) => events.map(pick);
  const { rows } = await db.query<{ event_id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[]) WITH ORDINALITY
         AS e(id, project_id, type, subscription, subject, body, endpoint_id, ord)
     ), targets AS (
       SELECT e.id, e.subject, e.ord, w.id AS endpoint_id
         FROM input e JOIN tokenhub_app.webhook_endpoints w ON w.project_id = e.project_id
        WHERE (e.endpoint_id IS NULL AND e.subscription = ANY (w.events)) OR w.id = e.endpoint_id
     ), stored AS (
       INSERT INTO tokenhub_app.webhook_events (id, project_id, type, subject, body)
       SELECT e.id, e.project_id, e.type, e.subject, e.body FROM input e WHERE e.id IN (SELECT id FROM targets)
       RETURNING id
     )
     INSERT INTO tokenhub_app.webhook_deliveries (endpoint_id, event_id, subject, retry_until, next_attempt_at)
     SELECT t.endpoint_id, t.id, t.subject, now() + $8 * interval '1 millisecond',
            GREATEST(now(), (SELECT max(p.next_attempt_at) FROM tokenhub_app.webhook_deliveries p
                              WHERE p.endpoint_id = t.endpoint_id AND p.subject = t.subject AND p.status = 'pending'))
       FROM targets t JOIN stored ON stored.id = t.id
      -- seq, a sequence's default, is drawn in this order: the order the caller gave.
      ORDER BY t.ord, t.endpoint_id
     RETURNING event_id`,
    [
      column((event) => event.id),
      column((event) => event.projectId),
      column((event) => event.type),
      column((event) => event.subscription),
      column((event) => event.subject),
      column((event) => event.body),
      column((event) => event.endpointId ?? null),
      retryForMs,
    ],
  );
  return new Set(rows.map((row) => row.event_id));
}

/** The projects among these with at least one endpoint: events of the others are not built at all. */
export async function projectsWithEndpoints(db: Queryable, projectIds: readonly string[]): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const { rows } = await db.query<{ project_id: string }>(
    "SELECT DISTINCT project_id FROM tokenhub_app.webhook_endpoints WHERE project_id = ANY($1::uuid[])",
    [[...new Set(projectIds)]],
  );
  return new Set(rows.map((row) => row.project_id));
}

/** The stored events with these ids (a compensation repeats what it takes back). */
export async function findWebhookEvents(db: Queryable, ids: readonly string[]): Promise<{ id: string; projectId: string; type: string; subject: string; body: string }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; project_id: string; type: string; subject: string; body: string }>(
    "SELECT id, project_id, type, subject, body FROM tokenhub_app.webhook_events WHERE id = ANY($1::uuid[])",
    [ids],
  );
  return rows.map((row) => ({ id: row.id, projectId: row.project_id, type: row.type, subject: row.subject, body: row.body }));
}

/**
 * Forgets events older than `olderThanMs` none of whose deliveries still waits, with their deliveries (the delivery
 * log keeps that long). Returns how many.
 */
export async function purgeWebhookEvents(db: Queryable, olderThanMs: number, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM tokenhub_app.webhook_events e
      WHERE e.id IN (SELECT x.id FROM tokenhub_app.webhook_events x
                      WHERE x.created_at < now() - $1 * interval '1 millisecond'
                        AND NOT EXISTS (SELECT 1 FROM tokenhub_app.webhook_deliveries d WHERE d.event_id = x.id AND d.status = 'pending')
                      ORDER BY x.created_at LIMIT $2)`,
    [olderThanMs, limit],
  );
  return rowCount ?? 0;
}
