import { and, eq, sql } from "drizzle-orm";
import { bigint, integer, jsonb, numeric, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type pg from "pg";
import { giveWayToIndexer, isLockNotAvailable, type StoreDb, tokenIdIn, withTransaction } from "./database/db.js";
import { appSchema } from "./database/schema.js";

/**
 * The cache of external contracts' remote token metadata (migration 0007): which tokens exist is read from the index
 * (schema `indexSchema`, same database), what their URIs hold is written here by the background fetcher.
 */
export type RemoteMetadataState = "pending" | "fetched" | "failed";
export type RemoteMetadataRow = {
  state: RemoteMetadataState;
  uri: string | null;
  metadata: Record<string, unknown> | null;
  error: string | null;
  attempts: number;
  fetchedAt: Date | null;
  nextAttemptAt: Date | null;
};
export type ClaimedToken = { chainId: number; address: string; tokenId: bigint; kind: "erc721" | "erc1155"; attempts: number };

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Registers tokens of external collections the fetcher has not seen: ERC-721 tokens minted after the collection's
 * cursor (so a pass reads only what is new), ERC-1155 token ids not registered yet. Returns how many were added.
 */
export async function discoverRemoteTokens(pool: pg.Pool, indexSchema: string): Promise<number> {
  const index = quoted(indexSchema);
  const discovered = withTransaction(pool, async (client) => {
    await giveWayToIndexer(client);
    await client.query(
      `INSERT INTO tokenhub_app.remote_metadata_cursor (chain_id, address)
       SELECT chain_id, address FROM ${index}.collection WHERE source = 'external' AND kind IN ('erc721', 'erc1155')
       ON CONFLICT DO NOTHING`,
    );
    const erc721 = await client.query<{ added: string }>(
      `WITH fresh AS (
         SELECT t.chain_id, t.contract, t.token_id, t.minted_block
           FROM ${index}.erc721_token t
           JOIN tokenhub_app.remote_metadata_cursor c ON c.chain_id = t.chain_id AND c.address = t.contract
           JOIN ${index}.collection col ON col.chain_id = t.chain_id AND col.address = t.contract AND col.kind = 'erc721'
          WHERE t.minted_block > c.minted_block
       ), inserted AS (
         INSERT INTO tokenhub_app.remote_token_metadata (chain_id, address, token_id)
         SELECT chain_id, contract, token_id FROM fresh
         ON CONFLICT DO NOTHING
         RETURNING 1
       ), advanced AS (
         UPDATE tokenhub_app.remote_metadata_cursor c SET minted_block = latest.block
           FROM (SELECT chain_id, contract, max(minted_block) AS block FROM fresh GROUP BY chain_id, contract) latest
          WHERE c.chain_id = latest.chain_id AND c.address = latest.contract
       )
       SELECT count(*)::text AS added FROM inserted`,
    );
    // An external ERC-1155 collection's token ids, one index probe each (a skip scan of the balances' primary key):
    // a pass costs the number of token types, not of balances.
    const erc1155 = await client.query(
      `INSERT INTO tokenhub_app.remote_token_metadata (chain_id, address, token_id)
       SELECT col.chain_id, col.address, ids.token_id
         FROM ${index}.collection col
         CROSS JOIN LATERAL (
           WITH RECURSIVE ids (token_id) AS (
             (SELECT b.token_id FROM ${index}.erc1155_balance b
               WHERE b.chain_id = col.chain_id AND b.contract = col.address ORDER BY b.token_id LIMIT 1)
             UNION ALL
             SELECT (SELECT b.token_id FROM ${index}.erc1155_balance b
                      WHERE b.chain_id = col.chain_id AND b.contract = col.address AND b.token_id > ids.token_id
                      ORDER BY b.token_id LIMIT 1)
               FROM ids WHERE ids.token_id IS NOT NULL
           )
           SELECT token_id FROM ids WHERE token_id IS NOT NULL
         ) ids
        WHERE col.source = 'external' AND col.kind = 'erc1155'
       ON CONFLICT DO NOTHING`,
    );
    return Number(erc721.rows[0]?.added ?? 0) + (erc1155.rowCount ?? 0);
  });
  // Given way to Ponder reverting a reorganised block: the next pass discovers what this one did not.
  return await discovered.catch((error: unknown) => {
    if (isLockNotAvailable(error)) return 0;
    throw error;
  });
}

/**
 * Marks for refetch the tokens named by refresh signals (ERC-4906, ERC-1155 `URI`) emitted since the collection's
 * cursor: a contract saying its metadata changed resets the retry budget too.
 */
export async function applyRefreshSignals(pool: pg.Pool, indexSchema: string): Promise<number> {
  const index = quoted(indexSchema);
  return await withTransaction(pool, async (client) => {
    const refreshed = await client.query<{ refreshed: string }>(
      `WITH fresh AS (
         SELECT s.chain_id, s.contract, s.from_token_id, s.to_token_id, s.block_number
           FROM ${index}.metadata_signal s
           JOIN tokenhub_app.remote_metadata_cursor c ON c.chain_id = s.chain_id AND c.address = s.contract
          WHERE s.block_number > c.signal_block AND s.kind IN ('token', 'batch', 'uri')
       ), marked AS (
         UPDATE tokenhub_app.remote_token_metadata r
            SET state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
           FROM fresh
          WHERE r.chain_id = fresh.chain_id AND r.address = fresh.contract
            AND r.token_id BETWEEN fresh.from_token_id AND fresh.to_token_id
         RETURNING 1
       ), advanced AS (
         UPDATE tokenhub_app.remote_metadata_cursor c SET signal_block = latest.block
           FROM (SELECT chain_id, contract, max(block_number) AS block FROM fresh GROUP BY chain_id, contract) latest
          WHERE c.chain_id = latest.chain_id AND c.address = latest.contract
       )
       SELECT count(*)::text AS refreshed FROM marked`,
    );
    return Number(refreshed.rows[0]?.refreshed ?? 0);
  });
}

/**
 * Takes up to `limit` tokens whose fetch is due and leases them for `leaseMs` (another replica skips them meanwhile;
 * a crashed fetcher's lease simply runs out).
 */
export async function claimDueRemoteTokens(pool: pg.Pool, indexSchema: string, limit: number, leaseMs: number): Promise<ClaimedToken[]> {
  const index = quoted(indexSchema);
  const result = await pool.query<{ chain_id: string; address: string; token_id: string; kind: "erc721" | "erc1155"; attempts: number }>(
    `WITH due AS (
       SELECT chain_id, address, token_id FROM tokenhub_app.remote_token_metadata
        WHERE state <> 'fetched' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE tokenhub_app.remote_token_metadata r
        SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
       FROM due, ${index}.collection col
      WHERE r.chain_id = due.chain_id AND r.address = due.address AND r.token_id = due.token_id
        AND col.chain_id = r.chain_id AND col.address = r.address
     RETURNING r.chain_id, r.address, r.token_id, col.kind, r.attempts`,
    [limit, leaseMs],
  );
  return result.rows.map((row) => ({
    chainId: Number(row.chain_id),
    address: row.address,
    tokenId: BigInt(row.token_id),
    kind: row.kind,
    attempts: row.attempts,
  }));
}

export async function recordRemoteFetched(pool: pg.Pool, token: ClaimedToken, uri: string, metadata: Record<string, unknown>): Promise<void> {
  await pool.query(
    `UPDATE tokenhub_app.remote_token_metadata
        SET state = 'fetched', uri = $4, metadata = $5, error = NULL, attempts = attempts + 1,
            next_attempt_at = 'infinity', fetched_at = now(), updated_at = now()
      WHERE chain_id = $1 AND address = $2 AND token_id = $3`,
    [token.chainId, token.address, token.tokenId.toString(), uri, JSON.stringify(metadata)],
  );
}

/**
 * Records a failed try. Until `maxAttempts` the next one is scheduled after an exponential backoff; past it the token
 * stays `failed` until the contract signals a metadata update. A last good copy, if any, keeps being served.
 */
export async function recordRemoteFailed(
  pool: pg.Pool,
  token: ClaimedToken,
  failure: { uri: string | null; error: string },
  retry: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number },
): Promise<void> {
  const attempts = token.attempts + 1;
  const delayMs = attempts >= retry.maxAttempts ? null : Math.min(retry.baseDelayMs * 2 ** (attempts - 1), retry.maxDelayMs);
  await pool.query(
    `UPDATE tokenhub_app.remote_token_metadata
        SET state = 'failed', uri = COALESCE($4, uri), error = $5, attempts = $6,
            next_attempt_at = CASE WHEN $7::double precision IS NULL THEN 'infinity'::timestamptz
                                   ELSE now() + make_interval(secs => $7::double precision / 1000) END,
            updated_at = now()
      WHERE chain_id = $1 AND address = $2 AND token_id = $3`,
    [token.chainId, token.address, token.tokenId.toString(), failure.uri, failure.error.slice(0, 500), attempts, delayMs],
  );
}

export const remoteTokenMetadata = appSchema.table(
  "remote_token_metadata",
  {
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    tokenId: numeric("token_id", { precision: 78, scale: 0 }).notNull(),
    state: text("state").$type<RemoteMetadataState>().notNull(),
    uri: text("uri"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    error: text("error"),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.tokenId] })],
);

/** The cached remote metadata of some tokens of a collection, by token id (decimal string). */
export async function findRemoteMetadata(db: StoreDb, chainId: number, address: string, tokenIds: readonly bigint[]): Promise<Map<string, RemoteMetadataRow>> {
  if (tokenIds.length === 0) return new Map();
  const t = remoteTokenMetadata;
  const rows = await db
    .select({
      tokenId: t.tokenId,
      state: t.state,
      uri: t.uri,
      metadata: t.metadata,
      error: t.error,
      attempts: t.attempts,
      fetchedAt: t.fetchedAt,
      // ISO text, or null for 'infinity' (no further try scheduled).
      nextAttemptAt: sql<string | null>`CASE WHEN ${t.nextAttemptAt} = 'infinity' OR ${t.state} = 'fetched' THEN NULL ELSE to_json(${t.nextAttemptAt}) #>> '{}' END`,
    })
    .from(t)
    .where(and(eq(t.chainId, chainId), eq(t.address, address.toLowerCase()), tokenIdIn(t.tokenId, tokenIds)));
  return new Map(
    rows.map((row) => [
      row.tokenId,
      {
        state: row.state,
        uri: row.uri,
        metadata: row.metadata,
        error: row.error,
        attempts: row.attempts,
        fetchedAt: row.fetchedAt,
        nextAttemptAt: row.nextAttemptAt === null ? null : new Date(row.nextAttemptAt),
      },
    ]),
  );
}
