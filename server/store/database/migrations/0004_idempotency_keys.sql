-- One row per (project, Idempotency-Key): claimed before the work, completed with the response to replay.
CREATE TABLE tokenhub_app.idempotency_keys (
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (project_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON tokenhub_app.idempotency_keys (created_at);
