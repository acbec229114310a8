-- A collection's name, symbol, decimals and transferability, read by the service for collections the index could not
-- describe (its read failed or took too long: the index row says described = false). Reads take a null of the index
-- row from here (issue 25: no stored null that looks final).
CREATE TABLE tokenhub_app.collection_descriptions (
  chain_id integer NOT NULL,
  address text NOT NULL,
  name text,
  symbol text,
  decimals integer,
  transferable boolean,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (chain_id, address)
);
