-- The check for rolled-back final blocks reads, every second, the final transactions in a chain's newest blocks: this
-- index finds them without reading the older ones.
CREATE INDEX transactions_final_block_idx ON tokenhub_app.transactions (chain_id, block_number) WHERE final;
