-- Cloud keys: private keys the service holds for a project. Only ciphertext is stored: the private key sealed with
-- AES-256-GCM under a data key of its own, the data key sealed under the master key named by master_key_id
-- (src/custody/envelope.ts). Rotating the master key rewrites wrapped_data_key and master_key_id only.
CREATE TABLE tokenhub_app.cloud_keys (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  address text NOT NULL UNIQUE,
  custom_ref text,
  encrypted_private_key bytea NOT NULL,
  wrapped_data_key bytea NOT NULL,
  master_key_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX cloud_keys_project_idx ON tokenhub_app.cloud_keys (project_id, created_at, id);
CREATE INDEX cloud_keys_custom_ref_idx ON tokenhub_app.cloud_keys (project_id, custom_ref, created_at, id);

-- The id of the master key every cloud key is wrapped with. Key creation holds this row FOR SHARE and rotation
-- FOR UPDATE, so a process still holding the previous master key can never add a key wrapped with it.
CREATE TABLE tokenhub_app.cloud_key_master (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  master_key_id text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Transactions the service sends for ERC-6551 accounts, looked up by account: relayed call batches for
-- GET /api/v1/accounts/calls while pending or once failed (reverted batches leave no logs to index), and pending
-- creations so that a repeated create sends nothing.
CREATE INDEX transactions_account_idx ON tokenhub_app.transactions (chain_id, purpose, (metadata ->> 'accountAddress'), created_at)
  WHERE purpose IN ('account.executeBatch', 'erc6551.create');
