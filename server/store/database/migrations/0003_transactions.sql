-- The next nonce each service signer hands out on each chain. A nonce is allocated in the same database transaction
-- that records the transactions using it, so a nonce below next_nonce without a record is a real gap (left by a
-- crash or an operator), never a request still in flight.
CREATE TABLE tokenhub_app.signer_nonces (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);

-- One row per nonce a signer used: the outbox. Written (with its first signed attempt) before anything is broadcast.
CREATE TABLE tokenhub_app.transactions (
  id uuid PRIMARY KEY,
  chain_id bigint NOT NULL,
  signer text NOT NULL,
  nonce bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'success', 'failure')),
  purpose text NOT NULL,
  project_id uuid REFERENCES tokenhub_app.projects (id),
  metadata jsonb NOT NULL DEFAULT '{}',
  to_address text NOT NULL,
  data bytea NOT NULL,
  value numeric(78, 0) NOT NULL DEFAULT 0,
  gas_limit bigint NOT NULL,
  -- The attempt that was mined, when one was.
  mined_hash text,
  block_number bigint,
  gas_used bigint,
  effective_gas_price numeric(78, 0),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, signer, nonce)
);
CREATE INDEX transactions_pending_idx ON tokenhub_app.transactions (chain_id, signer, nonce) WHERE status = 'pending';
CREATE INDEX transactions_project_idx ON tokenhub_app.transactions (project_id, created_at) WHERE project_id IS NOT NULL;

-- Every signed version of a transaction (the first, then fee bumps of the same nonce), kept so that any hash a client
-- was given still finds its transaction, and so that a restart can rebroadcast the exact bytes.
CREATE TABLE tokenhub_app.transaction_attempts (
  hash text PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES tokenhub_app.transactions (id),
  attempt integer NOT NULL,
  raw bytea NOT NULL,
  max_fee_per_gas numeric(78, 0) NOT NULL,
  max_priority_fee_per_gas numeric(78, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (transaction_id, attempt)
);
