-- One row per accepted write request (issue 15, item 9): the id its answer carries as operationId, unique even where
-- requests share a transaction (mints joined into one). transaction_id is the transaction that does its work (its
-- own, the one its call was joined into, or the one an earlier request sent for the same thing), null when it sends
-- none (a permit, a token type); call_index is its call's position in a transaction that carries several calls.
-- Rows for sent calls are written with the transaction, in the same database transaction.
CREATE TABLE tokenhub_app.operations (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  chain_id bigint NOT NULL,
  purpose text NOT NULL,
  transaction_id uuid REFERENCES tokenhub_app.transactions (id),
  call_index integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
