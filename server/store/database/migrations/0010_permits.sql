-- Permits a project issued: what was signed (the chain knows only the nonce once it is used), the metadata to give
-- the minted token, and the revocation sent for it. Addresses are EIP-55 checksummed, as in project_collections.
CREATE TABLE tokenhub_app.permits (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  chain_id bigint NOT NULL,
  contract_address text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('erc20', 'erc721', 'erc1155')),
  signer text NOT NULL,
  recipient text NOT NULL,
  -- ERC-1155 only.
  token_id numeric(78, 0),
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  -- The permit's UUID read as a 128-bit integer: the nonce signed and later seen in PermitUsed / NonceInvalidated.
  nonce numeric(78, 0) NOT NULL,
  -- Unix seconds; null: no expiry (the signed deadline is then type(uint256).max).
  expires_at bigint,
  signature text NOT NULL,
  metadata jsonb,
  metadata_attached_at timestamptz,
  revocation_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (chain_id, contract_address) REFERENCES tokenhub_app.project_collections (chain_id, address),
  UNIQUE (chain_id, contract_address, signer, nonce)
);
CREATE INDEX permits_recipient_idx ON tokenhub_app.permits (chain_id, contract_address, recipient, created_at);
CREATE INDEX permits_metadata_pending_idx ON tokenhub_app.permits (created_at) WHERE metadata IS NOT NULL AND metadata_attached_at IS NULL;
