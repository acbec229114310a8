import { and, asc, eq } from "drizzle-orm";
import type { ReadonlyDrizzle } from "ponder";
import { getAddress } from "viem";
import * as schema from "../../ponder.schema.js";
import type { RuntimeConfig } from "../config/runtime.js";
import { requireChain } from "./chains.js";

export type IndexDb = ReadonlyDrizzle<typeof schema>;

export type CollectionSummary = {
  chainId: number;
  contractAddress: `0x${string}`;
  type: "erc20" | "erc721" | "erc1155";
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  transferable: boolean | null;
  source: string;
  createdBlock: string;
};

export async function listCollections(
  indexDb: IndexDb,
  runtime: RuntimeConfig,
  query: { chainId: number; page: number; pageSize: number },
): Promise<{ collections: CollectionSummary[]; nextPage: number | null }> {
  requireChain(runtime, query.chainId);
  const { collection } = schema;
  const rows = await indexDb
    .select()
    .from(collection)
    .where(and(eq(collection.chainId, query.chainId)))
    .orderBy(asc(collection.createdBlock), asc(collection.address))
    .limit(query.pageSize + 1)
    .offset(query.page * query.pageSize);
  const hasMore = rows.length > query.pageSize;
  return {
    collections: rows.slice(0, query.pageSize).map((row) => ({
      chainId: row.chainId,
      contractAddress: getAddress(row.address),
      type: row.kind,
      name: row.name,
      symbol: row.symbol,
      decimals: row.decimals,
      transferable: row.transferable,
      source: row.source,
      createdBlock: row.createdBlock.toString(),
    })),
    nextPage: hasMore ? query.page + 1 : null,
  };
}
