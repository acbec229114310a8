-- Status reads answer from these records, never from the chain (issue 26): a read per client poll spent a hosted
-- RPC's quota and met its 429s. The receipt pass keeps them current:
-- checked_at: when the pass last read the transaction's receipt, or found its block still the chain's block;
-- minted: the tokens its receipt's logs minted (raw amounts), written with the receipt, cleared by a reorganisation.
-- Transactions mined before this migration have no minted record: a read takes it from the receipt, once.
ALTER TABLE tokenhub_app.transactions
  ADD COLUMN checked_at timestamptz,
  ADD COLUMN minted jsonb;

-- The head and the final block each chain's receipt pass last read: what a transaction's confirmations count up to.
CREATE TABLE tokenhub_app.chain_heads (
  chain_id bigint PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  final_block bigint NOT NULL,
  checked_at timestamptz NOT NULL
);
