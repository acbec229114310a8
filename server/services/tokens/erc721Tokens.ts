import { and, asc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { Address } from "viem";
import { checksummedAddress } from "../../chain/checksummedAddress.js";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import type { StoreDb } from "../../store/database/db.js";
import { addressesOfChatUser } from "../../store/chatLinks.js";
import { metadataSourcesColumns, metadataSourcesOf, type MetadataSourcesRow } from "../../store/metadataSources.js";
import { preparedStatement, type StatementValues } from "../../store/database/preparedStatements.js";
import { pageStart } from "../../schemas/pageKey.js";
import { requireChain } from "../chains/chains.js";
import type { IndexDb } from "../collections/collections.js";
import { requireIndexedCollection } from "../collections/indexedCollections.js";
import { type OpenSeaMetadata, tokenMetadataFrom } from "../metadata/metadata.js";
import { ownersOnPage, type OwnersQuery, type OwnersShape, ownersShapeOf, ownersValues, type Page } from "./owners.js";

export type ReadDeps = { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig };
export type Erc721Token = { tokenId: string; ownerAddress: Address; metadata: OpenSeaMetadata; tbaAddress: Address };
export type Erc721Owner = { ownerAddress: Address; totalBalance: string; tokens: { tokenId: string; metadata: OpenSeaMetadata }[] };

/**
 * ERC-721 tokens of a collection, by numeric token id: owner, effective metadata and the token's ERC-6551 account
 * address (known before the account exists). Filters: token ids, owner, and a chat user's linked addresses.
 */
type TokensShape = { tokenIds: boolean; owner: boolean; linked: boolean; deep: boolean; after: boolean };

/**
 * A page of a collection's tokens, with the tokens' metadata, as one prepared statement per combination of filters.
 * Placeholders: chainId, contract (lowercase), address (checksummed), tokenIds (decimal strings), owner (lowercase),
 * linked (lowercase addresses), offset, limit.
 */
function tokensPageStatement(indexDb: IndexDb, shape: TokensShape) {
  const name = `tokenhub_erc721_tokens_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<MetadataSourcesRow & { tokens: [string, string, Address][] | null }>(indexDb, name, () => {
    const table = schema.erc721Token;
    const filters: SQL[] = [eq(table.chainId, sql.placeholder("chainId")), eq(table.contract, sql.placeholder("contract"))];
    if (shape.tokenIds) filters.push(sql`${table.tokenId} = ANY(${sql.placeholder("tokenIds")}::numeric[])`);
    if (shape.owner) filters.push(eq(table.owner, sql.placeholder("owner")));
    if (shape.linked) filters.push(sql`${table.owner} = ANY(${sql.placeholder("linked")}::text[])`);
    if (shape.after) filters.push(sql`${table.tokenId} > ${sql.placeholder("afterTokenId")}::numeric`);
    const matching = and(...filters)!;
    // A deep page starts at the token id found by an index-only scan of the ids before it; OFFSET on the rows
    // themselves would read (and discard) every row before the page.
    const pageStart = indexDb
      .select({ tokenId: table.tokenId })
      .from(table)
      .where(matching)
      .orderBy(asc(table.tokenId))
      .limit(1)
      .offset(sql.placeholder("offset"));
    const page = indexDb
      .select({ tokenId: table.tokenId, owner: table.owner, tbaAddress: table.tbaAddress, mintTransaction: table.mintTransaction, mintedBlock: table.mintedBlock })
      .from(table)
      .where(shape.deep ? and(matching, gte(table.tokenId, sql`(${pageStart})`)) : matching)
      .orderBy(asc(table.tokenId))
      .limit(sql.placeholder("limit"));
    return sql`
      WITH page AS (${page})
      SELECT (SELECT json_agg(json_build_array(token_id::text, owner, tba_address) ORDER BY token_id) FROM page) AS tokens,
        ${metadataSourcesColumns({ erc721: sql`page` })}`;
  });
}

export type TokensPageQuery = { chainId: number; contractAddress: Address; tokenIds?: bigint[]; ownerAddress?: Address; page: number; pageSize: number; pageKey?: string[] };

/**
 * The placeholders of a page of a collection's tokens, ERC-721 or ERC-1155: chainId, contract, address, tokenIds,
 * owner, offset and limit (one more than a page, to tell whether another follows).
 */
export function tokensPageValues(query: TokensPageQuery): StatementValues {
  const start = pageStart(query);
  return {
    chainId: query.chainId,
    contract: query.contractAddress.toLowerCase(),
    address: query.contractAddress,
    tokenIds: query.tokenIds?.map(String),
    owner: query.ownerAddress?.toLowerCase(),
    afterTokenId: start.after,
    offset: start.offset,
    limit: query.pageSize + 1,
  };
}

/**
 * The page and its tokens' metadata in one statement (the app's tables are in the same database): one round trip to
 * PostgreSQL a request. `linked`: a chat user's addresses, the owners the page is limited to. bench/queries runs it
 * bare, as the statement the route is measured against.
 */
export async function erc721TokensPageRow(indexDb: IndexDb, query: TokensPageQuery, linked?: string[]) {
  const statement = tokensPageStatement(indexDb, {
    tokenIds: query.tokenIds !== undefined,
    owner: query.ownerAddress !== undefined,
    linked: linked !== undefined,
    deep: query.page > 0,
    after: query.pageKey !== undefined,
  });
  const [row] = await statement({ ...tokensPageValues(query), linked: linked?.map((address) => address.toLowerCase()) });
  return row!;
}

/**
 * ERC-721 tokens of a collection, by numeric token id: owner, effective metadata and the token's ERC-6551 account
 * address (known before the account exists). Filters: token ids, owner, and a chat user's linked addresses.
 */
export async function listErc721Tokens(
  deps: ReadDeps,
  projectId: string,
  query: TokensPageQuery & { chatId?: string },
): Promise<Page<Erc721Token>> {
  requireChain(deps.runtime, query.chainId);
  let linked: string[] | undefined;
  if (query.chatId !== undefined) {
    linked = await addressesOfChatUser(deps.store, projectId, query.chatId);
    if (linked.length === 0) {
      await requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721");
      return { items: [], nextPage: null };
    }
  }
  // The collection check runs beside the page's statement (and is mostly answered from memory).
  const [collection, row] = await Promise.all([
    requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721"),
    erc721TokensPageRow(deps.indexDb, query, linked),
  ]);
  const rows = row.tokens ?? [];
  if (rows.length === 0) return { items: [], nextPage: null };
  const sources = metadataSourcesOf(row);
  return {
    items: rows.slice(0, query.pageSize).map(([tokenId, owner, tbaAddress]) => ({
      tokenId,
      ownerAddress: checksummedAddress(owner),
      metadata: tokenMetadataFrom(sources, collection.name, tokenId),
      tbaAddress,
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
  };
}

/** The tokens of the owners on a page, with the tokens' metadata: one prepared statement per combination of filters. */
function ownersTokensStatement(indexDb: IndexDb, shape: OwnersShape) {
  const name = `tokenhub_erc721_owners_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<MetadataSourcesRow & { tokens: [string, string][] | null }>(indexDb, name, () => {
    const table = schema.erc721Token;
    const ownersOfPage = ownersOnPage(indexDb, table, shape);
    const held = indexDb
      .with(ownersOfPage)
      .select({ owner: table.owner, tokenId: table.tokenId, mintTransaction: table.mintTransaction, mintedBlock: table.mintedBlock })
      .from(table)
      .innerJoin(ownersOfPage, eq(table.owner, ownersOfPage.owner))
      .where(and(eq(table.chainId, sql.placeholder("chainId")), eq(table.contract, sql.placeholder("contract"))));
    return sql`
      WITH held AS (${held})
      SELECT (SELECT json_agg(json_build_array(owner, token_id::text) ORDER BY owner, token_id) FROM held) AS tokens,
        ${metadataSourcesColumns({ erc721: sql`held` })}`;
  });
}

/**
 * The owners on a page, their tokens and the tokens' metadata in one statement, as for a page of tokens. bench/queries
 * runs it bare, as the statement the route is measured against.
 */
export async function erc721OwnersRow(indexDb: IndexDb, query: OwnersQuery) {
  const [row] = await ownersTokensStatement(indexDb, ownersShapeOf(query))(ownersValues(query));
  return row!;
}

/** ERC-721 holders by owner address: how many tokens each holds and all of them (not paged), with metadata. */
export async function listErc721Owners(
  deps: ReadDeps,
  query: OwnersQuery,
): Promise<Page<Erc721Owner>> {
  const [collection, row] = await Promise.all([
    requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721"),
    erc721OwnersRow(deps.indexDb, query),
  ]);
  const rows = row.tokens ?? [];
  const owners = [...new Set(rows.map(([owner]) => owner))];
  const pageOwners = new Set(owners.slice(0, query.pageSize));
  if (pageOwners.size === 0) return { items: [], nextPage: null };
  const sources = metadataSourcesOf(row);
  const byOwner = new Map<string, Erc721Owner>([...pageOwners].map((owner) => [owner, { ownerAddress: checksummedAddress(owner), totalBalance: "0", tokens: [] }]));
  for (const [owner, tokenId] of rows) {
    const entry = byOwner.get(owner);
    if (!entry) continue;
    entry.tokens.push({ tokenId, metadata: tokenMetadataFrom(sources, collection.name, tokenId) });
    entry.totalBalance = String(entry.tokens.length);
  }
  return { items: [...byOwner.values()], nextPage: owners.length > query.pageSize ? query.page + 1 : null };
}
