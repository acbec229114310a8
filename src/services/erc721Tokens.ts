import { and, asc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { type Address, getAddress, type Hex, zeroHash } from "viem";
import * as schema from "../../ponder.schema.js";
import { erc6551AccountAddress } from "../chain/erc6551Account.js";
import type { RuntimeChain, RuntimeConfig } from "../config/runtime.js";
import type { StoreDb } from "../store/db.js";
import { addressesOfChatUser } from "../store/chatLinks.js";
import { findMetadataSources } from "../store/metadataSources.js";
import { requireChain } from "./chains.js";
import type { IndexDb } from "./collections.js";
import { requireIndexedCollection } from "./indexedCollections.js";
import { effectiveMetadata, type OpenSeaMetadata } from "./metadata.js";
import { ownersOnPage, type Page } from "./owners.js";

export type ReadDeps = { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig };
export type Erc721Token = { tokenId: string; ownerAddress: Address; metadata: OpenSeaMetadata; tbaAddress: Address };
export type Erc721Owner = { ownerAddress: Address; totalBalance: string; tokens: { tokenId: string; metadata: OpenSeaMetadata }[] };

/** Effective metadata (collection defaults + token overrides) of tokens of one collection. */
async function metadataOf(deps: ReadDeps, chainId: number, contract: Address, collectionName: string | null, tokenIds: bigint[]) {
  const { collectionDefault, own, remote } = await findMetadataSources(deps.store, chainId, contract, tokenIds);
  return (tokenId: bigint) =>
    effectiveMetadata(collectionDefault, own.get(tokenId.toString()), `${collectionName ?? "Token"} #${tokenId}`, remote.get(tokenId.toString())?.metadata);
}

/**
 * The most recently listed tokens' ERC-6551 account addresses. Each costs three keccak hashes, the largest part of
 * a token page's work, and the same pages are read again and again; 10,000 entries take about 2 MB.
 */
const ACCOUNT_ADDRESSES_KEPT = 10_000;
const accountAddresses = new Map<string, Address>();

function tokenAccountAddress(chain: RuntimeChain, tokenContract: Address, tokenId: bigint): Address {
  const key = `${chain.id}:${chain.core.accountImplementation}:${tokenContract.toLowerCase()}:${tokenId}`;
  const known = accountAddresses.get(key);
  if (known) {
    accountAddresses.delete(key);
    accountAddresses.set(key, known);
    return known;
  }
  const address = erc6551AccountAddress({
    registry: chain.core.erc6551Registry,
    implementation: chain.core.accountImplementation,
    salt: zeroHash as Hex,
    chainId: chain.id,
    tokenContract,
    tokenId,
  });
  accountAddresses.set(key, address);
  if (accountAddresses.size > ACCOUNT_ADDRESSES_KEPT) accountAddresses.delete(accountAddresses.keys().next().value!);
  return address;
}

/**
 * ERC-721 tokens of a collection, by numeric token id: owner, effective metadata and the token's ERC-6551 account
 * address (known before the account exists). Filters: token ids, owner, and a chat user's linked addresses.
 */
export async function listErc721Tokens(
  deps: ReadDeps,
  projectId: string,
  query: { chainId: number; contractAddress: Address; tokenIds?: bigint[]; ownerAddress?: Address; chatId?: string; page: number; pageSize: number },
): Promise<Page<Erc721Token>> {
  const chain = requireChain(deps.runtime, query.chainId);
  const table = schema.erc721Token;
  const filters: SQL[] = [eq(table.chainId, query.chainId), eq(table.contract, query.contractAddress.toLowerCase() as Address)];
  if (query.tokenIds) filters.push(inArray(table.tokenId, query.tokenIds));
  if (query.ownerAddress) filters.push(eq(table.owner, query.ownerAddress.toLowerCase() as Address));
  const pageRows = async () => {
    if (query.chatId !== undefined) {
      const linked = await addressesOfChatUser(deps.store, projectId, query.chatId);
      if (linked.length === 0) return [];
      filters.push(inArray(table.owner, linked.map((address) => address.toLowerCase() as Address)));
    }
    const matching = and(...filters)!;
    // A deep page starts at the token id found by an index-only scan of the ids before it; OFFSET on the rows
    // themselves would read (and discard) every row before the page.
    const pageStart = deps.indexDb
      .select({ tokenId: table.tokenId })
      .from(table)
      .where(matching)
      .orderBy(asc(table.tokenId))
      .limit(1)
      .offset(query.page * query.pageSize);
    return await deps.indexDb
      .select({ tokenId: table.tokenId, owner: table.owner })
      .from(table)
      .where(query.page === 0 ? matching : and(matching, gte(table.tokenId, sql`(${pageStart})`)))
      .orderBy(asc(table.tokenId))
      .limit(query.pageSize + 1);
  };
  // The collection check and the page are independent reads: one round trip instead of two.
  const [collection, rows] = await Promise.all([
    requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721"),
    pageRows(),
  ]);
  if (rows.length === 0) return { items: [], nextPage: null };
  const page = rows.slice(0, query.pageSize);
  const metadata = await metadataOf(deps, query.chainId, query.contractAddress, collection.name, page.map((row) => row.tokenId));
  return {
    items: page.map((row) => ({
      tokenId: row.tokenId.toString(),
      ownerAddress: getAddress(row.owner),
      metadata: metadata(row.tokenId),
      tbaAddress: tokenAccountAddress(chain, query.contractAddress, row.tokenId),
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
  };
}

/** ERC-721 holders by owner address: how many tokens each holds and all of them (not paged), with metadata. */
export async function listErc721Owners(
  deps: ReadDeps,
  query: { chainId: number; contractAddress: Address; ownerAddress?: Address; tokenId?: bigint; page: number; pageSize: number },
): Promise<Page<Erc721Owner>> {
  const table = schema.erc721Token;
  const inCollection = and(eq(table.chainId, query.chainId), eq(table.contract, query.contractAddress.toLowerCase() as Address))!;
  const ownersOfPage = ownersOnPage(deps.indexDb, table, query);
  const [collection, rows] = await Promise.all([
    requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721"),
    deps.indexDb
      .with(ownersOfPage)
      .select({ owner: table.owner, tokenId: table.tokenId })
      .from(table)
      .innerJoin(ownersOfPage, eq(table.owner, ownersOfPage.owner))
      .where(inCollection)
      .orderBy(asc(table.owner), asc(table.tokenId)),
  ]);
  const owners = [...new Set(rows.map((row) => row.owner))];
  const pageOwners = new Set(owners.slice(0, query.pageSize));
  if (pageOwners.size === 0) return { items: [], nextPage: null };
  const tokens = rows.filter((row) => pageOwners.has(row.owner));
  const metadata = await metadataOf(deps, query.chainId, query.contractAddress, collection.name, tokens.map((row) => row.tokenId));
  const byOwner = new Map<string, Erc721Owner>([...pageOwners].map((owner) => [owner, { ownerAddress: getAddress(owner), totalBalance: "0", tokens: [] }]));
  for (const row of tokens) {
    const entry = byOwner.get(row.owner)!;
    entry.tokens.push({ tokenId: row.tokenId.toString(), metadata: metadata(row.tokenId) });
    entry.totalBalance = String(entry.tokens.length);
  }
  return { items: [...byOwner.values()], nextPage: owners.length > query.pageSize ? query.page + 1 : null };
}
