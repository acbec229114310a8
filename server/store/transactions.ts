import type pg from "pg";
import type { Address, Hex } from "viem";

/**
 * Data access for the transaction outbox (migration 0003). Plain SQL over `pg`: the hot paths insert and update
 * hundreds of rows per statement through `unnest`, and nonce allocation depends on exact locking behaviour.
 */
export type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

export type StoredTransactionStatus = "pending" | "success" | "failure";

/** A block by number and hash. */
export type StoredBlockRef = { blockNumber: bigint; blockHash: Hex };

export type NewAttempt = { hash: Hex; raw: Hex; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export type NewTransaction = {
  id: string;
  chainId: number;
  signer: Address;
  nonce: number;
  purpose: string;
  projectId: string | null;
  metadata: Record<string, unknown>;
  to: Address;
  data: Hex;
  value: bigint;
  gasLimit: bigint;
  attempt: NewAttempt;
};

export type StoredAttempt = { index: number; hash: Hex; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; ageMs: number };
export type PendingTransactionRow = {
  id: string;
  signer: Address;
  nonce: number;
  purpose: string;
  attempts: StoredAttempt[];
  reorgedFrom: StoredBlockRef | null;
};
export type TransactionBody = { to: Address; data: Hex; value: bigint; gasLimit: bigint };

export type CompletedTransaction = {
  id: string;
  /** How many attempts the decision was based on: if another replica added one since, the decision waits a pass. */
  attemptCount: number;
  status: "success" | "failure";
  minedHash: Hex | null;
  blockNumber: bigint | null;
  blockHash: Hex | null;
  final: boolean;
  gasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  failureReason: string | null;
};

/** A signer's nonce row was never created: the pipeline's start-up recovery creates it. */
export class SignerNotInitialisedError extends Error {
  override name = "SignerNotInitialisedError";
  constructor(chainId: number, address: Address) {
    super(`No nonce row for signer ${address} on chain ${chainId}: start the transaction pipeline first.`);
  }
}

/**
 * Creates the signer's row from the chain's pending nonce, or moves an existing row forward when the chain is ahead
 * (the key was used elsewhere, or the database was restored from an older backup). Never moves it back: nonces the
 * row already handed out belong to recorded transactions.
 */
export async function ensureSignerNonce(
  db: Queryable,
  chainId: number,
  address: Address,
  chainPendingNonce: number,
): Promise<{ nextNonce: number; previous: number | undefined }> {
  const { rows } = await db.query<{ next_nonce: string; previous: string | null }>(
    `WITH previous AS (SELECT next_nonce FROM tokenhub_app.signer_nonces WHERE chain_id = $1 AND address = $2)
     INSERT INTO tokenhub_app.signer_nonces (chain_id, address, next_nonce) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id, address) DO UPDATE
       SET next_nonce = GREATEST(signer_nonces.next_nonce, EXCLUDED.next_nonce), updated_at = now()
     RETURNING next_nonce, (SELECT next_nonce FROM previous) AS previous`,
    [chainId, address, chainPendingNonce],
  );
  const row = rows[0]!;
  return { nextNonce: Number(row.next_nonce), previous: row.previous === null ? undefined : Number(row.previous) };
}

export async function readNextNonce(db: Queryable, chainId: number, address: Address): Promise<number | undefined> {
  const { rows } = await db.query<{ next_nonce: string }>(
    "SELECT next_nonce FROM tokenhub_app.signer_nonces WHERE chain_id = $1 AND address = $2",
    [chainId, address],
  );
  return rows[0] === undefined ? undefined : Number(rows[0].next_nonce);
}

/**
 * Hands out `count` consecutive nonces and returns the first. The row lock taken by the UPDATE serialises concurrent
 * allocations (other requests, other replicas) until the surrounding transaction ends, so no nonce is given twice;
 * run it in the transaction that records the nonces' transactions, so that none is skipped either.
 */
export async function allocateNonces(db: Queryable, chainId: number, address: Address, count: number): Promise<number> {
  const { rows } = await db.query<{ first: string }>(
    `UPDATE tokenhub_app.signer_nonces SET next_nonce = next_nonce + $3, updated_at = now()
     WHERE chain_id = $1 AND address = $2 RETURNING next_nonce - $3 AS first`,
    [chainId, address, count],
  );
  if (rows[0] === undefined) throw new SignerNotInitialisedError(chainId, address);
  return Number(rows[0].first);
}

/**
 * Inserts transactions with their first attempts in one statement. With `skipTakenNonces`, a nonce that already has
 * a transaction is skipped (two replicas filling the same gap); returns the ids actually inserted.
 */
export async function insertTransactions(
  db: Queryable,
  transactions: readonly NewTransaction[],
  options: { skipTakenNonces?: boolean } = {},
): Promise<Set<string>> {
  if (transactions.length === 0) return new Set();
  const column = <T>(pick: (transaction: NewTransaction) => T) => transactions.map(pick);
  const { rows } = await db.query<{ id: string }>(
    `WITH inserted AS (
       INSERT INTO tokenhub_app.transactions
         (id, chain_id, signer, nonce, status, purpose, project_id, metadata, to_address, data, value, gas_limit)
       SELECT id, chain_id, signer, nonce, 'pending', purpose, project_id, metadata, to_address, decode(data, 'hex'), value, gas_limit
       FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::uuid[], $7::jsonb[], $8::text[],
                   $9::text[], $10::numeric[], $11::bigint[])
         AS t(id, chain_id, signer, nonce, purpose, project_id, metadata, to_address, data, value, gas_limit)
       ${options.skipTakenNonces ? "ON CONFLICT (chain_id, signer, nonce) DO NOTHING" : ""}
       RETURNING id
     ), attempts AS (
       INSERT INTO tokenhub_app.transaction_attempts (hash, transaction_id, attempt, raw, max_fee_per_gas, max_priority_fee_per_gas)
       SELECT a.hash, a.transaction_id, 0, decode(a.raw, 'hex'), a.max_fee, a.max_priority_fee
       FROM unnest($1::uuid[], $12::text[], $13::text[], $14::numeric[], $15::numeric[])
         AS a(transaction_id, hash, raw, max_fee, max_priority_fee)
       JOIN inserted ON inserted.id = a.transaction_id
     )
     SELECT id FROM inserted`,
    [
      column((t) => t.id),
      column((t) => t.chainId),
      column((t) => t.signer),
      column((t) => t.nonce),
      column((t) => t.purpose),
      column((t) => t.projectId),
      column((t) => JSON.stringify(t.metadata)),
      column((t) => t.to),
      column((t) => t.data.slice(2)),
      column((t) => t.value.toString()),
      column((t) => t.gasLimit.toString()),
      column((t) => t.attempt.hash),
      column((t) => t.attempt.raw.slice(2)),
      column((t) => t.attempt.maxFeePerGas.toString()),
      column((t) => t.attempt.maxPriorityFeePerGas.toString()),
    ],
  );
  return new Set(rows.map((row) => row.id));
}

/** Records a fee bump; false when that attempt number exists already (another replica bumped first). */
export async function insertAttempt(db: Queryable, transactionId: string, index: number, attempt: NewAttempt): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO tokenhub_app.transaction_attempts (hash, transaction_id, attempt, raw, max_fee_per_gas, max_priority_fee_per_gas)
     VALUES ($1, $2, $3, decode($4, 'hex'), $5, $6) ON CONFLICT DO NOTHING`,
    [attempt.hash, transactionId, index, attempt.raw.slice(2), attempt.maxFeePerGas.toString(), attempt.maxPriorityFeePerGas.toString()],
  );
  return rowCount === 1;
}

/** Pending transactions of these signers, oldest nonce first, with their attempts (ages measured by the database). */
export async function loadPending(
  db: Queryable,
  chainId: number,
  signers: readonly Address[],
  limit: number,
): Promise<PendingTransactionRow[]> {
  const { rows } = await db.query<{
    id: string;
    signer: Address;
    nonce: string;
    purpose: string;
    reorged_from_block_number: string | null;
    reorged_from_block_hash: Hex | null;
    attempt: number;
    hash: Hex;
    max_fee_per_gas: string;
    max_priority_fee_per_gas: string;
    age_ms: number;
  }>(
    `SELECT t.id, t.signer, t.nonce, t.purpose, t.reorged_from_block_number, t.reorged_from_block_hash,
            a.attempt, a.hash, a.max_fee_per_gas, a.max_priority_fee_per_gas,
            (extract(epoch FROM now() - a.created_at) * 1000)::float8 AS age_ms
     FROM (SELECT id, signer, nonce, purpose, reorged_from_block_number, reorged_from_block_hash FROM tokenhub_app.transactions
           WHERE chain_id = $1 AND status = 'pending' AND signer = ANY($2::text[])
           ORDER BY nonce LIMIT $3) t
     JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id
     ORDER BY t.signer, t.nonce, a.attempt`,
    [chainId, signers, limit],
  );
  const byId = new Map<string, PendingTransactionRow>();
  for (const row of rows) {
    let pending = byId.get(row.id);
    if (pending === undefined) {
      pending = {
        id: row.id,
        signer: row.signer,
        nonce: Number(row.nonce),
        purpose: row.purpose,
        attempts: [],
        reorgedFrom: blockRefOf(row.reorged_from_block_number, row.reorged_from_block_hash),
      };
      byId.set(row.id, pending);
    }
    pending.attempts.push({
      index: row.attempt,
      hash: row.hash,
      maxFeePerGas: BigInt(row.max_fee_per_gas),
      maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas),
      ageMs: row.age_ms,
    });
  }
  return [...byId.values()];
}

export async function loadTransactionBodies(db: Queryable, ids: readonly string[]): Promise<Map<string, TransactionBody>> {
  const { rows } = await db.query<{ id: string; to_address: Address; data: Buffer; value: string; gas_limit: string }>(
    "SELECT id, to_address, data, value, gas_limit FROM tokenhub_app.transactions WHERE id = ANY($1::uuid[])",
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { to: row.to_address, data: toHex(row.data), value: BigInt(row.value), gasLimit: BigInt(row.gas_limit) },
    ]),
  );
}

export async function loadRawAttempts(db: Queryable, hashes: readonly Hex[]): Promise<Map<Hex, Hex>> {
  const { rows } = await db.query<{ hash: Hex; raw: Buffer }>(
    "SELECT hash, raw FROM tokenhub_app.transaction_attempts WHERE hash = ANY($1::text[])",
    [hashes],
  );
  return new Map(rows.map((row) => [row.hash, toHex(row.raw)]));
}

/** The latest signed bytes of each pending transaction of a signer, in nonce order: what a restart rebroadcasts. */
export async function loadPendingLatestAttempts(
  db: Queryable,
  chainId: number,
  signer: Address,
): Promise<{ nonce: number; hash: Hex; raw: Hex }[]> {
  const { rows } = await db.query<{ nonce: string; hash: Hex; raw: Buffer }>(
    `SELECT DISTINCT ON (t.nonce) t.nonce, a.hash, a.raw
     FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id
     WHERE t.chain_id = $1 AND t.signer = $2 AND t.status = 'pending'
     ORDER BY t.nonce, a.attempt DESC`,
    [chainId, signer],
  );
  return rows.map((row) => ({ nonce: Number(row.nonce), hash: row.hash, raw: toHex(row.raw) }));
}

/**
 * Ends transactions. A row that is no longer pending (another replica got there first), or that gained an attempt
 * the decision did not see (its receipt may be the one that matters), is left alone. Returns the ids it ended.
 */
export async function completeTransactions(db: Queryable, completed: readonly CompletedTransaction[]): Promise<Set<string>> {
  if (completed.length === 0) return new Set();
  const column = <T>(pick: (entry: CompletedTransaction) => T) => completed.map(pick);
  const { rows } = await db.query<{ id: string }>(
    `UPDATE tokenhub_app.transactions t
     SET status = c.status, mined_hash = c.mined_hash, block_number = c.block_number, block_hash = c.block_hash, final = c.final,
         gas_used = c.gas_used, effective_gas_price = c.effective_gas_price, failure_reason = c.failure_reason, updated_at = now()
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::numeric[], $7::text[], $8::int[], $9::text[], $10::boolean[])
       AS c(id, status, mined_hash, block_number, gas_used, effective_gas_price, failure_reason, attempt_count, block_hash, final)
     WHERE t.id = c.id AND t.status = 'pending'
       AND (SELECT count(*) FROM tokenhub_app.transaction_attempts a WHERE a.transaction_id = t.id) = c.attempt_count
     RETURNING t.id`,
    [
      column((c) => c.id),
      column((c) => c.status),
      column((c) => c.minedHash),
      column((c) => c.blockNumber?.toString() ?? null),
      column((c) => c.gasUsed?.toString() ?? null),
      column((c) => c.effectiveGasPrice?.toString() ?? null),
      column((c) => c.failureReason),
      column((c) => c.attemptCount),
      column((c) => c.blockHash),
      column((c) => c.final),
    ],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Nonces from `fromNonce` below the signer's next nonce that no transaction uses: one statement, so one snapshot in
 * which every committed allocation is visible together with its transactions.
 */
export async function findNonceGaps(
  db: Queryable,
  chainId: number,
  signer: Address,
  fromNonce: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ nonce: string }>(
    `SELECT g.nonce FROM tokenhub_app.signer_nonces s, generate_series($3::bigint, s.next_nonce - 1) AS g(nonce)
     WHERE s.chain_id = $1 AND s.address = $2
       AND NOT EXISTS (SELECT 1 FROM tokenhub_app.transactions t WHERE t.chain_id = $1 AND t.signer = $2 AND t.nonce = g.nonce)
     ORDER BY g.nonce LIMIT $4`,
    [chainId, signer, fromNonce, limit],
  );
  return rows.map((row) => Number(row.nonce));
}

export function toHex(bytes: Buffer): Hex {
  return `0x${bytes.toString("hex")}`;
}

export function blockRefOf(blockNumber: string | null, blockHash: Hex | null): StoredBlockRef | null {
  return blockNumber === null || blockHash === null ? null : { blockNumber: BigInt(blockNumber), blockHash };
}
