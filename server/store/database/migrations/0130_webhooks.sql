-- Webhooks (issue 19). An endpoint is a URL a project subscribed to some event types, with the secret its deliveries
-- are signed with (Standard Webhooks). After a rotation the previous secret signs too until it expires, so a receiver
-- can switch without losing a delivery. failing_since is set when a delivery ran out of retries and cleared by the
-- next successful one.
CREATE TABLE tokenhub_app.webhook_endpoints (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  url text NOT NULL,
  description text,
  events text[] NOT NULL,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_project_idx ON tokenhub_app.webhook_endpoints (project_id, created_at);

-- The outbox: one row per event, written in the database transaction of the change it tells of, only when an endpoint
-- of the project subscribes to its type. `body` is the exact JSON sent (signed as is, the same on every attempt).
-- `subject` is what its order is kept within (a transaction, a token, a permit...).
CREATE TABLE tokenhub_app.webhook_events (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  type text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_created_idx ON tokenhub_app.webhook_events (created_at);

-- One row per event and subscribed endpoint, written with the event. `seq` orders the deliveries of a subject: one is
-- attempted only once every earlier pending one of its subject (to the same endpoint) is done. A replica claims a
-- delivery by setting `lease_until` (FOR UPDATE SKIP LOCKED, so replicas never claim the same one); a lease that
-- runs out (its replica died) makes it claimable again. Retries stop at `retry_until` (24 h after the event, or after
-- a redelivery was asked for).
CREATE TABLE tokenhub_app.webhook_deliveries (
  endpoint_id uuid NOT NULL REFERENCES tokenhub_app.webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES tokenhub_app.webhook_events (id) ON DELETE CASCADE,
  seq bigserial NOT NULL,
  subject text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  retry_until timestamptz NOT NULL,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON tokenhub_app.webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_subject_idx ON tokenhub_app.webhook_deliveries (endpoint_id, subject, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON tokenhub_app.webhook_deliveries (endpoint_id, seq);
CREATE INDEX webhook_deliveries_event_idx ON tokenhub_app.webhook_deliveries (event_id);

-- Events from the index (transfers, account creations, permit redemptions and revocations: the `activity` table the
-- indexer writes). Per chain, `cursor` is the id (Ponder checkpoint) of the last activity row the dispatcher read: rows
-- after it are new. `webhook_index_seen` holds each row read while its block is not final yet, with the events it gave
-- (none for a row of no project's collection), so that a row a reorganisation removes gets its compensating events and
-- sends the cursor back to read the new branch, and a row read once is never read as new again.
CREATE TABLE tokenhub_app.webhook_index_cursors (
  chain_id bigint PRIMARY KEY,
  cursor text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE tokenhub_app.webhook_index_seen (
  chain_id bigint NOT NULL,
  activity_id text NOT NULL,
  block_hash text NOT NULL,
  event_ids uuid[] NOT NULL,
  PRIMARY KEY (chain_id, activity_id, block_hash)
);
