import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Address, getAddress, zeroAddress, zeroHash } from "viem";
import { checksummedAddress } from "../../chain/checksummedAddress.js";
import * as schema from "../../../ponder.schema.js";
import { erc6551AccountAddress } from "../../chain/erc6551Account.js";
import { predictCoreAddresses } from "../../chain/deployCore.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { ValidationError } from "../../errors.js";
import { formatAmount } from "../../schemas/amounts.js";
import { pageStart } from "../../schemas/pageKey.js";
import { addressesOfChatUser } from "../../store/chatLinks.js";
import type { StoreDb } from "../../store/database/db.js";
import { findMetadataSources } from "../../store/metadataSources.js";
import { preparedStatement, type StatementValues } from "../../store/database/preparedStatements.js";
import type { IndexFreshness } from "../chains/indexFreshness.js";
import type { IndexDb } from "../collections/collections.js";
import { type IndexedCollection, requireIndexedCollection } from "../collections/indexedCollections.js";
import { tokenMetadataFrom } from "../metadata/metadata.js";
import type { Erc1155Owner, Erc20Owner, Page } from "./owners.js";
import type { Erc721Owner, Erc721Token } from "./erc721Tokens.js";

/**
 * Reads at a past block (`atBlock`): the state as the end of block n left it, from the index's history of changes
 * (ponder.schema.ts, `transfer` and the balance histories). The metadata is the tokens' current one.
 */
export type PastBlock = { atBlock: number; finalized: boolean };

/**
 * A block a read may ask for: not before the collections' indexed start (nothing was indexed of them before it), not
 * after the index's head (it does not know that block yet). Inside the unfinalized window it is answered, marked
 * `finalized: false`: a reorganisation may still change it.
 */
export async function resolvePastBlock(
  deps: { runtime: RuntimeConfig; freshness: IndexFreshness },
  chainId: number,
  collections: IndexedCollection[],
  atBlock: number,
): Promise<PastBlock> {
  const chain = deps.runtime.chains.find((candidate) => candidate.id === chainId);
  for (const collection of collections) {
    const start = indexedStartOf(deps.runtime, collection);
    if (atBlock < start) {
      throw new ValidationError(
        `atBlock ${atBlock} is before ${getAddress(collection.address)}'s indexed start (block ${start}${collection.source === "factory" ? ", its creation" : ", its startBlock in the chains file"}): the index knows nothing of it before that.`,
        [{ path: "atBlock", message: `is before block ${start}` }],
      );
    }
  }
  const blocks = await deps.freshness.indexedBlocks(chainId);
  if (atBlock > blocks.latest) {
    throw new ValidationError(
      `atBlock ${atBlock} is after the index's head: the index of chain ${chain?.name ?? chainId} (${chainId}) is at block ${blocks.latest}. Ask again once it is indexed (minBlock=${atBlock} waits for it).`,
      [{ path: "atBlock", message: `is after block ${blocks.latest}` }],
    );
  }
  return { atBlock, finalized: atBlock <= blocks.finalized };
}

/** The first block the index holds of a collection: its creation (ours) or the configured start (external). */
function indexedStartOf(runtime: RuntimeConfig, collection: IndexedCollection): number {
  if (collection.source === "factory") return Number(collection.createdBlock);
  const chain = runtime.chains.find((candidate) => candidate.id === collection.chainId);
  const configured = chain?.contracts.find((contract) => contract.address.toLowerCase() === collection.address.toLowerCase());
  return configured?.startBlock ?? chain?.startBlock ?? 0;
}

/**
 * One collection's holdings as the end of block `atBlock` left them: each token's or balance's last change at or
 * below it, burned tokens and emptied balances left out. Columns: owner, token_id (null for ERC-20), balance (1 for
 * an ERC-721 token), owner_since. The collection is given by placeholders (`chainId` and `contract` by default), the
 * block by `atBlock`.
 */
function stateAt(kind: IndexedCollection["kind"], chain: Placeholder = sql.placeholder("chainId"), contract: Placeholder = sql.placeholder("contract")): SQL {
  const changes = (table: SQL, key: string) =>
    sql`${table} WHERE chain_id = ${chain} AND contract = ${contract} AND block_number <= ${sql.placeholder("atBlock")} ORDER BY ${sql.raw(key)}, id DESC`;
  if (kind === "erc20") {
    return sql`SELECT owner, NULL::numeric AS token_id, balance, owner_since FROM (
      SELECT DISTINCT ON (owner) owner, balance, owner_since FROM ${changes(sql`${schema.erc20BalanceHistory}`, "owner")}) AS last_change WHERE balance > 0`;
  }
  if (kind === "erc721") {
    // The token's last transfer left it with its recipient, since that block (the zero address after a burn).
    return sql`SELECT owner, token_id, 1::numeric AS balance, owner_since FROM (
      SELECT DISTINCT ON (token_id) token_id, "to" AS owner, timestamp AS owner_since FROM ${changes(sql`${schema.transfer}`, "token_id")}) AS last_change
      WHERE owner <> ${sql.raw(`'${zeroAddress}'`)}`;
  }
  return sql`SELECT owner, token_id, balance, owner_since FROM (
    SELECT DISTINCT ON (token_id, owner) token_id, owner, balance, owner_since FROM ${changes(sql`${schema.erc1155BalanceHistory}`, "token_id, owner")}) AS last_change
    WHERE balance > 0`;
}

type Filters = { owner?: Address; tokenIds?: bigint[]; linked?: string[]; tokenId?: bigint };

/** The page asked for: by index, or after the item its key names (token id or owner, by listing). */
type PageAsked = { page: number; pageSize: number; pageKey?: string[] };

function valuesOf(collection: IndexedCollection, past: PastBlock, filters: Filters, page: PageAsked): StatementValues {
  const start = pageStart(page);
  return {
    chainId: collection.chainId,
    contract: collection.address.toLowerCase(),
    atBlock: past.atBlock,
    owner: filters.owner?.toLowerCase(),
    tokenIds: filters.tokenIds?.map(String),
    linked: filters.linked?.map((address) => address.toLowerCase()),
    tokenId: filters.tokenId?.toString(),
    after: start.after,
    offset: start.offset,
    limit: page.pageSize + 1,
  };
}

const { erc6551Registry, accountImplementation } = predictCoreAddresses();

/** A page of an ERC-721 collection's tokens at a block, by token id, filtered as the current listing is. */
export async function listErc721TokensAt(
  indexDb: IndexDb,
  collection: IndexedCollection,
  past: PastBlock,
  filters: Filters,
  page: PageAsked,
): Promise<Page<Erc721Token>> {
  const shape = { tokenIds: filters.tokenIds !== undefined, owner: filters.owner !== undefined, linked: filters.linked !== undefined, after: page.pageKey !== undefined };
  const name = `tokenhub_erc721_tokens_at_${Object.values(shape).map(Number).join("")}`;
  const statement = preparedStatement<{ token_id: string; owner: string }>(indexDb, name, () => {
    const where: SQL[] = [sql`TRUE`];
    if (shape.tokenIds) where.push(sql`token_id = ANY(${sql.placeholder("tokenIds")}::numeric[])`);
    if (shape.owner) where.push(sql`owner = ${sql.placeholder("owner")}`);
    if (shape.linked) where.push(sql`owner = ANY(${sql.placeholder("linked")}::text[])`);
    if (shape.after) where.push(sql`token_id > ${sql.placeholder("after")}::numeric`);
    // By the number: `token_id` alone would name the text column answered, and sort "10" before "9".
    return sql`SELECT token_id::text AS token_id, owner FROM (${stateAt("erc721")}) AS state WHERE ${sql.join(where, sql` AND `)}
      ORDER BY state.token_id LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}`;
  });
  const rows = await statement(valuesOf(collection, past, filters, page));
  const shown = rows.slice(0, page.pageSize);
  if (shown.length === 0) return { items: [], nextPage: null };
  const address = getAddress(collection.address);
  const sources = await findMetadataSources(indexDb, "erc721", collection.chainId, address, shown.map((row) => BigInt(row.token_id)));
  return {
    items: shown.map((row) => ({
      tokenId: row.token_id,
      ownerAddress: checksummedAddress(row.owner),
      metadata: tokenMetadataFrom(sources, collection.name, row.token_id),
      // A token burned since is not in the index's token table: its account address is derived here.
      tbaAddress: erc6551AccountAddress({
        registry: erc6551Registry,
        implementation: accountImplementation,
        salt: zeroHash,
        chainId: collection.chainId,
        tokenContract: address,
        tokenId: BigInt(row.token_id),
      }),
    })),
    nextPage: rows.length > page.pageSize ? page.page + 1 : null,
  };
}

/** The owners on a page (by address) and every token id each holds: ERC-721 or ERC-1155 state at a block. */
function ownersAtStatement(indexDb: IndexDb, kind: "erc721" | "erc1155", shape: { owner: boolean; tokenId: boolean; after: boolean }) {
  const name = `tokenhub_${kind}_owners_at_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<{ owner: string; token_id: string; balance: string }>(indexDb, name, () => {
    const where: SQL[] = [sql`TRUE`];
    if (shape.owner) where.push(sql`owner = ${sql.placeholder("owner")}`);
    if (shape.tokenId) where.push(sql`token_id = ${sql.placeholder("tokenId")}`);
    if (shape.after) where.push(sql`owner > ${sql.placeholder("after")}`);
    return sql`WITH state AS (${stateAt(kind)}),
      page_owners AS (SELECT DISTINCT owner FROM state WHERE ${sql.join(where, sql` AND `)} ORDER BY owner LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")})
      SELECT state.owner, state.token_id::text AS token_id, state.balance::text AS balance FROM state JOIN page_owners USING (owner) ORDER BY state.owner, state.token_id`;
  });
}

type OwnersFilters = { ownerAddress?: Address; tokenId?: bigint };

/** A page of a collection's owners at a block with every token each holds, grouped by owner. */
async function ownersAt(
  indexDb: IndexDb,
  kind: "erc721" | "erc1155",
  collection: IndexedCollection,
  past: PastBlock,
  filters: OwnersFilters,
  page: PageAsked,
) {
  const shape = { owner: filters.ownerAddress !== undefined, tokenId: filters.tokenId !== undefined, after: page.pageKey !== undefined };
  const rows = await ownersAtStatement(indexDb, kind, shape)(valuesOf(collection, past, { owner: filters.ownerAddress, tokenId: filters.tokenId }, page));
  return groupByOwner(rows, page);
}

/** ERC-721 holders of a collection at a block, by owner address, each with all its tokens. */
export async function listErc721OwnersAt(
  indexDb: IndexDb,
  collection: IndexedCollection,
  past: PastBlock,
  filters: OwnersFilters,
  page: PageAsked,
): Promise<Page<Erc721Owner>> {
  const grouped = await ownersAt(indexDb, "erc721", collection, past, filters, page);
  if (grouped.owners.length === 0) return { items: [], nextPage: null };
  const sources = await findMetadataSources(indexDb, "erc721", collection.chainId, getAddress(collection.address), grouped.rows.map((row) => BigInt(row.token_id)));
  return {
    items: grouped.owners.map(([owner, held]) => ({
      ownerAddress: checksummedAddress(owner),
      totalBalance: String(held.length),
      tokens: held.map((row) => ({ tokenId: row.token_id, metadata: tokenMetadataFrom(sources, collection.name, row.token_id) })),
    })),
    nextPage: grouped.nextPage,
  };
}

/** ERC-1155 holders of a collection at a block, by owner address, each with its balances and their sum. */
export async function listErc1155OwnersAt(
  indexDb: IndexDb,
  collection: IndexedCollection,
  past: PastBlock,
  filters: OwnersFilters,
  page: PageAsked,
): Promise<Page<Erc1155Owner>> {
  const grouped = await ownersAt(indexDb, "erc1155", collection, past, filters, page);
  return {
    items: grouped.owners.map(([owner, held]) => ({
      ownerAddress: checksummedAddress(owner),
      totalBalance: held.reduce((sum, row) => sum + BigInt(row.balance), 0n).toString(),
      tokens: held.map((row) => ({ tokenId: row.token_id, balance: row.balance })),
    })),
    nextPage: grouped.nextPage,
  };
}

/** Rows ordered by owner, one page of owners asked with one more to tell whether another page follows. */
function groupByOwner<Row extends { owner: string }>(rows: Row[], page: PageAsked) {
  const byOwner = new Map<string, Row[]>();
  for (const row of rows) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row]);
  const owners = [...byOwner.entries()];
  const shown = owners.slice(0, page.pageSize);
  return { owners: shown, rows: shown.flatMap(([, held]) => held), nextPage: owners.length > page.pageSize ? page.page + 1 : null };
}

/** ERC-20 holders of a collection at a block, by owner address. */
export async function listErc20OwnersAt(
  indexDb: IndexDb,
  collection: IndexedCollection,
  past: PastBlock,
  filters: { ownerAddress?: Address },
  page: PageAsked,
): Promise<Page<Erc20Owner>> {
  const name = `tokenhub_erc20_owners_at_${Number(filters.ownerAddress !== undefined)}${Number(page.pageKey !== undefined)}`;
  const statement = preparedStatement<{ owner: string; balance: string }>(indexDb, name, () => {
    const where: SQL[] = [sql`TRUE`];
    if (filters.ownerAddress !== undefined) where.push(sql`owner = ${sql.placeholder("owner")}`);
    if (page.pageKey !== undefined) where.push(sql`owner > ${sql.placeholder("after")}`);
    return sql`SELECT owner, balance::text AS balance FROM (${stateAt("erc20")}) AS state WHERE ${sql.join(where, sql` AND `)}
      ORDER BY owner LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}`;
  });
  const rows = await statement(valuesOf(collection, past, { owner: filters.ownerAddress }, page));
  const decimals = collection.decimals ?? 18;
  return {
    items: rows.slice(0, page.pageSize).map((row) => ({
      ownerAddress: checksummedAddress(row.owner),
      totalBalance: formatAmount(BigInt(row.balance), decimals),
      totalBalanceRaw: row.balance,
    })),
    nextPage: rows.length > page.pageSize ? page.page + 1 : null,
  };
}

/**
 * One collection's holdings at a block in the columns the holders' statement reads (owner, token_id, amount,
 * owner_since), the collection given by the placeholders `chain<position>` and `contract<position>`, the block by
 * `atBlock`.
 */
export function holdingsAt(kind: IndexedCollection["kind"], position: number): SQL {
  const state = stateAt(kind, sql.placeholder(`chain${position}`), sql.placeholder(`contract${position}`));
  return sql`SELECT owner, token_id, balance AS amount, owner_since FROM (${state}) AS state`;
}

export type PastReadDeps = { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig; freshness: IndexFreshness };
type PastQuery = { chainId: number; contractAddress: Address; atBlock: number; page: number; pageSize: number; pageKey?: string[] };

/** A collection's tokens at a block, as GET /api/v1/erc721/tokens lists them now (a chat user's addresses as of today). */
export async function erc721TokensAtBlock(
  deps: PastReadDeps,
  projectId: string,
  query: PastQuery & { tokenIds?: bigint[]; ownerAddress?: Address; chatId?: string },
): Promise<Page<Erc721Token> & PastBlock> {
  const collection = await requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721");
  const past = await resolvePastBlock(deps, query.chainId, [collection], query.atBlock);
  const linked = query.chatId === undefined ? undefined : await addressesOfChatUser(deps.store, projectId, query.chatId);
  if (linked !== undefined && linked.length === 0) return { items: [], nextPage: null, ...past };
  const page = await listErc721TokensAt(deps.indexDb, collection, past, { tokenIds: query.tokenIds, owner: query.ownerAddress, linked }, query);
  return { ...page, ...past };
}

type PastOwnersQuery = PastQuery & OwnersFilters;

export async function erc721OwnersAtBlock(deps: PastReadDeps, query: PastOwnersQuery): Promise<Page<Erc721Owner> & PastBlock> {
  const collection = await requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc721");
  const past = await resolvePastBlock(deps, query.chainId, [collection], query.atBlock);
  return { ...(await listErc721OwnersAt(deps.indexDb, collection, past, query, query)), ...past };
}

export async function erc1155OwnersAtBlock(deps: PastReadDeps, query: PastOwnersQuery): Promise<Page<Erc1155Owner> & PastBlock> {
  const collection = await requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc1155");
  const past = await resolvePastBlock(deps, query.chainId, [collection], query.atBlock);
  return { ...(await listErc1155OwnersAt(deps.indexDb, collection, past, query, query)), ...past };
}

export async function erc20OwnersAtBlock(deps: PastReadDeps, query: PastQuery & { ownerAddress?: Address }): Promise<Page<Erc20Owner> & PastBlock> {
  const collection = await requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc20");
  const past = await resolvePastBlock(deps, query.chainId, [collection], query.atBlock);
  return { ...(await listErc20OwnersAt(deps.indexDb, collection, past, query, query)), ...past };
}
