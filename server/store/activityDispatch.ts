import type pg from "pg";
import type { Hex } from "viem";
import { chainIdBounds, idBlockSql } from "../indexer/store/indexReads.js";
import type { Queryable } from "./transactions.js";

/**
 * Data access for the dispatcher of index events (server/services/webhooks/activityEvents.ts): the index's changes (its
 * `transfer` and `activity` rows), how far the index has reached (server/indexer/store/indexReads.ts), the dispatcher's
 * cursor and the rows it has seen (migration 0130).
 */

/**
 * One change of the index: an `activity` row (ponder.schema.ts), or a `transfer` row in the same shape (kind
 * `transfer`, `data` with standard, from, to, tokenId, amount and the recipient's ownerSince after it).
 */
export type ActivityRow = {
  id: string;
  chainId: number;
  kind: "transfer" | "account_created" | "permit_used" | "permit_invalidated";
  contract: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  timestamp: bigint;
  transactionHash: Hex;
  logIndex: number;
  data: Record<string, string | null>;
};

/** A suffix above every part number: an event's id + ID_CEILING sorts after every activity id of that event. */
const ID_CEILING = "99999";

const quoted = (schema: string) => `"${schema.replaceAll('"', '""')}"`;

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/**
 * SQL: the index's changes in the columns of `activity`, transfers and the rarer kinds together (their ids sort in
 * chain order across both). A transfer's `ownerSince` is its recipient's after it: the block's time for an ERC-721
 * token, the balance history's for the others (its recipient side's id is the transfer's id and `1`); null for a burn.
 */
function indexChanges(indexSchema: string): string {
  const schema = quoted(indexSchema);
  const ownerSinceAfter = (history: string) => `(SELECT h.owner_since::text FROM ${schema}.${history} h WHERE h.id = t.id || '1')`;
  return `(SELECT t.id, t.chain_id, 'transfer' AS kind, t.contract, t.block_number, t.block_hash, t.timestamp, t.transaction_hash, t.log_index,
            jsonb_build_object('standard', t.standard, 'from', t."from", 'to', t."to", 'tokenId', t.token_id::text, 'amount', t.amount::text,
              'ownerSince', CASE WHEN t."to" = '${ZERO_ADDRESS}' THEN NULL
                                 WHEN t.standard = 'erc721' THEN t.timestamp::text
                                 WHEN t.standard = 'erc20' THEN ${ownerSinceAfter("erc20_balance_history")}
                                 ELSE ${ownerSinceAfter("erc1155_balance_history")} END) AS data
       FROM ${schema}.transfer t
     UNION ALL
     SELECT a.id, a.chain_id, a.kind, a.contract, a.block_number, a.block_hash, a.timestamp, a.transaction_hash, a.log_index, a.data::jsonb
       FROM ${schema}.activity a)`;
}

/** SQL: whether the index holds the change `id` in the block `blockHash` (in either table). */
function holdsChange(indexSchema: string, id: string, blockHash: string): string {
  const schema = quoted(indexSchema);
  return `(EXISTS (SELECT 1 FROM ${schema}.transfer t WHERE t.id = ${id} AND t.block_hash = ${blockHash})
        OR EXISTS (SELECT 1 FROM ${schema}.activity a WHERE a.id = ${id} AND a.block_hash = ${blockHash}))`;
}

/**
 * How far the index has reached a chain and what of it is final, as activity ids (every row id at or below `latest`
 * is of an indexed event); undefined before the indexer started on the chain.
 */
export async function indexProgress(db: Queryable, indexSchema: string, chainId: number): Promise<{ latest: string; finalized: string } | undefined> {
  return await chainIdBounds(db, indexSchema, chainId, ID_CEILING);
}

type Row = {
  id: string;
  chain_id: number;
  kind: ActivityRow["kind"];
  contract: Hex;
  block_number: string;
  block_hash: Hex;
  timestamp: string;
  transaction_hash: Hex;
  log_index: number;
  data: Record<string, string | null>;
};

function activityOf(row: Row): ActivityRow {
  return {
    id: row.id,
    chainId: Number(row.chain_id),
    kind: row.kind,
    contract: row.contract,
    blockNumber: BigInt(row.block_number),
    blockHash: row.block_hash,
    timestamp: BigInt(row.timestamp),
    transactionHash: row.transaction_hash,
    logIndex: row.log_index,
    data: row.data,
  };
}

/**
 * The chain's changes after `cursor`, in chain order, that the dispatcher has not seen (in the block they are in
 * now): after a reorganisation the cursor goes back to the final block, and the rows read since are not read again.
 */
export async function readActivityAfter(db: Queryable, indexSchema: string, chainId: number, cursor: string, limit: number): Promise<ActivityRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT a.* FROM ${indexChanges(indexSchema)} a
      WHERE a.chain_id = $1 AND a.id > $2
        AND NOT EXISTS (SELECT 1 FROM tokenhub_app.webhook_index_seen s
                         WHERE s.chain_id = $1 AND s.activity_id = a.id AND s.block_hash = a.block_hash)
      ORDER BY a.id
      LIMIT $3`,
    [chainId, cursor, limit],
  );
  return rows.map(activityOf);
}

/**
 * Whether the index has its `transfer` and `activity` tables (an index built by an older version has not, until the
 * rebuild of this version answers: the dispatcher waits for it, and reads its rows by the same ids).
 */
export async function hasChangeTables(db: Queryable, indexSchema: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name IN ('activity', 'transfer')", [indexSchema]);
  return rows.length === 2;
}

/** The chain's cursor, locked until the caller's database transaction ends (one dispatcher pass at a time per chain). */
export async function lockCursor(db: Queryable, chainId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ cursor: string }>("SELECT cursor FROM tokenhub_app.webhook_index_cursors WHERE chain_id = $1 FOR UPDATE", [chainId]);
  return rows[0]?.cursor;
}

export async function saveCursor(db: Queryable, chainId: number, cursor: string): Promise<void> {
  await db.query(
    `INSERT INTO tokenhub_app.webhook_index_cursors (chain_id, cursor) VALUES ($1, $2)
     ON CONFLICT (chain_id) DO UPDATE SET cursor = EXCLUDED.cursor, updated_at = now()`,
    [chainId, cursor],
  );
}

export type SeenRow = { activityId: string; blockHash: Hex; eventIds: string[] };

/**
 * The first pass on a chain: every row of a block not final yet is marked seen, without events (it happened before
 * anyone could subscribe), so that a reorganisation removing it sends the dispatcher back to read the new branch.
 * Returns the cursor to start from: the last row, or `finalized` when no row is after it.
 */
export async function seedSeen(db: Queryable, indexSchema: string, chainId: number, finalized: string): Promise<string> {
  const { rows } = await db.query<{ last: string | null }>(
    `WITH pending AS (
       SELECT t.id, t.block_hash FROM ${quoted(indexSchema)}.transfer t WHERE t.chain_id = $1 AND t.id > $2
       UNION ALL
       SELECT a.id, a.block_hash FROM ${quoted(indexSchema)}.activity a WHERE a.chain_id = $1 AND a.id > $2
     ), seeded AS (
       INSERT INTO tokenhub_app.webhook_index_seen (chain_id, activity_id, block_hash, event_ids)
       SELECT $1, id, block_hash, '{}' FROM pending
       ON CONFLICT DO NOTHING
     )
     SELECT max(id) AS last FROM pending`,
    [chainId, finalized],
  );
  return rows[0]?.last ?? finalized;
}

export async function insertSeen(db: Queryable, chainId: number, seen: readonly SeenRow[]): Promise<void> {
  if (seen.length === 0) return;
  await db.query(
    `INSERT INTO tokenhub_app.webhook_index_seen (chain_id, activity_id, block_hash, event_ids)
     SELECT $1, s.activity_id, s.block_hash, string_to_array(s.event_ids, ',')::uuid[]
       FROM unnest($2::text[], $3::text[], $4::text[]) AS s(activity_id, block_hash, event_ids)
     ON CONFLICT DO NOTHING`,
    [chainId, seen.map((row) => row.activityId), seen.map((row) => row.blockHash), seen.map((row) => row.eventIds.join(","))],
  );
}

/**
 * Seen rows in blocks the index has reached (up to the block of `latest`: an index being rebuilt has not put back the
 * rows of later blocks yet) that are no longer in the index in the block they were seen in: a reorganisation removed
 * them. Deleted here; their events are what the caller takes back.
 */
export async function takeRemovedSeen(db: Queryable, indexSchema: string, chainId: number, latest: string): Promise<SeenRow[]> {
  const { rows } = await db.query<{ activity_id: string; block_hash: Hex; event_ids: string[] }>(
    `DELETE FROM tokenhub_app.webhook_index_seen s
      WHERE s.chain_id = $1 AND ${idBlockSql("s.activity_id")} <= ${idBlockSql("$2")}
        AND NOT ${holdsChange(indexSchema, "s.activity_id", "s.block_hash")}
      RETURNING s.activity_id, s.block_hash, s.event_ids::text[] AS event_ids`,
    [chainId, latest],
  );
  return rows.map((row) => ({ activityId: row.activity_id, blockHash: row.block_hash, eventIds: row.event_ids })).sort((a, b) => (a.activityId < b.activityId ? -1 : 1));
}

/** Forgets seen rows that are final: no reorganisation can remove them any more. */
export async function forgetFinalSeen(db: Queryable, chainId: number, finalized: string): Promise<void> {
  await db.query("DELETE FROM tokenhub_app.webhook_index_seen WHERE chain_id = $1 AND activity_id <= $2", [chainId, finalized]);
}

/** Forgets a chain's dispatch (its chain was reset: its index is rebuilt from a new genesis). */
export async function forgetActivityDispatch(pool: pg.Pool, chainId: number): Promise<void> {
  await pool.query("DELETE FROM tokenhub_app.webhook_index_seen WHERE chain_id = $1", [chainId]);
  await pool.query("DELETE FROM tokenhub_app.webhook_index_cursors WHERE chain_id = $1", [chainId]);
}
