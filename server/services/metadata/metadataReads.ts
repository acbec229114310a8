import { and, eq } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { NotFoundError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectCollection, tokenTypesExist } from "../../store/projectCollections.js";
import { findMetadataSources } from "../../store/metadataSources.js";
import { requireChain } from "../chains/chains.js";
import type { IndexDb } from "../collections/collections.js";
import { selectDescribedCollections } from "../collections/indexedCollections.js";
import { type OpenSeaMetadata, tokenMetadataFrom, toOpenSeaFields } from "./metadata.js";

type Deps = { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig };

export async function indexedCollection(deps: Deps, chainId: number, address: Address, nftOnly: boolean) {
  requireChain(deps.runtime, chainId);
  const [collection] = await selectDescribedCollections(deps.indexDb).where(and(eq(schema.collection.chainId, chainId), eq(schema.collection.address, address.toLowerCase() as Address)));
  if (!collection || (nftOnly && collection.kind === "erc20")) {
    throw new NotFoundError(`${address} on chain ${chainId} is not an indexed ${nftOnly ? "NFT collection" : "contract"}.`);
  }
  return collection;
}

/**
 * A token's effective metadata in OpenSea form: what the contract's `tokenURI` / `uri` point to. The token must
 * exist: an ERC-721 token minted (indexed), an ERC-1155 type created here or held by someone.
 */
export async function tokenMetadataOf(deps: Deps, chainId: number, address: Address, tokenId: bigint): Promise<OpenSeaMetadata> {
  const collection = await indexedCollection(deps, chainId, address, true);
  const checksummed = getAddress(address);
  if (collection.kind === "erc721") {
    const [token] = await deps.indexDb
      .select({ tokenId: schema.erc721Token.tokenId })
      .from(schema.erc721Token)
      .where(and(eq(schema.erc721Token.chainId, chainId), eq(schema.erc721Token.contract, collection.address), eq(schema.erc721Token.tokenId, tokenId)));
    if (!token) throw new NotFoundError(`Token ${tokenId} of ${checksummed} does not exist.`);
  } else {
    const created = (await tokenTypesExist(deps.store, chainId, checksummed, [tokenId])).has(tokenId.toString());
    const [held] = created
      ? [true]
      : await deps.indexDb
          .select({ tokenId: schema.erc1155Balance.tokenId })
          .from(schema.erc1155Balance)
          .where(and(eq(schema.erc1155Balance.chainId, chainId), eq(schema.erc1155Balance.contract, collection.address), eq(schema.erc1155Balance.tokenId, tokenId)))
          .limit(1);
    if (!held) throw new NotFoundError(`Token ${tokenId} of ${checksummed} does not exist.`);
  }
  return tokenMetadataFrom(await findMetadataSources(deps.indexDb, collection.kind === "erc721" ? "erc721" : "erc1155", chainId, checksummed, [tokenId]), collection.name, tokenId.toString());
}

export type ContractMetadata = { name: string; description: string; image: string; external_link?: string };

/**
 * ERC-7572 contract metadata (what `contractURI` points to): the collection's default fields, with its on-chain name
 * until a metadata write sets one (its tokens show the set name too: one collection, one name).
 */
export async function contractMetadataOf(deps: Deps, chainId: number, address: Address): Promise<ContractMetadata> {
  const collection = await indexedCollection(deps, chainId, address, false);
  const defaults = toOpenSeaFields((await findProjectCollection(deps.store, chainId, getAddress(address)))?.defaultMetadata);
  return {
    name: defaults.name ?? collection.name ?? "",
    description: defaults.description ?? "",
    image: defaults.image ?? "",
    ...(defaults.external_url === undefined ? {} : { external_link: defaults.external_url }),
  };
}
