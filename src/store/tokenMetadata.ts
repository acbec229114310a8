import { and, eq } from "drizzle-orm";
import { bigint, jsonb, numeric, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type pg from "pg";
import { type StoreDb, tokenIdIn, withTransaction } from "./db.js";
import { appSchema, projects } from "./schema.js";

export const tokenMetadata = appSchema.table(
  "token_metadata",
  {
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    tokenId: numeric("token_id", { precision: 78, scale: 0 }).notNull(),
    projectId: uuid("project_id").notNull().references(() => projects.id),
    metadata: jsonb("metadata").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.tokenId] })],
);

/** Token-level metadata of some tokens of a collection, by token id (decimal string). */
export async function findTokenMetadata(db: StoreDb, chainId: number, address: string, tokenIds: readonly bigint[]): Promise<Map<string, unknown>> {
  if (tokenIds.length === 0) return new Map();
  const rows = await db
    .select({ tokenId: tokenMetadata.tokenId, metadata: tokenMetadata.metadata })
    .from(tokenMetadata)
    .where(and(eq(tokenMetadata.chainId, chainId), eq(tokenMetadata.address, address.toLowerCase()), tokenIdIn(tokenMetadata.tokenId, tokenIds)));
  return new Map(rows.map((row) => [row.tokenId, row.metadata]));
}

export type MintAwaitingMetadata = { id: string; chainId: number; contract: string; hash: string; projectId: string; metadata: unknown };

/** Successful ERC-721 mints that carried metadata not yet attached to the minted token. */
export async function findMintsAwaitingMetadata(pool: pg.Pool, limit: number): Promise<MintAwaitingMetadata[]> {
  const result = await pool.query<{ id: string; chain_id: string; to_address: string; mined_hash: string; project_id: string; token_metadata: unknown }>(
    `SELECT id, chain_id, to_address, mined_hash, project_id, metadata -> 'tokenMetadata' AS token_metadata
       FROM tokenhub_app.transactions
      WHERE purpose = 'erc721.mint' AND status = 'success' AND mined_hash IS NOT NULL AND project_id IS NOT NULL
        AND metadata ? 'tokenMetadata' AND NOT metadata ? 'tokenMetadataRecorded'
      ORDER BY created_at
      LIMIT $1`,
    [limit],
  );
  return result.rows.map((row) => ({
    id: row.id,
    chainId: Number(row.chain_id),
    contract: row.to_address,
    hash: row.mined_hash,
    projectId: row.project_id,
    metadata: row.token_metadata,
  }));
}

/** Attaches the metadata to the token and marks the mint done, in one transaction. */
export async function recordMintedTokenMetadata(
  pool: pg.Pool,
  mint: MintAwaitingMetadata,
  tokenIds: readonly bigint[],
): Promise<void> {
  await withTransaction(pool, async (client) => {
    for (const tokenId of tokenIds) {
      await client.query(
        `INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (chain_id, address, token_id) DO UPDATE SET metadata = EXCLUDED.metadata, updated_at = now()`,
        [mint.chainId, mint.contract.toLowerCase(), tokenId.toString(), mint.projectId, JSON.stringify(mint.metadata)],
      );
    }
    await client.query(`UPDATE tokenhub_app.transactions SET metadata = metadata || '{"tokenMetadataRecorded": true}' WHERE id = $1`, [mint.id]);
  });
}
