import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type Address, BaseError, ContractFunctionRevertedError, type Hex } from "viem";
import * as schema from "../../../ponder.schema.js";
import { tokenHubERC721Abi } from "../../../abis/index.js";
import { ChainUnavailableError, NotFoundError } from "../../errors.js";
import type { MetadataPatch } from "../../schemas/metadata.js";
import { type ClaimedChanges, patchCollectionDefaults, patchTokenMetadata, type WriteClaim } from "../../store/metadataChanges.js";
import { findWaitingMintMetadata } from "../../store/mintMetadata.js";
import { findProjectCollection, type ProjectCollection, tokenTypesExist } from "../../store/projectCollections.js";
import { requireChain } from "../chains/chains.js";
import { type Caller, type SentWrite, sentWrite } from "../transactions/chainWriter.js";
import type { IndexDb } from "../collections/collections.js";
import { type MetadataPropagation, propagateClaimed, sendPropagation } from "./metadataPropagation.js";

export type MetadataWriteDeps = { propagation: MetadataPropagation; indexDb: IndexDb };
export type MetadataWritten = { success: true; transactionHash?: Hex; transactionUrl?: string; operationId?: string };

type NftCollection = ProjectCollection & { kind: "erc721" | "erc1155" };

/** Metadata is set only on the project's own NFT collections; any other answers 404, so others' are not revealed. */
async function requireOwnNftCollection(deps: MetadataWriteDeps, caller: Caller, chainId: number, address: Address): Promise<NftCollection> {
  requireChain(deps.propagation.writer.runtime, chainId);
  const collection = await findProjectCollection(deps.propagation.store, chainId, address);
  if (collection && collection.projectId === caller.projectId && collection.kind === "erc20") {
    throw new NotFoundError(`${address} on chain ${chainId} is this project's ERC-20 collection: only ERC-721 and ERC-1155 collections have metadata.`);
  }
  if (!collection || collection.projectId !== caller.projectId) {
    throw new NotFoundError(
      `No ERC-721 or ERC-1155 collection ${address} on chain ${chainId} belongs to this project. Create one with POST /api/v1/erc721/create or /api/v1/erc1155/create, or import it with 'tokenhub contract import'.`,
    );
  }
  return collection as NftCollection;
}

/**
 * The token must exist: an ERC-721 token is asked of the chain (a token minted a moment ago may not be indexed yet);
 * an ERC-1155 token type must have been created here or be held by someone.
 */
async function requireToken(deps: MetadataWriteDeps, collection: NftCollection, tokenId: bigint): Promise<void> {
  const missing = new NotFoundError(`Token ${tokenId} of ${collection.address} does not exist.`);
  if (collection.kind === "erc721") {
    try {
      await deps.propagation.writer
        .publicClient(collection.chainId)
        .readContract({ address: collection.address as Address, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [tokenId] });
      return;
    } catch (error) {
      if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError)) throw missing;
      throw new ChainUnavailableError(`Chain ${collection.chainId} could not tell whether token ${tokenId} exists; try again shortly.`, { cause: error });
    }
  }
  if ((await tokenTypesExist(deps.propagation.store, collection.chainId, collection.address, [tokenId])).size > 0) return;
  const balance = schema.erc1155Balance;
  const [held] = await deps.indexDb
    .select({ tokenId: balance.tokenId })
    .from(balance)
    .where(and(eq(balance.chainId, collection.chainId), eq(balance.contract, collection.address.toLowerCase() as Address), eq(balance.tokenId, tokenId)))
    .limit(1);
  if (!held) throw missing;
}

/**
 * Announces the write's change if its transaction claimed it (the collection's window let it send now): the answer
 * then names the transaction and the request's operation (recorded with it); a write announced later with others
 * carries neither.
 */
async function announced(deps: MetadataWriteDeps, collection: NftCollection, claim: string, claimed: ClaimedChanges | undefined): Promise<MetadataWritten> {
  if (claimed === undefined) return { success: true };
  const operationId = randomUUID();
  const hash = await propagateClaimed(deps.propagation, { chainId: collection.chainId, address: collection.address }, claim, claimed, operationId);
  return hash === undefined ? { success: true } : sentWrite(deps.propagation.writer.runtime, collection.chainId, hash, operationId);
}

/** The claim a write makes in its own transaction (WriteClaim). */
const writeClaim = (deps: MetadataWriteDeps): WriteClaim => ({ claim: randomUUID(), windowMs: deps.propagation.windowMs });

/** Updates the collection's defaults (every token inherits them) and announces the change. */
export async function setCollectionMetadata(
  deps: MetadataWriteDeps,
  caller: Caller,
  input: { chainId: number; contractAddress: Address; metadata: MetadataPatch },
): Promise<MetadataWritten> {
  const collection = await requireOwnNftCollection(deps, caller, input.chainId, input.contractAddress);
  const key = { chainId: collection.chainId, address: collection.address };
  const claim = writeClaim(deps);
  const claimed = await patchCollectionDefaults(deps.propagation.store, key, input.metadata, { claim });
  return await announced(deps, collection, claim.claim, claimed);
}

/** Updates one token's own metadata (it overrides the collection's field by field) and announces the change. */
export async function setTokenMetadata(
  deps: MetadataWriteDeps,
  caller: Caller,
  input: { chainId: number; contractAddress: Address; tokenId: bigint; metadata: MetadataPatch },
): Promise<MetadataWritten> {
  const collection = await requireOwnNftCollection(deps, caller, input.chainId, input.contractAddress);
  await requireToken(deps, collection, input.tokenId);
  const key = { chainId: collection.chainId, address: collection.address };
  // Reads show a mint's metadata before the metadata job attaches it: the patch applies to what they show.
  const mint = collection.kind === "erc721" ? await findWaitingMintMetadata(deps.indexDb, collection.chainId, collection.address, input.tokenId) : undefined;
  const claim = writeClaim(deps);
  const claimed = await patchTokenMetadata(deps.propagation.store, { ...key, tokenId: input.tokenId, projectId: caller.projectId }, input.metadata, { mint, claim });
  return await announced(deps, collection, claim.claim, claimed);
}

/**
 * Emits the refresh events now, outside the coalescing window: for one token, or (without a token id) for the
 * whole collection and its contract metadata. Chain errors are the caller's answer here (422, 503).
 */
export async function refreshMetadata(
  deps: MetadataWriteDeps,
  caller: Caller,
  input: { chainId: number; contractAddress: Address; tokenId?: bigint },
): Promise<SentWrite> {
  const collection = await requireOwnNftCollection(deps, caller, input.chainId, input.contractAddress);
  if (input.tokenId !== undefined) await requireToken(deps, collection, input.tokenId);
  const changes = input.tokenId === undefined ? { tokenIds: [], collection: true } : { tokenIds: [input.tokenId], collection: false };
  const operationId = randomUUID();
  const hash = await sendPropagation(deps.propagation.writer, collection, changes, operationId);
  return sentWrite(deps.propagation.writer.runtime, collection.chainId, hash, operationId);
}
