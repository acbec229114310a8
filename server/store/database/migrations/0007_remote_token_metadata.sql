-- What external contracts' tokenURI / uri point to, fetched in the background so that no request waits on a remote
-- server. `metadata` keeps the last good copy while a refetch is failing; `state` and `error` say how the last try went.
CREATE TABLE tokenhub_app.remote_token_metadata (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  token_id numeric(78, 0) NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'fetched', 'failed')),
  uri text,
  metadata jsonb,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  fetched_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address, token_id)
);
CREATE INDEX remote_token_metadata_due ON tokenhub_app.remote_token_metadata (next_attempt_at) WHERE state <> 'fetched';

-- How far discovery and refresh signals have been read per external collection, so a pass only looks at what is new.
CREATE TABLE tokenhub_app.remote_metadata_cursor (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  minted_block numeric(78, 0) NOT NULL DEFAULT -1,
  signal_block numeric(78, 0) NOT NULL DEFAULT -1,
  PRIMARY KEY (chain_id, address)
);
