-- The block a mined transaction is in (its hash tells whether that block is still the chain's block at its height),
-- whether the transaction is final (its block past the chain's finality: the receipt loop stops watching it), and the
-- block it was in before a reorganisation took that block away.
-- Transactions completed before this migration were never watched, so they count as final: `final` is added with
-- default true (which fills the existing rows without rewriting the table), and new rows start unfinal.
ALTER TABLE tokenhub_app.transactions
  ADD COLUMN block_hash text,
  ADD COLUMN final boolean NOT NULL DEFAULT true,
  ADD COLUMN reorged_from_block_number bigint,
  ADD COLUMN reorged_from_block_hash text;
ALTER TABLE tokenhub_app.transactions ALTER COLUMN final SET DEFAULT false;

-- The receipt loop reads the mined transactions that are not final yet on every pass: this index holds only those,
-- so a pass costs the same with a hundred or a million final transactions behind it.
CREATE INDEX transactions_unfinal_idx ON tokenhub_app.transactions (chain_id, block_number)
  WHERE status <> 'pending' AND NOT final;
