import { and, asc, eq, sql } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import * as schema from "../../ponder.schema.js";
import type { RuntimeConfig } from "../config/runtime.js";
import { formatAmount } from "../schemas/amounts.js";
import type { IndexDb } from "./collections.js";
import { requireIndexedCollection } from "./indexedCollections.js";

export type OwnersQuery = { chainId: number; contractAddress: Address; ownerAddress?: Address; tokenId?: bigint; page: number; pageSize: number };
export type Page<T> = { items: T[]; nextPage: number | null };

export type Erc1155Owner = { ownerAddress: Address; totalBalance: string; tokens: { tokenId: string; balance: string }[] };

/**
 * The owners on one page of a collection's ERC-721 tokens or ERC-1155 balances (one more, to tell whether another
 * page follows), as a CTE: the query that uses it reads all their tokens in the same statement.
 */
export function ownersOnPage(indexDb: IndexDb, table: typeof schema.erc721Token | typeof schema.erc1155Balance, query: OwnersQuery) {
  const filters = [eq(table.chainId, query.chainId), eq(table.contract, query.contractAddress.toLowerCase() as Address)];
  if (query.ownerAddress) filters.push(eq(table.owner, query.ownerAddress.toLowerCase() as Address));
  if (query.tokenId !== undefined) filters.push(eq(table.tokenId, query.tokenId));
  return indexDb.$with("page_owners").as(
    indexDb
      .selectDistinct({ owner: table.owner })
      .from(table)
      .where(and(...filters))
      .orderBy(asc(table.owner))
      .limit(query.pageSize + 1)
      .offset(query.page * query.pageSize),
  );
}

/**
 * ERC-1155 holders of a collection, by owner address; each with every token it holds there (not paged) and the sum.
 * `tokenId` keeps the owners of that token.
 */
export async function listErc1155Owners(indexDb: IndexDb, runtime: RuntimeConfig, query: OwnersQuery): Promise<Page<Erc1155Owner>> {
  const table = schema.erc1155Balance;
  const inCollection = and(eq(table.chainId, query.chainId), eq(table.contract, query.contractAddress.toLowerCase() as Address))!;
  const ownersOfPage = ownersOnPage(indexDb, table, query);
  const [, rows] = await Promise.all([
    requireIndexedCollection(indexDb, runtime, query.chainId, query.contractAddress, "erc1155"),
    indexDb
      .with(ownersOfPage)
      .select({ owner: table.owner, tokenId: table.tokenId, balance: table.balance })
      .from(table)
      .innerJoin(ownersOfPage, eq(table.owner, ownersOfPage.owner))
      .where(inCollection)
      .orderBy(asc(table.owner), asc(table.tokenId)),
  ]);
  const owners = [...new Set(rows.map((row) => row.owner))];
  const pageOwners = owners.slice(0, query.pageSize);
  if (pageOwners.length === 0) return { items: [], nextPage: null };
  const byOwner = new Map<string, Erc1155Owner>(
    pageOwners.map((owner) => [owner, { ownerAddress: getAddress(owner), totalBalance: "0", tokens: [] }]),
  );
  for (const row of rows) {
    const entry = byOwner.get(row.owner);
    if (!entry) continue;
    entry.tokens.push({ tokenId: row.tokenId.toString(), balance: row.balance.toString() });
    entry.totalBalance = (BigInt(entry.totalBalance) + row.balance).toString();
  }
  return { items: [...byOwner.values()], nextPage: owners.length > query.pageSize ? query.page + 1 : null };
}

export type Erc20Owner = { ownerAddress: Address; totalBalance: string; totalBalanceRaw: string };

/** ERC-20 holders by owner address; `totalBalance` in the token's units, `totalBalanceRaw` in its base units. */
export async function listErc20Owners(indexDb: IndexDb, runtime: RuntimeConfig, query: Omit<OwnersQuery, "tokenId">): Promise<Page<Erc20Owner>> {
  const table = schema.erc20Balance;
  const filters = [eq(table.chainId, query.chainId), eq(table.contract, query.contractAddress.toLowerCase() as Address)];
  if (query.ownerAddress) filters.push(eq(table.owner, query.ownerAddress.toLowerCase() as Address));
  const [collection, rows] = await Promise.all([
    requireIndexedCollection(indexDb, runtime, query.chainId, query.contractAddress, "erc20"),
    indexDb
      .select({ owner: table.owner, balance: table.balance })
      .from(table)
      .where(and(...filters, sql`${table.balance} > 0`))
      .orderBy(asc(table.owner))
      .limit(query.pageSize + 1)
      .offset(query.page * query.pageSize),
  ]);
  const decimals = collection.decimals ?? 18;
  return {
    items: rows.slice(0, query.pageSize).map((row) => ({
      ownerAddress: getAddress(row.owner),
      totalBalance: formatAmount(row.balance, decimals),
      totalBalanceRaw: row.balance.toString(),
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
  };
}
