-- The generation of tokenhub's token contracts a collection speaks (src/chain/contractGenerations.ts): the service
-- joins mints on generation 2 through its batch mints and on generation 1 through multicall. Every collection
-- recorded before this column was created from generation 1.
ALTER TABLE tokenhub_app.project_collections
  ADD COLUMN contract_version smallint NOT NULL DEFAULT 1 CHECK (contract_version >= 1);
