-- The next permit nonce of each signer on each collection. Permits are numbered in sequence, so consecutive
-- redemptions set bits of one word of the contract's nonce bitmap instead of each writing a fresh one (about 17,000
-- gas less per redemption); the permit's UUID stays its id, and permits.nonce maps the two. A counter starts at a
-- random multiple of 256 below 2^128, so a store rebuilt from nothing, or a second installation signing with the
-- same key, does not hand out nonces the chain has already seen.
CREATE TABLE tokenhub_app.permit_nonce_counters (
  chain_id bigint NOT NULL,
  contract_address text NOT NULL,
  signer text NOT NULL,
  next_nonce numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain_id, contract_address, signer)
);
