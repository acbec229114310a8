-- What a collection creation will store, written in the same database transaction as its outbox row, before the
-- factory call is broadcast: once the chain has the collection, the service has its owner and settings, whatever
-- fails or crashes afterwards. address is set (and the project_collections row written from the claim) once the
-- receipt names the collection.
CREATE TABLE tokenhub_app.collection_claims (
  transaction_id uuid PRIMARY KEY REFERENCES tokenhub_app.transactions (id),
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  chain_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('erc20', 'erc721', 'erc1155')),
  name text NOT NULL,
  symbol text NOT NULL,
  decimals integer,
  transferable boolean NOT NULL,
  default_metadata jsonb,
  contract_version smallint NOT NULL,
  address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_claims_open_idx ON tokenhub_app.collection_claims (created_at) WHERE address IS NULL;
