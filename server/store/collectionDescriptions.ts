import type pg from "pg";

/**
 * Collections the index stored without a description (`described` false: reading a view failed or took too long) and
 * the service has not read since (migration 0190). The index lives in schema `indexSchema` of the same database.
 */
export type UndescribedCollection = { chainId: number; address: string; kind: "erc20" | "erc721" | "erc1155" };
export type CollectionDescription = { name: string | null; symbol: string | null; decimals: number | null; transferable: boolean | null };

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export async function findUndescribedCollections(pool: pg.Pool, indexSchema: string, limit: number): Promise<UndescribedCollection[]> {
  const { rows } = await pool.query<UndescribedCollection>(
    `SELECT c.chain_id AS "chainId", c.address, c.kind
       FROM ${quoted(indexSchema)}.collection c
      WHERE NOT c.described
        AND NOT EXISTS (SELECT 1 FROM tokenhub_app.collection_descriptions d WHERE d.chain_id = c.chain_id AND d.address = c.address)
      ORDER BY c.chain_id, c.created_block, c.address
      LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function recordCollectionDescription(pool: pg.Pool, collection: UndescribedCollection, description: CollectionDescription): Promise<void> {
  await pool.query(
    `INSERT INTO tokenhub_app.collection_descriptions (chain_id, address, name, symbol, decimals, transferable, read_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (chain_id, address) DO UPDATE
       SET name = EXCLUDED.name, symbol = EXCLUDED.symbol, decimals = EXCLUDED.decimals, transferable = EXCLUDED.transferable, read_at = EXCLUDED.read_at`,
    [collection.chainId, collection.address, description.name, description.symbol, description.decimals, description.transferable],
  );
}
