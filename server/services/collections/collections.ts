import { and, asc, eq, sql } from "drizzle-orm";
import type { ReadonlyDrizzle } from "ponder";
import { getAddress } from "viem";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { encodePageKey, pageStart } from "../../schemas/pageKey.js";
import { preparedStatement } from "../../store/database/preparedStatements.js";
import { requireChain } from "../chains/chains.js";
import { selectDescribedCollections } from "./indexedCollections.js";

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

type CollectionRow = {
  chain_id: number;
  address: `0x${string}`;
  kind: CollectionSummary["type"];
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  transferable: boolean | null;
  source: string;
  created_block: string;
};

export async function listCollections(
  indexDb: IndexDb,
  runtime: RuntimeConfig,
  query: { chainId: number; page: number; pageSize: number; pageKey?: string[] },
): Promise<{ collections: CollectionSummary[]; nextPage: number | null; nextPageKey: string | null }> {
  requireChain(runtime, query.chainId);
  const start = pageStart(query);
  const after = query.pageKey !== undefined;
  const statement = preparedStatement<CollectionRow>(indexDb, `tokenhub_collections_${Number(after)}`, () => {
    const { collection } = schema;
    const onChain = eq(collection.chainId, sql.placeholder("chainId"));
    const afterKey = sql`(${collection.createdBlock}, ${collection.address}) > (${sql.placeholder("afterBlock")}::numeric, ${sql.placeholder("afterAddress")})`;
    return selectDescribedCollections(indexDb)
      .where(after ? and(onChain, afterKey) : onChain)
      .orderBy(asc(collection.createdBlock), asc(collection.address))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .getSQL();
  });
  const rows = await statement({ chainId: query.chainId, limit: query.pageSize + 1, offset: start.offset, afterBlock: query.pageKey?.[0], afterAddress: query.pageKey?.[1] });
  const hasMore = rows.length > query.pageSize;
  const last = rows[query.pageSize - 1];
  return {
    collections: rows.slice(0, query.pageSize).map((row) => ({
      chainId: row.chain_id,
      contractAddress: getAddress(row.address),
      type: row.kind,
      name: row.name,
      symbol: row.symbol,
      decimals: row.decimals,
      transferable: row.transferable,
      source: row.source,
      createdBlock: row.created_block,
    })),
    nextPage: hasMore ? query.page + 1 : null,
    nextPageKey: hasMore && last ? encodePageKey([last.created_block, last.address]) : null,
  };
}
