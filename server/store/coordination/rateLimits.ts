import type pg from "pg";

/** What one take asks of a bucket: `requested` tokens under its policy. */
export type BucketTake = { key: string; requested: number; burst: number; perSecond: number };

/** What it got: `granted` of them, and the tokens left once they were taken. */
export type BucketGrant = { key: string; granted: number; tokens: number };

/**
 * Takes tokens from several buckets in one statement (migration 0095), each bucket created full the first time.
 * A bucket short of what was asked gives what it holds in whole tokens. Rows are taken in key order, so two
 * replicas taking the same buckets at once wait for each other instead of deadlocking.
 */
export async function takeBucketTokens(pool: pg.Pool, takes: readonly BucketTake[]): Promise<BucketGrant[]> {
  const { rows } = await pool.query<{ key: string; granted: number; tokens: number }>(
    `INSERT INTO tokenhub_app.rate_limit_buckets AS b (key, burst, per_second, tokens, requested, granted, refilled_at)
     SELECT key, burst, per_second, burst - least(requested, floor(burst)), requested, least(requested, floor(burst)), now()
       FROM unnest($1::text[], $2::int[], $3::float8[], $4::float8[]) AS w(key, requested, burst, per_second)
      ORDER BY key
     ON CONFLICT (key) DO UPDATE SET
       burst = excluded.burst,
       per_second = excluded.per_second,
       requested = excluded.requested,
       granted = least(excluded.requested, floor(tokenhub_app.rate_limit_available(b.tokens, b.refilled_at, excluded.burst, excluded.per_second))),
       tokens = tokenhub_app.rate_limit_available(b.tokens, b.refilled_at, excluded.burst, excluded.per_second)
         - least(excluded.requested, floor(tokenhub_app.rate_limit_available(b.tokens, b.refilled_at, excluded.burst, excluded.per_second))),
       refilled_at = greatest(b.refilled_at, now())
     RETURNING key, granted, tokens`,
    [takes.map((take) => take.key), takes.map((take) => take.requested), takes.map((take) => take.burst), takes.map((take) => take.perSecond)],
  );
  return rows;
}

/** Removes buckets that have refilled completely: a missing bucket is a full one. */
export async function purgeFullBuckets(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    "DELETE FROM tokenhub_app.rate_limit_buckets WHERE tokenhub_app.rate_limit_available(tokens, refilled_at, burst, per_second) >= burst",
  );
  return rowCount ?? 0;
}
