import { sql } from "drizzle-orm";
import type { StoreTransaction } from "./database/db.js";
import type { Queryable } from "./transactions.js";

/** A project's webhook endpoint (migration 0130). */
export type WebhookEndpoint = {
  id: string;
  projectId: string;
  url: string;
  description: string | null;
  events: string[];
  /** As stored: sealed (server/custody/webhookSecret.ts), or in plain text when an earlier release wrote it. */
  secret: string;
  /** The secret before the last rotation, as stored, still signing until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** When a delivery to it last ran out of retries; null once one succeeds again. */
  failingSince: Date | null;
  createdAt: Date;
};

type Row = {
  id: string;
  project_id: string;
  url: string;
  description: string | null;
  events: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
};

function endpointOf(row: Row): WebhookEndpoint {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    description: row.description,
    events: row.events,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}

export async function insertWebhookEndpoint(
  db: Queryable,
  endpoint: { id: string; projectId: string; url: string; description: string | null; events: readonly string[]; secret: string },
): Promise<WebhookEndpoint> {
  const { rows } = await db.query<Row>(
    `INSERT INTO tokenhub_app.webhook_endpoints (id, project_id, url, description, events, secret)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [endpoint.id, endpoint.projectId, endpoint.url, endpoint.description, endpoint.events, endpoint.secret],
  );
  return endpointOf(rows[0]!);
}

/** The project's endpoints, oldest first; every project's when `projectId` is undefined (the CLI's list). */
export async function listWebhookEndpoints(db: Queryable, projectId: string | undefined): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM tokenhub_app.webhook_endpoints WHERE $1::uuid IS NULL OR project_id = $1 ORDER BY created_at, id`,
    [projectId ?? null],
  );
  return rows.map(endpointOf);
}

/** A project's endpoint; another project's is not found (so others' endpoints are not revealed). */
export async function findWebhookEndpoint(db: Queryable, projectId: string | undefined, id: string): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM tokenhub_app.webhook_endpoints WHERE id = $1 AND ($2::uuid IS NULL OR project_id = $2)`,
    [id, projectId ?? null],
  );
  return rows[0] === undefined ? undefined : endpointOf(rows[0]);
}

/** Deletes the endpoint and its deliveries (pending ones are never sent); false when the project has no such endpoint. */
export async function deleteWebhookEndpoint(db: Queryable, projectId: string | undefined, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM tokenhub_app.webhook_endpoints WHERE id = $1 AND ($2::uuid IS NULL OR project_id = $2)`, [
    id,
    projectId ?? null,
  ]);
  return rowCount === 1;
}

/** Replaces the secret; the old one keeps signing for `overlapMs`. Undefined when the project has no such endpoint. */
export async function rotateWebhookSecret(
  db: Queryable,
  projectId: string | undefined,
  id: string,
  secret: string,
  overlapMs: number,
): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE tokenhub_app.webhook_endpoints
        SET previous_secret = secret, previous_secret_expires_at = now() + $4 * interval '1 millisecond', secret = $3
      WHERE id = $1 AND ($2::uuid IS NULL OR project_id = $2)
      RETURNING *`,
    [id, projectId ?? null, secret, overlapMs],
  );
  return rows[0] === undefined ? undefined : endpointOf(rows[0]);
}

/** Whether an endpoint's secret is not stored in the sealed form (`sealedPrefix`) yet. */
export async function hasUnsealedSecrets(db: Queryable, sealedPrefix: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tokenhub_app.webhook_endpoints WHERE NOT starts_with(secret, $1) OR NOT starts_with(previous_secret, $1)) AS found`,
    [sealedPrefix],
  );
  return rows[0]!.found;
}

/** The endpoints with a secret not stored in the sealed form yet (`sealedPrefix`), locked until the transaction ends. */
export async function lockUnsealedSecrets(db: Queryable, sealedPrefix: string): Promise<{ id: string; secret: string; previousSecret: string | null }[]> {
  const { rows } = await db.query<{ id: string; secret: string; previous_secret: string | null }>(
    `SELECT id, secret, previous_secret FROM tokenhub_app.webhook_endpoints
      WHERE NOT starts_with(secret, $1) OR NOT starts_with(previous_secret, $1)
      ORDER BY id FOR UPDATE`,
    [sealedPrefix],
  );
  return rows.map((row) => ({ id: row.id, secret: row.secret, previousSecret: row.previous_secret }));
}

/** Replaces the stored secrets of these endpoints (with the same secrets, sealed). */
export async function replaceStoredSecrets(db: Queryable, rows: readonly { id: string; secret: string; previousSecret: string | null }[]): Promise<void> {
  await db.query(
    `UPDATE tokenhub_app.webhook_endpoints w SET secret = s.secret, previous_secret = s.previous_secret
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS s(id, secret, previous_secret)
      WHERE w.id = s.id`,
    [rows.map((row) => row.id), rows.map((row) => row.secret), rows.map((row) => row.previousSecret)],
  );
}

/** Every endpoint's stored secrets replaced by `reseal`'s, in the master key rotation's transaction; how many endpoints. */
export async function resealAllWebhookSecrets(tx: StoreTransaction, reseal: (endpointId: string, stored: string) => string): Promise<number> {
  const { rows } = await tx.execute<{ id: string; secret: string; previous_secret: string | null }>(
    sql`SELECT id, secret, previous_secret FROM tokenhub_app.webhook_endpoints ORDER BY id FOR UPDATE`,
  );
  for (const row of rows) {
    const previous = row.previous_secret === null ? null : reseal(row.id, row.previous_secret);
    await tx.execute(sql`UPDATE tokenhub_app.webhook_endpoints SET secret = ${reseal(row.id, row.secret)}, previous_secret = ${previous} WHERE id = ${row.id}`);
  }
  return rows.length;
}
