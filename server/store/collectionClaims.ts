import type pg from "pg";
import type { Address, Hex } from "viem";
import type { ContractVersion } from "../chain/contractGenerations.js";

export type CollectionClaim = {
  projectId: string;
  chainId: number;
  kind: "erc20" | "erc721" | "erc1155";
  name: string;
  symbol: string;
  decimals: number | null;
  transferable: boolean;
  defaultMetadata: object | null;
  contractVersion: ContractVersion;
};

type Queryable = Pick<pg.Pool, "query"> | pg.PoolClient;

/** Called by the pipeline inside the database transaction that records the creation's outbox row (migration 0096). */
export async function insertCollectionClaim(client: Queryable, transactionId: string, claim: CollectionClaim): Promise<void> {
  await client.query(
    `INSERT INTO tokenhub_app.collection_claims
       (transaction_id, project_id, chain_id, kind, name, symbol, decimals, transferable, default_metadata, contract_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      transactionId,
      claim.projectId,
      claim.chainId,
      claim.kind,
      claim.name,
      claim.symbol,
      claim.decimals,
      claim.transferable,
      claim.defaultMetadata === null ? null : JSON.stringify(claim.defaultMetadata),
      claim.contractVersion,
    ],
  );
}

/**
 * The collection the receipt named becomes the claiming project's: its project_collections row, written from the
 * claim. Idempotent (the request and the claims loop may both get there).
 */
export async function completeCollectionClaim(pool: Queryable, transactionId: string, address: Address, transactionHash: Hex): Promise<void> {
  await pool.query(
    `WITH claim AS (
       UPDATE tokenhub_app.collection_claims SET address = $2 WHERE transaction_id = $1 AND address IS NULL RETURNING *
     )
     INSERT INTO tokenhub_app.project_collections
       (chain_id, address, project_id, kind, source, name, symbol, decimals, transferable, default_metadata, transaction_hash, contract_version)
     SELECT chain_id, $2, project_id, kind, 'created', name, symbol, decimals, transferable, default_metadata, $3, contract_version FROM claim
     ON CONFLICT (chain_id, address) DO NOTHING`,
    [transactionId, address, transactionHash],
  );
}

/** Claims whose creation was mined but whose collection is not recorded yet (the request did not get that far). */
export async function findUncompletedClaims(pool: Queryable, limit: number): Promise<{ transactionId: string; chainId: number; hash: Hex }[]> {
  const { rows } = await pool.query<{ transactionId: string; chainId: number; hash: Hex }>(
    `SELECT c.transaction_id AS "transactionId", c.chain_id::int AS "chainId", t.mined_hash AS hash
       FROM tokenhub_app.collection_claims c JOIN tokenhub_app.transactions t ON t.id = c.transaction_id
      WHERE c.address IS NULL AND t.status = 'success' AND t.mined_hash IS NOT NULL
      ORDER BY c.created_at LIMIT $1`,
    [limit],
  );
  return rows;
}
