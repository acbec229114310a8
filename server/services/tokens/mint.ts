import { randomUUID } from "node:crypto";
import { type Address, encodeFunctionData } from "viem";
import { tokenHubERC1155Abi } from "../../../abis/index.js";
import { mintJoining } from "../../chain/contractGenerations.js";
import { encodeErc1155MintTo, encodeErc20MintTo, encodeErc721MintTo } from "../../chain/mintCalls.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import { scaleAmount } from "../../schemas/amounts.js";
import type { MetadataFields } from "../../schemas/metadata.js";
import type { StoreDb } from "../../store/database/db.js";
import { createTokenType, findProjectCollection, type ProjectCollection, tokenTypesExist } from "../../store/projectCollections.js";
import { requireChain } from "../chains/chains.js";
import { type Caller, type ChainWriter, recordedWith, type SentWrite, sentWrite } from "../transactions/chainWriter.js";

/** What a write needs to know of a collection: who owns it and what it is. None of it ever changes. */
export type OwnedCollection = Pick<ProjectCollection, "chainId" | "address" | "projectId" | "kind" | "source" | "decimals" | "contractVersion">;

/**
 * Collections found in the app store. A project's claim on a collection is written once and its owner, kind and
 * decimals never change, so a found one stays true (its default metadata does change, and is not kept here); one not
 * found is looked up again next time, since it may be created any moment.
 */
const KNOWN_COLLECTIONS_MAX = 10_000;
const knownCollections = new Map<string, OwnedCollection>();

async function findCollection(db: StoreDb, chainId: number, address: Address): Promise<OwnedCollection | undefined> {
  const key = `${chainId}:${address}`;
  const known = knownCollections.get(key);
  if (known !== undefined) return known;
  const found = await findProjectCollection(db, chainId, address);
  if (found === undefined) return undefined;
  const owned: OwnedCollection = {
    chainId: found.chainId,
    address: found.address,
    projectId: found.projectId,
    kind: found.kind,
    source: found.source,
    decimals: found.decimals,
    contractVersion: found.contractVersion,
  };
  if (knownCollections.size >= KNOWN_COLLECTIONS_MAX) knownCollections.clear();
  knownCollections.set(key, owned);
  return owned;
}

const KIND_NAMES: Record<ProjectCollection["kind"], string> = { erc20: "ERC-20", erc721: "ERC-721", erc1155: "ERC-1155" };

/** A project mints only on its own collections; any other answers 404, so others' collections are not revealed. */
export async function requireOwnCollection(
  db: StoreDb,
  projectId: string,
  chainId: number,
  address: Address,
  kind: ProjectCollection["kind"],
): Promise<OwnedCollection> {
  const collection = await findCollection(db, chainId, address);
  // The project's own collection of another kind is named as such: the client has the wrong route, not a missing contract.
  if (collection && collection.projectId === projectId && collection.kind !== kind) {
    throw new NotFoundError(
      `${address} on chain ${chainId} is this project's ${KIND_NAMES[collection.kind]} collection, not an ${KIND_NAMES[kind]} one: mint on it with POST /api/v1/${collection.kind}/mint.`,
    );
  }
  if (!collection || collection.projectId !== projectId || collection.kind !== kind) {
    throw new NotFoundError(
      `No ${kind.toUpperCase()} collection ${address} on chain ${chainId} belongs to this project. Create one with POST /api/v1/${kind}/create or import it with 'tokenhub contract import'.`,
    );
  }
  return collection;
}

type Target = { chainId: number; contractAddress: Address };

export async function mintErc20(writer: ChainWriter, db: StoreDb, caller: Caller, input: Target & { recipientAddress: Address; amount: string }): Promise<SentWrite> {
  requireChain(writer.runtime, input.chainId);
  const collection = await requireOwnCollection(db, caller.projectId, input.chainId, input.contractAddress, "erc20");
  const raw = scaleAmount(input.amount, collection.decimals ?? 18);
  const data = encodeErc20MintTo(input.recipientAddress, raw);
  const recorded = recordedWith(caller, { amount: raw.toString() });
  const sent = await writer.pipeline.send({ chainId: input.chainId, to: input.contractAddress, data, purpose: "erc20.mint", joinable: mintJoining("erc20", collection.contractVersion), ...recorded });
  return sentWrite(writer.runtime, input.chainId, sent.hash, recorded.operationId);
}

export async function mintErc721(
  writer: ChainWriter,
  db: StoreDb,
  caller: Caller,
  input: Target & { recipientAddress: Address; metadata?: MetadataFields },
): Promise<SentWrite> {
  requireChain(writer.runtime, input.chainId);
  const collection = await requireOwnCollection(db, caller.projectId, input.chainId, input.contractAddress, "erc721");
  const data = encodeErc721MintTo(input.recipientAddress);
  // The token id is known from the receipt only; the metadata waits with the transaction until then (reads find it
  // there from the token's mint transaction).
  const recorded = recordedWith(caller, input.metadata === undefined ? {} : { tokenMetadata: input.metadata });
  const sent = await writer.pipeline.send({
    chainId: input.chainId,
    to: input.contractAddress,
    data,
    purpose: "erc721.mint",
    joinable: mintJoining("erc721", collection.contractVersion),
    ...recorded,
  });
  return sentWrite(writer.runtime, input.chainId, sent.hash, recorded.operationId);
}

export async function requireTokenTypes(db: StoreDb, target: Target, tokenIds: bigint[]): Promise<void> {
  const known = await tokenTypesExist(db, target.chainId, target.contractAddress, tokenIds);
  const missing = [...new Set(tokenIds.map(String))].filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new NotFoundError(
      `Token type ${missing.join(", ")} does not exist in ${target.contractAddress}; create it first with POST /api/v1/erc1155/tokens/create.`,
    );
  }
}

export async function mintErc1155(
  writer: ChainWriter,
  db: StoreDb,
  caller: Caller,
  input: Target & { recipientAddress: Address; tokenId: bigint; amount: bigint },
): Promise<SentWrite> {
  requireChain(writer.runtime, input.chainId);
  const collection = await requireOwnCollection(db, caller.projectId, input.chainId, input.contractAddress, "erc1155");
  await requireTokenTypes(db, input, [input.tokenId]);
  const data = encodeErc1155MintTo(input.recipientAddress, input.tokenId, input.amount);
  const recorded = recordedWith(caller);
  const sent = await writer.pipeline.send({ chainId: input.chainId, to: input.contractAddress, data, purpose: "erc1155.mint", joinable: mintJoining("erc1155", collection.contractVersion), ...recorded });
  return sentWrite(writer.runtime, input.chainId, sent.hash, recorded.operationId);
}

export type BatchMintItem = { recipientAddress: Address; tokenId: bigint; amount: bigint };

/** The whole batch in one transaction (`mintBatch`). */
export async function batchMintErc1155(
  writer: ChainWriter,
  db: StoreDb,
  caller: Caller,
  input: Target & { mints: BatchMintItem[] },
  maxBatchSize: number,
): Promise<SentWrite> {
  requireChain(writer.runtime, input.chainId);
  if (input.mints.length > maxBatchSize) {
    throw new ValidationError(`A batch holds at most ${maxBatchSize} mints (got ${input.mints.length}).`, [
      { path: "mints", message: `at most ${maxBatchSize} items` },
    ]);
  }
  await requireOwnCollection(db, caller.projectId, input.chainId, input.contractAddress, "erc1155");
  await requireTokenTypes(db, input, input.mints.map((mint) => mint.tokenId));
  const data = encodeFunctionData({
    abi: tokenHubERC1155Abi,
    functionName: "mintBatch",
    args: [input.mints.map((mint) => mint.recipientAddress), input.mints.map((mint) => mint.tokenId), input.mints.map((mint) => mint.amount)],
  });
  const recorded = recordedWith(caller);
  const sent = await writer.pipeline.send({ chainId: input.chainId, to: input.contractAddress, data, purpose: "erc1155.batchMint", ...recorded });
  return sentWrite(writer.runtime, input.chainId, sent.hash, recorded.operationId);
}

/** A new ERC-1155 token type with its metadata; its id is the next free one of the collection. */
export async function createErc1155TokenType(
  writer: ChainWriter,
  db: StoreDb,
  caller: Caller,
  input: Target & { metadata?: MetadataFields },
): Promise<{ success: true; tokenId: string; operationId: string }> {
  requireChain(writer.runtime, input.chainId);
  await requireOwnCollection(db, caller.projectId, input.chainId, input.contractAddress, "erc1155");
  const operationId = randomUUID();
  const tokenId = await createTokenType(db, { chainId: input.chainId, address: input.contractAddress, projectId: caller.projectId, metadata: input.metadata, operationId });
  return { success: true, tokenId: tokenId.toString(), operationId };
}
