import type pg from "pg";

export type PipelineCounts = {
  byStatus: { chainId: number; status: string; count: number }[];
  pendingBySigner: { chainId: number; signer: string; count: number }[];
  nextNonces: { chainId: number; signer: string; nextNonce: number }[];
  feeBumps: { chainId: number; count: number }[];
};

/**
 * What the transaction tables say about the pipeline, for its gauges (server/services/observability/pipelineMetrics.ts): one
 * statement, so that sampling takes one connection of the pool at a time.
 */
export async function readPipelineCounts(pool: pg.Pool): Promise<PipelineCounts> {
  const { rows } = await pool.query<PipelineCounts>(
    `SELECT
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT chain_id::int AS "chainId", status, count(*)::int AS count FROM tokenhub_app.transactions GROUP BY 1, 2) x) AS "byStatus",
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT chain_id::int AS "chainId", signer, count(*)::int AS count FROM tokenhub_app.transactions WHERE status = 'pending' GROUP BY 1, 2) x)
         AS "pendingBySigner",
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT chain_id::int AS "chainId", address AS signer, next_nonce::int AS "nextNonce" FROM tokenhub_app.signer_nonces) x) AS "nextNonces",
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT t.chain_id::int AS "chainId", count(*)::int AS count
            FROM tokenhub_app.transaction_attempts a JOIN tokenhub_app.transactions t ON t.id = a.transaction_id
           WHERE a.attempt > 0 GROUP BY 1) x) AS "feeBumps"`,
  );
  return rows[0]!;
}

/** Of these transactions, the ones no longer pending, with their status and when it changed. */
export async function findSettledTransactions(pool: pg.Pool, ids: readonly string[]): Promise<{ id: string; status: string; settledAt: Date }[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{ id: string; status: string; settledAt: Date }>(
    "SELECT id, status, updated_at AS \"settledAt\" FROM tokenhub_app.transactions WHERE id = ANY($1::uuid[]) AND status <> 'pending'",
    [ids],
  );
  return rows;
}
