-- The minted-token-metadata loop looks every 500 ms for successful ERC-721 mints whose metadata is not attached yet.
-- Without an index of its own that was a scan of every transaction ever sent, growing with the service's history;
-- this one holds only the mints still waiting, so it stays as small as the backlog.
CREATE INDEX transactions_awaiting_token_metadata_idx ON tokenhub_app.transactions (created_at)
  WHERE purpose = 'erc721.mint' AND status = 'success' AND mined_hash IS NOT NULL AND project_id IS NOT NULL
    AND (metadata ? 'tokenMetadata' OR jsonb_path_exists(metadata, '$.joined[*].tokenMetadata'))
    AND NOT metadata ? 'tokenMetadataRecorded';
