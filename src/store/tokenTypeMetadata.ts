import { and, eq } from "drizzle-orm";
import type { StoreDb } from "./db.js";
import { erc1155TokenTypes } from "./projectCollections.js";

/** The metadata given to each ERC-1155 token type of a collection at its creation, by token id. */
export async function findTokenTypeMetadata(db: StoreDb, chainId: number, address: string): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ tokenId: erc1155TokenTypes.tokenId, metadata: erc1155TokenTypes.metadata })
    .from(erc1155TokenTypes)
    .where(and(eq(erc1155TokenTypes.chainId, chainId), eq(erc1155TokenTypes.address, address)));
  return new Map(rows.map((row) => [row.tokenId, row.metadata]));
}
