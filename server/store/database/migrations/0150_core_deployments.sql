-- Where `tokenhub contract deploy` found or put the core contracts of a chain (issue 26): the factory's address and
-- the block it was deployed in. A chain of the chains file without `startBlock` is indexed from that block: nothing of
-- ours happened before it, and a public chain's history before it is what made a start from block 0 never end.
CREATE TABLE tokenhub_app.core_deployments (
  chain_id bigint PRIMARY KEY,
  factory_address text NOT NULL,
  factory_block bigint NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
