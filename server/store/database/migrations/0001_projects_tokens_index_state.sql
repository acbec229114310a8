CREATE TABLE tokenhub_app.projects (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tokenhub_app.api_tokens (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  name text NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_project_idx ON tokenhub_app.api_tokens (project_id, created_at);

-- What the index was built from: when a chain's genesis changes (local chain reset) or the indexing code changes,
-- the index is rebuilt rather than trusted.
CREATE TABLE tokenhub_app.chain_genesis (
  chain_id bigint PRIMARY KEY,
  genesis_hash text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tokenhub_app.settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
