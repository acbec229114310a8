-- One store for token-level metadata: an ERC-1155 token type's metadata moves to token_metadata, where updates
-- and reads find every token's own metadata whatever the collection's kind.
INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata)
SELECT t.chain_id, lower(t.address), t.token_id, c.project_id, t.metadata
  FROM tokenhub_app.erc1155_token_types t
  JOIN tokenhub_app.project_collections c ON c.chain_id = t.chain_id AND c.address = t.address
 WHERE jsonb_typeof(t.metadata) = 'object'
ON CONFLICT (chain_id, address, token_id) DO NOTHING;

ALTER TABLE tokenhub_app.erc1155_token_types DROP COLUMN metadata;

-- Metadata writes not yet announced on chain (token_id NULL: the collection's defaults). A propagation claims the
-- pending rows of one collection, sends one transaction for all of them and deletes them; a claim whose process
-- died is released after a while and sent again.
CREATE TABLE tokenhub_app.metadata_changes (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL,
  address text NOT NULL,
  token_id numeric(78, 0),
  claim uuid,
  claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX metadata_changes_collection_idx ON tokenhub_app.metadata_changes (chain_id, address);
CREATE INDEX metadata_changes_claim_idx ON tokenhub_app.metadata_changes (claim) WHERE claim IS NOT NULL;

-- When each collection last sent a propagation transaction: writes within the window wait for the next one. The row
-- is also the lock that lets one process at a time claim a collection's changes.
CREATE TABLE tokenhub_app.metadata_propagation_windows (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  last_sent_at timestamptz,
  PRIMARY KEY (chain_id, address)
);
