import { createHash } from "node:crypto";
import { type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import { checksummedAddress } from "../../chain/checksummedAddress.js";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import { formatAmount } from "../../schemas/amounts.js";
import { findMetadataSources, type MetadataSources } from "../../store/metadataSources.js";
import { preparedStatement } from "../../store/database/preparedStatements.js";
import { requireChain } from "../chains/chains.js";
import type { IndexDb } from "../collections/collections.js";
import { findIndexedCollection, type IndexedCollection, selectDescribedCollections } from "../collections/indexedCollections.js";
import type { IndexFreshness } from "../chains/indexFreshness.js";
import { tokenMetadataFrom } from "../metadata/metadata.js";
import { holdingsAt, type PastBlock, resolvePastBlock } from "./pastState.js";

export type HolderNft = {
  ownerSince: number;
  tokenId: string;
  name: string;
  description: string;
  mediaUrl: string;
  externalUrl: string;
  traits: { name: string; value: string | number }[];
};
export type HolderCollection = {
  type: "erc20" | "erc721" | "erc1155";
  contractAddress: Address;
  chainId: number;
  name: string;
  symbol: string;
  ownerSince: number;
  balance: string;
  nfts: HolderNft[];
};
export type Holder = { holderAddress: Address; collections: HolderCollection[] };

/** One current holding: an ERC-20 balance, an ERC-721 token or an ERC-1155 (owner, token) balance. */
type Holding = { collection: number; owner: string; tokenId: string | null; amount: string; ownerSince: string };

// One letter per kind in a statement's name: its text depends on the kinds of the collections, in order.
const KIND_LETTER = { erc20: "f", erc721: "n", erc1155: "m" } as const;

/**
 * Every current holding of the collections in one statement, ordered by collection, then owner, then token id, so
 * grouping is one pass. `collection` is the position in `collections`. Numbers come back as text (token ids are
 * answered as decimal strings; amounts are summed as bigint), the token id sorted as a number. One prepared statement
 * per sequence of kinds; collection i's chain and address are the placeholders `chain<i>` and `contract<i>`.
 */
async function holdingsOf(indexDb: IndexDb, collections: IndexedCollection[], atBlock: number | undefined): Promise<Holding[]> {
  const kinds = `${collections.map((collection) => KIND_LETTER[collection.kind]).join("")}${atBlock === undefined ? "" : "_at"}`;
  const name = kinds.length <= 40 ? `tokenhub_holders_${kinds}` : `tokenhub_holders_${createHash("sha256").update(kinds).digest("hex").slice(0, 40)}`;
  const statement = preparedStatement<Holding>(indexDb, name, () => {
    const parts = collections.map((collection, position) => {
      if (atBlock !== undefined) {
        return sql`SELECT ${sql.raw(String(position))}::int AS collection, owner, token_id, amount::text AS amount, owner_since::text AS owner_since FROM (${holdingsAt(collection.kind, position)}) AS past`;
      }
      const inCollection = (t: typeof schema.erc20Balance | typeof schema.erc721Token | typeof schema.erc1155Balance) =>
        sql`FROM ${t} WHERE ${t.chainId} = ${sql.placeholder(`chain${position}`)} AND ${t.contract} = ${sql.placeholder(`contract${position}`)}`;
      const columns = (owner: AnyColumn, tokenId: AnyColumn | SQL, amount: AnyColumn | SQL, ownerSince: AnyColumn) =>
        sql`SELECT ${sql.raw(String(position))}::int AS collection, ${owner} AS owner, ${tokenId} AS token_id, ${amount}::text AS amount, ${ownerSince}::text AS owner_since`;
      if (collection.kind === "erc20") {
        const t = schema.erc20Balance;
        return sql`${columns(t.owner, sql`NULL::numeric`, t.balance, t.ownerSince)} ${inCollection(t)}`;
      }
      if (collection.kind === "erc721") {
        const t = schema.erc721Token;
        return sql`${columns(t.owner, t.tokenId, sql`1`, t.ownerSince)} ${inCollection(t)}`;
      }
      const t = schema.erc1155Balance;
      return sql`${columns(t.owner, t.tokenId, t.balance, t.ownerSince)} ${inCollection(t)}`;
    });
    return sql`SELECT collection, owner, token_id::text AS "tokenId", amount, owner_since AS "ownerSince"
      FROM (${sql.join(parts, sql` UNION ALL `)}) AS holding ORDER BY collection, owner, holding.token_id`;
  });
  return await statement({
    ...Object.fromEntries(collections.flatMap((collection, position) => [[`chain${position}`, collection.chainId], [`contract${position}`, collection.address]])),
    atBlock,
  });
}

/** The indexed collections named; with a chain, each from the short-lived cache every read route uses. */
async function collectionsNamed(indexDb: IndexDb, addresses: Address[], chainId: number | undefined): Promise<IndexedCollection[]> {
  if (chainId !== undefined) {
    const found = await Promise.all(addresses.map((address) => findIndexedCollection(indexDb, chainId, address)));
    return found.filter((collection) => collection !== undefined);
  }
  return await selectDescribedCollections(indexDb).where(inArray(schema.collection.address, addresses));
}

/**
 * The collections' holdings, then the metadata sources of the tokens held in each NFT collection (undefined for an
 * ERC-20): the route's statements, which bench/queries runs bare to measure it against.
 */
export async function holdingsWithMetadata(
  indexDb: IndexDb,
  collections: IndexedCollection[],
  atBlock: number | undefined,
): Promise<{ holdings: Holding[]; sources: (MetadataSources | undefined)[] }> {
  const holdings = await holdingsOf(indexDb, collections, atBlock);
  const sources = await Promise.all(
    collections.map((collection, position) =>
      collection.kind === "erc20"
        ? undefined
        : findMetadataSources(
            indexDb,
            collection.kind,
            collection.chainId,
            getAddress(collection.address),
            holdings.filter((holding) => holding.collection === position).map((holding) => BigInt(holding.tokenId!)),
          ),
    ),
  );
  return { holdings, sources };
}

/** The NFT entry of a holder: effective metadata in the write-form names the holders shape uses. */
function nftMetadataOf(collection: IndexedCollection, sources: MetadataSources) {
  return (tokenId: string) => {
    const metadata = tokenMetadataFrom(sources, collection.name, tokenId);
    return {
      name: metadata.name,
      description: metadata.description,
      mediaUrl: metadata.image,
      externalUrl: metadata.external_url ?? "",
      traits: metadata.attributes.map((attribute) => ({ name: attribute.trait_type, value: attribute.value })),
    };
  };
}

/**
 * Every holder of the given contracts, across ERC-20, ERC-721 and ERC-1155, grouped by holder (by address), each
 * with one entry per collection it holds: when that holding began, how much (ERC-20 in the token's units, a count of
 * ERC-721 tokens, a sum of ERC-1155 balances), and its NFTs.
 */
export async function listHolders(
  deps: { indexDb: IndexDb; runtime: RuntimeConfig; freshness: IndexFreshness },
  query: { contractAddresses: Address[]; chainId?: number; atBlock?: number },
): Promise<{ holders: Holder[]; past?: PastBlock }> {
  if (query.chainId !== undefined) requireChain(deps.runtime, query.chainId);
  if (query.atBlock !== undefined && query.chainId === undefined) {
    throw new ValidationError("atBlock is a block of one chain: name it with chainId.", [{ path: "chainId", message: "is required with atBlock" }]);
  }
  const wanted = [...new Set(query.contractAddresses.map((address) => address.toLowerCase() as Address))];
  const collections = await collectionsNamed(deps.indexDb, wanted, query.chainId);
  const missing = wanted.filter((address) => !collections.some((collection) => collection.address === address));
  if (missing.length > 0) {
    throw new NotFoundError(
      `Not indexed${query.chainId === undefined ? "" : ` on chain ${query.chainId}`}: ${missing.map((address) => getAddress(address)).join(", ")}. Add external contracts to "contracts" in the chains file and restart.`,
    );
  }
  collections.sort((a, b) => wanted.indexOf(a.address) - wanted.indexOf(b.address) || a.chainId - b.chainId);

  const past = query.atBlock === undefined ? undefined : await resolvePastBlock(deps, query.chainId!, collections, query.atBlock);
  const { holdings, sources } = await holdingsWithMetadata(deps.indexDb, collections, past?.atBlock);
  const metadataOf = collections.map((collection, position) => (sources[position] === undefined ? undefined : nftMetadataOf(collection, sources[position])));
  const checksummed = collections.map((collection) => checksummedAddress(collection.address));
  const holders = new Map<string, HolderCollection[]>();
  let start = 0;
  while (start < holdings.length) {
    const { collection: position, owner } = holdings[start]!;
    let end = start + 1;
    while (end < holdings.length && holdings[end]!.collection === position && holdings[end]!.owner === owner) end++;
    const owned = holdings.slice(start, end);
    start = end;
    const collection = collections[position]!;
    const nfts = metadataOf[position];
    const entry: HolderCollection = {
      type: collection.kind,
      contractAddress: checksummed[position]!,
      chainId: collection.chainId,
      name: collection.name ?? "",
      symbol: collection.symbol ?? "",
      ownerSince: owned.reduce((earliest, holding) => Math.min(earliest, Number(holding.ownerSince)), Number.POSITIVE_INFINITY),
      balance:
        collection.kind === "erc20"
          ? formatAmount(BigInt(owned[0]!.amount), collection.decimals ?? 18)
          : owned.reduce((sum, holding) => sum + BigInt(holding.amount), 0n).toString(),
      nfts: nfts
        ? owned.map((holding) => ({ ownerSince: Number(holding.ownerSince), tokenId: holding.tokenId!, ...nfts(holding.tokenId!) }))
        : [],
    };
    const entries = holders.get(owner);
    if (entries) entries.push(entry);
    else holders.set(owner, [entry]);
  }
  return { holders: [...holders.keys()].sort().map((owner) => ({ holderAddress: checksummedAddress(owner), collections: holders.get(owner)! })), past };
}
