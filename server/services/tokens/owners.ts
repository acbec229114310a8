import { and, asc, eq, sql } from "drizzle-orm";
import type { Address } from "viem";
import { checksummedAddress } from "../../chain/checksummedAddress.js";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { formatAmount } from "../../schemas/amounts.js";
import { encodePageKey, pageStart } from "../../schemas/pageKey.js";
import { preparedStatement, type StatementValues } from "../../store/database/preparedStatements.js";
import type { IndexDb } from "../collections/collections.js";
import { requireIndexedCollection } from "../collections/indexedCollections.js";

export type OwnersQuery = { chainId: number; contractAddress: Address; ownerAddress?: Address; tokenId?: bigint; page: number; pageSize: number; pageKey?: string[] };

export type Page<T> = { items: T[]; nextPage: number | null };

/**
 * The key of the page after this one (server/schemas/pageKey.ts): the sort key of its last item, when another page
 * follows.
 */
export function nextPageKeyOf<T>(page: Page<T>, sortKey: (item: T) => string): string | null {
  return page.nextPage === null || page.items.length === 0 ? null : encodePageKey([sortKey(page.items.at(-1)!)]);
}

export type Erc1155Owner = { ownerAddress: Address; totalBalance: string; tokens: { tokenId: string; balance: string }[] };

/** Which filters an owners query has: each combination is a prepared statement of its own. */
export type OwnersShape = { owner: boolean; tokenId: boolean; after: boolean };

export function ownersShapeOf(query: OwnersQuery): OwnersShape {
  return { owner: query.ownerAddress !== undefined, tokenId: query.tokenId !== undefined, after: query.pageKey !== undefined };
}

/** The values of ownersOnPage's placeholders (and `chainId` and `contract` for the statement around it). */
export function ownersValues(query: OwnersQuery): StatementValues {
  const start = pageStart(query);
  return {
    chainId: query.chainId,
    contract: query.contractAddress.toLowerCase(),
    address: query.contractAddress,
    owner: query.ownerAddress?.toLowerCase(),
    tokenId: query.tokenId?.toString(),
    afterOwner: start.after,
    offset: start.offset,
    limit: query.pageSize + 1,
  };
}

/**
 * The owners on one page of a collection's ERC-721 tokens or ERC-1155 balances (one more, to tell whether another
 * page follows), as a CTE: the query that uses it reads all their tokens in the same statement. Placeholders: those
 * of ownersValues.
 */
export function ownersOnPage(indexDb: IndexDb, table: typeof schema.erc721Token | typeof schema.erc1155Balance, shape: OwnersShape) {
  const filters = [eq(table.chainId, sql.placeholder("chainId")), eq(table.contract, sql.placeholder("contract"))];
  if (shape.owner) filters.push(eq(table.owner, sql.placeholder("owner")));
  if (shape.tokenId) filters.push(eq(table.tokenId, sql.placeholder("tokenId")));
  if (shape.after) filters.push(sql`${table.owner} > ${sql.placeholder("afterOwner")}`);
  return indexDb.$with("page_owners").as(
    indexDb
      .selectDistinct({ owner: table.owner })
      .from(table)
      .where(and(...filters))
      .orderBy(asc(table.owner))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  );
}

function erc1155OwnersStatement(indexDb: IndexDb, shape: OwnersShape) {
  const name = `tokenhub_erc1155_owners_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<{ owner: string; token_id: string; balance: string }>(indexDb, name, () => {
    const table = schema.erc1155Balance;
    const ownersOfPage = ownersOnPage(indexDb, table, shape);
    return indexDb
      .with(ownersOfPage)
      .select({ owner: table.owner, tokenId: table.tokenId, balance: table.balance })
      .from(table)
      .innerJoin(ownersOfPage, eq(table.owner, ownersOfPage.owner))
      .where(and(eq(table.chainId, sql.placeholder("chainId")), eq(table.contract, sql.placeholder("contract"))))
      .orderBy(asc(table.owner), asc(table.tokenId))
      .getSQL();
  });
}

/** The balances of the owners on a page: the route's one statement, which bench/queries runs bare to measure it against. */
export async function erc1155OwnersRows(indexDb: IndexDb, query: OwnersQuery) {
  return await erc1155OwnersStatement(indexDb, ownersShapeOf(query))(ownersValues(query));
}

/**
 * ERC-1155 holders of a collection, by owner address; each with every token it holds there (not paged) and the sum.
 * `tokenId` keeps the owners of that token.
 */
export async function listErc1155Owners(indexDb: IndexDb, runtime: RuntimeConfig, query: OwnersQuery): Promise<Page<Erc1155Owner>> {
  const [, rows] = await Promise.all([
    requireIndexedCollection(indexDb, runtime, query.chainId, query.contractAddress, "erc1155"),
    erc1155OwnersRows(indexDb, query),
  ]);
  const owners = [...new Set(rows.map((row) => row.owner))];
  const pageOwners = owners.slice(0, query.pageSize);
  if (pageOwners.length === 0) return { items: [], nextPage: null };
  const byOwner = new Map<string, Erc1155Owner>(
    pageOwners.map((owner) => [owner, { ownerAddress: checksummedAddress(owner), totalBalance: "0", tokens: [] }]),
  );
  for (const row of rows) {
    const entry = byOwner.get(row.owner);
    if (!entry) continue;
    entry.tokens.push({ tokenId: row.token_id, balance: row.balance });
    entry.totalBalance = (BigInt(entry.totalBalance) + BigInt(row.balance)).toString();
  }
  return { items: [...byOwner.values()], nextPage: owners.length > query.pageSize ? query.page + 1 : null };
}

export type Erc20Owner = { ownerAddress: Address; totalBalance: string; totalBalanceRaw: string };

function erc20OwnersStatement(indexDb: IndexDb, owner: boolean, after: boolean) {
  return preparedStatement<{ owner: string; balance: string }>(indexDb, `tokenhub_erc20_owners_${Number(owner)}${Number(after)}`, () => {
    const table = schema.erc20Balance;
    const filters = [eq(table.chainId, sql.placeholder("chainId")), eq(table.contract, sql.placeholder("contract")), sql`${table.balance} > 0`];
    if (owner) filters.push(eq(table.owner, sql.placeholder("owner")));
    if (after) filters.push(sql`${table.owner} > ${sql.placeholder("afterOwner")}`);
    return indexDb
      .select({ owner: table.owner, balance: table.balance })
      .from(table)
      .where(and(...filters))
      .orderBy(asc(table.owner))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .getSQL();
  });
}

/** ERC-20 holders by owner address; `totalBalance` in the token's units, `totalBalanceRaw` in its base units. */
export async function listErc20Owners(indexDb: IndexDb, runtime: RuntimeConfig, query: Omit<OwnersQuery, "tokenId">): Promise<Page<Erc20Owner>> {
  const [collection, rows] = await Promise.all([
    requireIndexedCollection(indexDb, runtime, query.chainId, query.contractAddress, "erc20"),
    erc20OwnersStatement(indexDb, query.ownerAddress !== undefined, query.pageKey !== undefined)(ownersValues(query)),
  ]);
  const decimals = collection.decimals ?? 18;
  return {
    items: rows.slice(0, query.pageSize).map((row) => ({
      ownerAddress: checksummedAddress(row.owner),
      totalBalance: formatAmount(BigInt(row.balance), decimals),
      totalBalanceRaw: row.balance,
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
  };
}
