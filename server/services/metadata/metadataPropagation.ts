import { randomUUID } from "node:crypto";
import { encodeFunctionData, getAddress, type Hex, maxUint256 } from "viem";
import { tokenHubERC721Abi } from "../../../abis/index.js";
import { ChainRejectedError } from "../../errors.js";
import type { Logger } from "../../logger.js";
import type { StoreDb } from "../../store/database/db.js";
import {
  type ClaimedChanges,
  type CollectionKey,
  claimMetadataChanges,
  collectionsDueForPropagation,
  releaseMetadataChanges,
  renewMetadataChanges,
  settleMetadataChanges,
} from "../../store/metadataChanges.js";
import { LEASE_MS } from "../../store/coordination/leases.js";
import { findProjectCollection } from "../../store/projectCollections.js";
import type { ChainWriter } from "../transactions/chainWriter.js";

/**
 * Tells marketplaces and indexers to refetch metadata after it changed here: a transaction from the service signer
 * that emits ERC-4906 `MetadataUpdate(id)` per changed token (the ERC-1155 contract adds its `URI` event), and for a
 * change of the collection's defaults `BatchMetadataUpdate(0, max)` and ERC-7572 `ContractURIUpdated()`.
 *
 * Writes to one collection are coalesced: the first sends at once; writes arriving within `windowMs` of a send wait
 * and go together in one transaction when the window ends (sent by the background pass). So a burst costs at most
 * two transactions however long it is, and a lone write is announced without delay.
 */
export type MetadataPropagation = { writer: ChainWriter; store: StoreDb; windowMs: number; logger: Logger };

/** Past this many tokens in one transaction, one whole-collection event replaces the per-token ones (gas). */
const MAX_TOKEN_EVENTS = 100;
/**
 * A claim not renewed for this long belongs to a process that died before settling it; the process holding one
 * renews it every third of that while it works. As long as the job's lease: a replica's death hands over its claims
 * when it hands over the job, whichever replica (a write's request, or the job) claimed them.
 */
const CLAIM_MS = LEASE_MS;

/**
 * The call that announces the changes: one function, or several through the token's `multicall`. The ERC-721 ABI
 * encodes for both kinds: the notify functions have the same signatures on both contracts.
 */
export function propagationCalldata(changes: ClaimedChanges): Hex {
  const calls: Hex[] = [];
  const perToken = changes.tokenIds.length <= MAX_TOKEN_EVENTS;
  if (changes.collection || !perToken) {
    calls.push(encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "notifyBatchMetadataUpdate", args: [0n, maxUint256] }));
  }
  if (changes.collection) calls.push(encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "notifyContractURIUpdate" }));
  if (perToken) {
    for (const tokenId of changes.tokenIds) calls.push(encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "notifyMetadataUpdate", args: [tokenId] }));
  }
  return calls.length === 1 ? calls[0]! : encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "multicall", args: [calls] });
}

/**
 * Sends the announcement of `changes` on a project's collection, as the work of the write request `operationId` if a
 * request sends it; throws what the pipeline throws.
 */
export async function sendPropagation(
  writer: ChainWriter,
  collection: CollectionKey & { projectId: string },
  changes: ClaimedChanges,
  operationId?: string,
): Promise<Hex> {
  const sent = await writer.pipeline.send({
    chainId: collection.chainId,
    to: getAddress(collection.address),
    data: propagationCalldata(changes),
    purpose: "metadata.propagate",
    projectId: collection.projectId,
    metadata: { tokenIds: changes.tokenIds.map(String), collection: changes.collection },
    operationId,
  });
  return sent.hash;
}

/**
 * Sends the collection's pending changes if its window allows, and returns the transaction's hash; undefined when the
 * changes wait for the window's end (or another process is sending them). Never throws for the chain: the metadata is
 * stored whatever happens here, and changes that could not be sent are tried again by the next pass.
 */
export async function propagateMetadata(propagation: MetadataPropagation, collection: CollectionKey): Promise<Hex | undefined> {
  const claim = randomUUID();
  const changes = await claimMetadataChanges(propagation.store, collection, claim, propagation.windowMs);
  if (changes === undefined) return undefined;
  return await propagateClaimed(propagation, collection, claim, changes);
}

/**
 * Sends changes already claimed (by the background pass, or by a write in its own transaction: WriteClaim), as the work
 * of the write request `operationId` when a request sends them; then settles the claim, or releases it for the next
 * pass when the chain may take them later.
 */
export async function propagateClaimed(
  propagation: MetadataPropagation,
  collection: CollectionKey,
  claim: string,
  changes: ClaimedChanges,
  operationId?: string,
): Promise<Hex | undefined> {
  const { store, writer, logger } = propagation;
  // A failed renewal is retried at the next beat; if they all fail the changes may be sent twice, which is harmless.
  const renewal = setInterval(() => void renewMetadataChanges(store, claim).catch(() => undefined), Math.floor(CLAIM_MS / 3));
  try {
    const owned = await findProjectCollection(store, collection.chainId, getAddress(collection.address));
    if (owned === undefined || owned.kind === "erc20") {
      await settleMetadataChanges(store, claim);
      return undefined;
    }
    try {
      const hash = await sendPropagation(writer, { ...collection, projectId: owned.projectId }, changes, operationId);
      await settleMetadataChanges(store, claim);
      return hash;
    } catch (error) {
      const context = { chainId: collection.chainId, contractAddress: owned.address, tokenIds: changes.tokenIds.map(String), collection: changes.collection, error };
      if (error instanceof ChainRejectedError) {
        // The contract refuses (an imported contract without the notify functions, or a signer without
        // METADATA_ROLE): retrying cannot help. The metadata itself is stored and served.
        await settleMetadataChanges(store, claim);
        logger.warn("the chain refused to announce a metadata change; marketplaces were not told", context);
      } else {
        await releaseMetadataChanges(store, claim);
        logger.warn("could not announce a metadata change yet; it is tried again after the propagation window", context);
      }
      return undefined;
    }
  } finally {
    clearInterval(renewal);
  }
}

/** One pass of the background job: every collection whose changes wait and whose window is over. */
export async function propagateDueMetadata(propagation: MetadataPropagation): Promise<number> {
  const due = await collectionsDueForPropagation(propagation.store, propagation.windowMs, CLAIM_MS);
  let sent = 0;
  for (const collection of due) {
    if ((await propagateMetadata(propagation, collection)) !== undefined) sent += 1;
  }
  return sent;
}
