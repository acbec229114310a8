import type { Address, Hex } from "viem";
import { blockRefOf, type NewAttempt, type Queryable, type StoredBlockRef } from "./transactions.js";

/**
 * Data access for the receipt loop's watch of mined transactions until they are final (migration 0100). Every read
 * goes through the partial index transactions_unfinal_idx, whose predicate the WHERE clauses repeat word for word:
 * final transactions cost nothing, however many there are.
 */

export type WatchedAttempt = { hash: Hex; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** A mined transaction that is not final yet. */
export type WatchedTransactionRow = {
  id: string;
  signer: Address;
  nonce: number;
  status: "success" | "failure";
  minedHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  failureReason: string | null;
  reorgedFrom: StoredBlockRef | null;
};

/**
 * The mined, not yet final transactions of these signers, lowest block first: with more than `limit` of them, the
 * lowest half (the next to become final) and the highest half (the likeliest to be reorganised away: a busy chain with
 * a deep finality keeps tens of thousands unfinal, and the newest must not wait for the oldest to be final). Their
 * attempts are not read here: only a transaction that changes state needs them (loadAttemptsOf), and reading them for
 * every watched transaction on every pass would cost an index lookup each in a table that grows with every attempt.
 */
export async function loadWatched(db: Queryable, chainId: number, signers: readonly Address[], limit: number): Promise<WatchedTransactionRow[]> {
  const { rows } = await db.query<{
    id: string;
    signer: Address;
    nonce: string;
    status: "success" | "failure";
    mined_hash: Hex;
    block_number: string;
    block_hash: Hex;
    gas_used: string;
    effective_gas_price: string;
    failure_reason: string | null;
    reorged_from_block_number: string | null;
    reorged_from_block_hash: Hex | null;
  }>(
    `WITH watched AS NOT MATERIALIZED (
       SELECT t.id, t.signer, t.nonce, t.status, t.mined_hash, t.block_number, t.block_hash, t.gas_used,
              t.effective_gas_price::text, t.failure_reason, t.reorged_from_block_number, t.reorged_from_block_hash
       FROM tokenhub_app.transactions t
       WHERE t.chain_id = $1 AND t.status <> 'pending' AND NOT t.final
         AND t.signer = ANY($2::text[]) AND t.block_hash IS NOT NULL)
     SELECT * FROM ((SELECT * FROM watched ORDER BY block_number LIMIT $3)
                    UNION (SELECT * FROM watched ORDER BY block_number DESC LIMIT $4)) AS chosen
     ORDER BY block_number`,
    [chainId, signers, Math.ceil(limit / 2), Math.floor(limit / 2)],
  );
  return rows.map((row) => ({
    id: row.id,
    signer: row.signer,
    nonce: Number(row.nonce),
    status: row.status,
    minedHash: row.mined_hash,
    blockNumber: BigInt(row.block_number),
    blockHash: row.block_hash,
    gasUsed: BigInt(row.gas_used),
    effectiveGasPrice: BigInt(row.effective_gas_price),
    failureReason: row.failure_reason,
    reorgedFrom: blockRefOf(row.reorged_from_block_number, row.reorged_from_block_hash),
  }));
}

/** The attempts of these transactions, oldest first. */
export async function loadAttemptsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, WatchedAttempt[]>> {
  const attempts = new Map<string, WatchedAttempt[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return attempts;
  const { rows } = await db.query<{ transaction_id: string; hash: Hex; max_fee_per_gas: string; max_priority_fee_per_gas: string }>(
    `SELECT transaction_id, hash, max_fee_per_gas, max_priority_fee_per_gas FROM tokenhub_app.transaction_attempts
     WHERE transaction_id = ANY($1::uuid[]) ORDER BY transaction_id, attempt`,
    [ids],
  );
  for (const row of rows) {
    attempts.get(row.transaction_id)!.push({ hash: row.hash, maxFeePerGas: BigInt(row.max_fee_per_gas), maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas) });
  }
  return attempts;
}

/**
 * Marks transactions final, each only while it is still in the block that was found final (another replica may
 * differ). Returns the ids marked.
 */
export async function markFinal(db: Queryable, entries: readonly { id: string; blockHash: Hex }[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `UPDATE tokenhub_app.transactions t SET final = true
     FROM unnest($1::uuid[], $2::text[]) AS c(id, block_hash)
     WHERE t.id = c.id AND t.block_hash = c.block_hash AND t.status <> 'pending' AND NOT t.final
     RETURNING t.id`,
    [entries.map((entry) => entry.id), entries.map((entry) => entry.blockHash)],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Watches a final transaction again, while it is still recorded in that block: the chain no longer has the block that
 * was final (a rollback on a chain whose finality is 0, the local one by default). True when it changed.
 */
export async function reopenFinal(db: Queryable, entry: { id: string; blockHash: Hex }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE tokenhub_app.transactions SET final = false, updated_at = now() WHERE id = $1 AND block_hash = $2 AND final`,
    [entry.id, entry.blockHash],
  );
  return rowCount === 1;
}

/**
 * Puts transactions whose block was reorganised away back to pending, remembering that block; each only while it is
 * still recorded in that block (another replica may have done it, or seen it mined again). Returns the ids changed.
 */
export async function markReorged(db: Queryable, entries: readonly { id: string; blockHash: Hex }[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `UPDATE tokenhub_app.transactions t
     SET status = 'pending', reorged_from_block_number = t.block_number, reorged_from_block_hash = t.block_hash,
         mined_hash = NULL, block_number = NULL, block_hash = NULL, gas_used = NULL, effective_gas_price = NULL,
         failure_reason = NULL, minted = NULL, final = false, updated_at = now()
     FROM unnest($1::uuid[], $2::text[]) AS c(id, block_hash)
     WHERE t.id = c.id AND t.block_hash = c.block_hash AND t.status <> 'pending' AND NOT t.final
     RETURNING t.id`,
    [entries.map((entry) => entry.id), entries.map((entry) => entry.blockHash)],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Moves a pending transaction to a fresh nonce with the attempt signed for it. Run in the transaction that allocated
 * that nonce; false (and the caller rolls back) when the row is no longer pending at `fromNonce`.
 */
export async function moveToFreshNonce(
  db: Queryable,
  move: { id: string; fromNonce: number; toNonce: number; attemptIndex: number; attempt: NewAttempt },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE tokenhub_app.transactions SET nonce = $3, updated_at = now() WHERE id = $1 AND status = 'pending' AND nonce = $2`,
    [move.id, move.fromNonce, move.toNonce],
  );
  if (rowCount !== 1) return false;
  const { attempt } = move;
  const inserted = await db.query(
    `INSERT INTO tokenhub_app.transaction_attempts (hash, transaction_id, attempt, raw, max_fee_per_gas, max_priority_fee_per_gas)
     VALUES ($1, $2, $3, decode($4, 'hex'), $5, $6) ON CONFLICT DO NOTHING`,
    [attempt.hash, move.id, move.attemptIndex, attempt.raw.slice(2), attempt.maxFeePerGas.toString(), attempt.maxPriorityFeePerGas.toString()],
  );
  return inserted.rowCount === 1;
}
