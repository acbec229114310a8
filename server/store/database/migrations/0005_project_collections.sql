-- Collections a project created through the API or imported: the ones it may mint on and manage.
CREATE TABLE tokenhub_app.project_collections (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  kind text NOT NULL CHECK (kind IN ('erc20', 'erc721', 'erc1155')),
  source text NOT NULL CHECK (source IN ('created', 'imported')),
  name text NOT NULL,
  symbol text NOT NULL,
  decimals integer,
  transferable boolean NOT NULL DEFAULT true,
  default_metadata jsonb,
  transaction_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);
CREATE INDEX project_collections_project_idx ON tokenhub_app.project_collections (project_id, chain_id);

-- ERC-1155 token types created through the API; minting an id that was never created is refused.
CREATE TABLE tokenhub_app.erc1155_token_types (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  token_id numeric(78, 0) NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address, token_id),
  FOREIGN KEY (chain_id, address) REFERENCES tokenhub_app.project_collections (chain_id, address)
);
