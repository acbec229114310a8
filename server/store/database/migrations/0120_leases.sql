-- Background jobs that must run in one replica at a time (issue 17): the replica named in `holder` runs the job until
-- `expires_at`, renewing it while it runs; once it has expired (the holder died or lost its database) any replica
-- takes it over.
CREATE TABLE tokenhub_app.leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
