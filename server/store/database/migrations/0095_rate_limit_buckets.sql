-- Token buckets of the rate limits, one row per API token and request class (read, write, upload) or per client
-- address, shared by every replica. A row keeps its tokens as of refilled_at; the refill since then is computed when
-- tokens are taken. burst and per_second are the policy the row was last taken under, requested and granted what
-- that take asked for and got (the statement that takes reads them back).
CREATE TABLE tokenhub_app.rate_limit_buckets (
  key text PRIMARY KEY,
  burst double precision NOT NULL,
  per_second double precision NOT NULL,
  tokens double precision NOT NULL,
  requested integer NOT NULL,
  granted integer NOT NULL,
  refilled_at timestamptz NOT NULL
);

-- The tokens a bucket holds now: what it kept, plus the refill since, up to its burst. now() is the statement's
-- start: a take that waited for another's row lock counts no time twice (the elapsed time is never negative).
CREATE FUNCTION tokenhub_app.rate_limit_available(tokens double precision, refilled_at timestamptz, burst double precision, per_second double precision)
RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT least(burst, tokens + per_second * greatest(0, extract(epoch FROM now() - refilled_at)))
$$;
