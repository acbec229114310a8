-- Which mint gave a token its metadata (null: written by the metadata routes, a permit or a token type's creation).
-- When that mint's block is reorganised away, the token id may belong to another mint on the new branch: the rows a
-- mint attached are found by this column and removed, and attached again to whatever token the mint lands as.
ALTER TABLE tokenhub_app.token_metadata ADD COLUMN attached_by uuid;
CREATE INDEX token_metadata_attached_by_idx ON tokenhub_app.token_metadata (attached_by) WHERE attached_by IS NOT NULL;

-- Mints whose metadata was attached from an inclusion that is no longer theirs (the marker names the block it came
-- from): as small as the backlog of reorganised mints, so the metadata loop never scans the history of mints.
CREATE INDEX transactions_stale_token_metadata_idx ON tokenhub_app.transactions (created_at)
  WHERE purpose = 'erc721.mint' AND metadata ? 'tokenMetadataRecorded'
    AND (metadata -> 'tokenMetadataRecorded' ->> 'blockHash') IS DISTINCT FROM block_hash;
