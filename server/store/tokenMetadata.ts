import { bigint, jsonb, numeric, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type pg from "pg";
import { withTransaction } from "./database/db.js";
import { appSchema, projects } from "./database/schema.js";

export const tokenMetadata = appSchema.table(
  "token_metadata",
  {
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    tokenId: numeric("token_id", { precision: 78, scale: 0 }).notNull(),
    projectId: uuid("project_id").notNull().references(() => projects.id),
    metadata: jsonb("metadata").notNull(),
    /** The mint whose metadata this is (migration 0101); null when a metadata write, a permit or a token type's creation set it. */
    attachedBy: uuid("attached_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.tokenId] })],
);

/**
 * A mint that carried metadata, with the metadata of each of its calls in call order: one entry for a mint sent on its
 * own, one per call (null where a call carried none) for mints joined into one `multicall` transaction.
 */
export type MintAwaitingMetadata = {
  id: string;
  chainId: number;
  contract: string;
  hash: string;
  /** The block the mint is in: the attachment holds while the mint stays there (migration 0101). */
  blockHash: string | null;
  projectId: string;
  metadataByCall: unknown[];
};

/**
 * Successful ERC-721 mints that carried metadata not yet attached to the minted token, oldest first. Its WHERE is
 * the predicate of the partial index transactions_awaiting_token_metadata_idx (migration 0060), word for word, so
 * the planner reads only the waiting mints.
 */
export const MINTS_AWAITING_METADATA_SQL = `
  SELECT id, chain_id, to_address, mined_hash, block_hash, project_id,
         CASE WHEN metadata ? 'joined'
              THEN (SELECT jsonb_agg(coalesce(call -> 'tokenMetadata', 'null'::jsonb) ORDER BY position)
                      FROM jsonb_array_elements(metadata -> 'joined') WITH ORDINALITY AS calls (call, position))
              ELSE jsonb_build_array(metadata -> 'tokenMetadata') END AS by_call
    FROM tokenhub_app.transactions
   WHERE purpose = 'erc721.mint' AND status = 'success' AND mined_hash IS NOT NULL AND project_id IS NOT NULL
     AND (metadata ? 'tokenMetadata' OR jsonb_path_exists(metadata, '$.joined[*].tokenMetadata'))
     AND NOT metadata ? 'tokenMetadataRecorded'
   ORDER BY created_at
   LIMIT $1`;

export async function findMintsAwaitingMetadata(pool: pg.Pool, limit: number): Promise<MintAwaitingMetadata[]> {
  const result = await pool.query<{
    id: string;
    chain_id: string;
    to_address: string;
    mined_hash: string;
    block_hash: string | null;
    project_id: string;
    by_call: unknown[];
  }>(
    MINTS_AWAITING_METADATA_SQL,
    [limit],
  );
  return result.rows.map((row) => ({
    id: row.id,
    chainId: Number(row.chain_id),
    contract: row.to_address,
    hash: row.mined_hash,
    blockHash: row.block_hash,
    projectId: row.project_id,
    metadataByCall: row.by_call,
  }));
}

/**
 * Attaches the metadata to the tokens and marks the mint done, in one transaction. `tokenIds` are the tokens the
 * transaction minted in this contract, in log order: each ERC-721 mint call mints one token, so in a joined
 * transaction the i-th token is the i-th call's. Each row names the mint (attached_by) and the mark names its block,
 * so that a reorganisation that moves the mint can take the metadata back (detachMovedMintMetadata). A row the mint
 * attached already (a metadata write made before the job attaches it takes the mint's metadata first) is left as it is.
 */
export async function recordMintedTokenMetadata(
  pool: pg.Pool,
  mint: MintAwaitingMetadata,
  tokenIds: readonly bigint[],
): Promise<void> {
  const metadataOf = (index: number) => (mint.metadataByCall.length === 1 ? mint.metadataByCall[0] : mint.metadataByCall[index]);
  await withTransaction(pool, async (client) => {
    for (const [index, tokenId] of tokenIds.entries()) {
      const metadata = metadataOf(index);
      if (metadata === null || metadata === undefined) continue;
      await client.query(
        `INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata, attached_by)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chain_id, address, token_id) DO UPDATE SET metadata = EXCLUDED.metadata, attached_by = EXCLUDED.attached_by, updated_at = now()
           WHERE token_metadata.attached_by IS DISTINCT FROM EXCLUDED.attached_by`,
        [mint.chainId, mint.contract.toLowerCase(), tokenId.toString(), mint.projectId, JSON.stringify(metadata), mint.id],
      );
    }
    await client.query(
      `UPDATE tokenhub_app.transactions SET metadata = metadata || jsonb_build_object('tokenMetadataRecorded', jsonb_build_object('blockHash', $2::text))
       WHERE id = $1`,
      [mint.id, mint.blockHash],
    );
  });
}

/**
 * Mints whose metadata was attached from a block that no longer holds them (reorganised away: pending again, or mined
 * again elsewhere), oldest first. Its WHERE is the predicate of transactions_stale_token_metadata_idx (migration 0101).
 */
export async function findMintsWithMovedMetadata(pool: pg.Pool, limit: number): Promise<string[]> {
  const result = await pool.query<{ id: string }>(
    `SELECT id FROM tokenhub_app.transactions
      WHERE purpose = 'erc721.mint' AND metadata ? 'tokenMetadataRecorded'
        AND (metadata -> 'tokenMetadataRecorded' ->> 'blockHash') IS DISTINCT FROM block_hash
      ORDER BY created_at
      LIMIT $1`,
    [limit],
  );
  return result.rows.map((row) => row.id);
}

/**
 * Takes back the metadata these mints attached (rows a later metadata write changed are the project's, and stay),
 * queues a metadata update for those tokens, and unmarks the mints so that their metadata is attached again to the
 * tokens they mint once mined again. One transaction; a mint that is no longer stale is left alone.
 */
export async function detachMovedMintMetadata(pool: pg.Pool, mintIds: readonly string[]): Promise<void> {
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `UPDATE tokenhub_app.transactions SET metadata = metadata - 'tokenMetadataRecorded'
        WHERE id = ANY($1::uuid[]) AND (metadata -> 'tokenMetadataRecorded' ->> 'blockHash') IS DISTINCT FROM block_hash
        RETURNING id`,
      [mintIds],
    );
    if (rows.length === 0) return;
    await client.query(
      `WITH detached AS (DELETE FROM tokenhub_app.token_metadata WHERE attached_by = ANY($1::uuid[]) RETURNING chain_id, address, token_id)
       INSERT INTO tokenhub_app.metadata_changes (chain_id, address, token_id) SELECT chain_id, address, token_id FROM detached`,
      [rows.map((row) => row.id)],
    );
  });
}
