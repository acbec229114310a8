import { sql } from "drizzle-orm";
import type { Hex } from "viem";
import type { StoreDb } from "./database/db.js";
import type { Queryable } from "./transactions.js";

/** An accepted write request (migration 0110): what its answer's operationId names. */
export type NewOperation = {
  id: string;
  projectId: string;
  chainId: number;
  purpose: string;
  transactionId: string | null;
  /** Its call's position in a transaction carrying several calls; null when the transaction is its alone. */
  callIndex: number | null;
};

type Executor = Pick<StoreDb, "execute">;

/** Records operations in one statement; `db` is the database transaction that records what they did. */
export async function insertOperations(db: Queryable, operations: readonly NewOperation[]): Promise<void> {
  if (operations.length === 0) return;
  const column = <T>(pick: (operation: NewOperation) => T) => operations.map(pick);
  await db.query(
    `INSERT INTO tokenhub_app.operations (id, project_id, chain_id, purpose, transaction_id, call_index)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::uuid[], $6::int[])`,
    [
      column((operation) => operation.id),
      column((operation) => operation.projectId),
      column((operation) => operation.chainId),
      column((operation) => operation.purpose),
      column((operation) => operation.transactionId),
      column((operation) => operation.callIndex),
    ],
  );
}

/**
 * Records an operation that sent nothing of its own: one that created something off chain (`db` then being the
 * database transaction that created it), or one answered with a transaction sent before (`transactionHash`: any
 * attempt's hash; a transaction the service did not send is not linked).
 */
export async function insertOperationWithoutSending(
  db: Executor,
  operation: { id: string; projectId: string; chainId: number; purpose: string; transactionHash?: Hex },
): Promise<void> {
  const transactionId =
    operation.transactionHash === undefined
      ? sql`NULL::uuid`
      : sql`(SELECT transaction_id FROM tokenhub_app.transaction_attempts WHERE hash = ${operation.transactionHash.toLowerCase()})`;
  await db.execute(sql`
    INSERT INTO tokenhub_app.operations (id, project_id, chain_id, purpose, transaction_id)
    VALUES (${operation.id}, ${operation.projectId}, ${operation.chainId}, ${operation.purpose}, ${transactionId})`);
}

export type StoredOperation = {
  id: string;
  chainId: number;
  purpose: string;
  callIndex: number | null;
  /** The latest attempt of its transaction (the transaction's current hash once mined), null when it has none. */
  transactionHash: Hex | null;
  createdAt: Date;
};

/** A project's operation; another project's is not found, so others' operations are not revealed. */
export async function findProjectOperation(db: StoreDb, projectId: string, id: string): Promise<StoredOperation | undefined> {
  const result = await db.execute<{ id: string; chain_id: string; purpose: string; call_index: number | null; hash: Hex | null; created_at: string }>(sql`
    SELECT o.id, o.chain_id, o.purpose, o.call_index, o.created_at,
           (SELECT a.hash FROM tokenhub_app.transaction_attempts a WHERE a.transaction_id = o.transaction_id ORDER BY a.attempt DESC LIMIT 1) AS hash
      FROM tokenhub_app.operations o
     WHERE o.id = ${id} AND o.project_id = ${projectId}`);
  const row = result.rows[0];
  if (row === undefined) return undefined;
  return {
    id: row.id,
    chainId: Number(row.chain_id),
    purpose: row.purpose,
    callIndex: row.call_index,
    transactionHash: row.hash,
    createdAt: new Date(row.created_at),
  };
}
