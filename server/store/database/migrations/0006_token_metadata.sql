-- Token-level metadata a project set (at mint, later through the metadata routes); it overrides the collection's.
CREATE TABLE tokenhub_app.token_metadata (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  token_id numeric(78, 0) NOT NULL,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  metadata jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address, token_id)
);
