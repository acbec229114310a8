import { and, eq, inArray } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import * as schema from "../../ponder.schema.js";
import type { RuntimeConfig } from "../config/runtime.js";
import { NotFoundError } from "../errors.js";
import { formatAmount } from "../schemas/amounts.js";
import type { StoreDb } from "../store/db.js";
import { findMetadataSources } from "../store/metadataSources.js";
import { requireChain } from "./chains.js";
import type { IndexDb } from "./collections.js";
import type { IndexedCollection } from "./indexedCollections.js";
import { effectiveMetadata } from "./metadata.js";

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

type Holding = { owner: string; tokenId: bigint | null; amount: bigint; ownerSince: bigint };

/** Every current holding of one collection: one row per ERC-20 holder, ERC-721 token, ERC-1155 (owner, token). */
async function holdingsOf(indexDb: IndexDb, collection: IndexedCollection): Promise<Holding[]> {
  const { chainId, address } = collection;
  if (collection.kind === "erc20") {
    const t = schema.erc20Balance;
    const rows = await indexDb
      .select({ owner: t.owner, amount: t.balance, ownerSince: t.ownerSince })
      .from(t)
      .where(and(eq(t.chainId, chainId), eq(t.contract, address)));
    return rows.map((row) => ({ ...row, tokenId: null }));
  }
  if (collection.kind === "erc721") {
    const t = schema.erc721Token;
    const rows = await indexDb
      .select({ owner: t.owner, tokenId: t.tokenId, ownerSince: t.ownerSince })
      .from(t)
      .where(and(eq(t.chainId, chainId), eq(t.contract, address)));
    return rows.map((row) => ({ ...row, amount: 1n }));
  }
  const t = schema.erc1155Balance;
  return await indexDb
    .select({ owner: t.owner, tokenId: t.tokenId, amount: t.balance, ownerSince: t.ownerSince })
    .from(t)
    .where(and(eq(t.chainId, chainId), eq(t.contract, address)));
}

/** The NFT entry of a holder: effective metadata in the write-form names the holders shape uses. */
async function nftMetadataOf(store: StoreDb, collection: IndexedCollection, tokenIds: bigint[]) {
  const address = getAddress(collection.address);
  const { collectionDefault, own, remote } = await findMetadataSources(store, collection.chainId, address, tokenIds);
  return (tokenId: bigint) => {
    const id = tokenId.toString();
    const metadata = effectiveMetadata(collectionDefault, own.get(id), `${collection.name ?? "Token"} #${tokenId}`, remote.get(id)?.metadata);
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
  deps: { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig },
  query: { contractAddresses: Address[]; chainId?: number },
): Promise<Holder[]> {
  if (query.chainId !== undefined) requireChain(deps.runtime, query.chainId);
  const wanted = [...new Set(query.contractAddresses.map((address) => address.toLowerCase() as Address))];
  const filters = [inArray(schema.collection.address, wanted)];
  if (query.chainId !== undefined) filters.push(eq(schema.collection.chainId, query.chainId));
  const collections = await deps.indexDb.select().from(schema.collection).where(and(...filters));
  const missing = wanted.filter((address) => !collections.some((collection) => collection.address === address));
  if (missing.length > 0) {
    throw new NotFoundError(
      `Not indexed${query.chainId === undefined ? "" : ` on chain ${query.chainId}`}: ${missing.map((address) => getAddress(address)).join(", ")}. Add external contracts to "contracts" in the chains file and restart.`,
    );
  }
  collections.sort((a, b) => wanted.indexOf(a.address) - wanted.indexOf(b.address) || a.chainId - b.chainId);

  const holders = new Map<string, HolderCollection[]>();
  const read = await Promise.all(
    collections.map(async (collection) => {
      const holdings = await holdingsOf(deps.indexDb, collection);
      const nfts = collection.kind === "erc20" ? undefined : await nftMetadataOf(deps.store, collection, holdings.map((holding) => holding.tokenId!));
      return { collection, holdings, nfts };
    }),
  );
  for (const { collection, holdings, nfts } of read) {
    const byOwner = new Map<string, Holding[]>();
    for (const holding of holdings) {
      const owned = byOwner.get(holding.owner);
      if (owned) owned.push(holding);
      else byOwner.set(holding.owner, [holding]);
    }
    for (const [owner, owned] of byOwner) {
      const total = owned.reduce((sum, holding) => sum + holding.amount, 0n);
      const entry: HolderCollection = {
        type: collection.kind,
        contractAddress: getAddress(collection.address),
        chainId: collection.chainId,
        name: collection.name ?? "",
        symbol: collection.symbol ?? "",
        ownerSince: Number(owned.reduce((earliest, holding) => (holding.ownerSince < earliest ? holding.ownerSince : earliest), owned[0]!.ownerSince)),
        balance: collection.kind === "erc20" ? formatAmount(total, collection.decimals ?? 18) : total.toString(),
        nfts: nfts
          ? [...owned]
              .sort((a, b) => (a.tokenId! < b.tokenId! ? -1 : 1))
              .map((holding) => ({ ownerSince: Number(holding.ownerSince), tokenId: holding.tokenId!.toString(), ...nfts(holding.tokenId!) }))
          : [],
      };
      const entries = holders.get(owner);
      if (entries) entries.push(entry);
      else holders.set(owner, [entry]);
    }
  }
  return [...holders.keys()].sort().map((owner) => ({ holderAddress: getAddress(owner), collections: holders.get(owner)! }));
}
