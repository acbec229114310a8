import type pg from "pg";
import type { Hex, PublicClient } from "viem";
import { NotFoundError, NotReadyError, ValidationError } from "../../errors.js";
import type { ReadAfter } from "../../schemas/readAfter.js";
import type { StoreDb } from "../../store/database/db.js";
import { indexedBlockOf, indexedBlocksOf } from "../../indexer/store/indexReads.js";
import { findProjectOperation } from "../../store/operations.js";

export type IndexFreshness = {
  /**
   * Resolves once the index includes what the read names: a block of `chainId` (minBlock), or the block of an
   * operation's transaction once it is mined (afterOperation, of `projectId`). Past the wait, NotReadyError saying
   * where the index is.
   */
  awaitIncluded(read: { projectId: string | undefined; chainId: number | undefined }, after: ReadAfter): Promise<void>;
  /** Where a chain's index is: its last indexed block and its last final one (reads at a block check against them). */
  indexedBlocks(chainId: number): Promise<{ latest: number; finalized: number }>;
};

/** How often a waiting read looks again: the index's checkpoint (one row) and, while unmined, the transaction's receipt. */
const INDEX_POLL_MS = 25;
const RECEIPT_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read your writes (decisions.md): a read that names a block or an operation waits, up to `waitMs`, for the chain's
 * index to reach it. Waiting reads of one chain share one look at its checkpoint at a time.
 */
export function createIndexFreshness(deps: {
  pool: pg.Pool;
  store: StoreDb;
  indexSchema: string;
  waitMs: number;
  chains: { id: number; name: string; unavailable?: string }[];
  publicClient(chainId: number): PublicClient;
}): IndexFreshness {
  const looking = new Map<number, Promise<number>>();
  /** The last block the index holds of a chain; concurrent callers share the query under way. */
  const indexedBlock = (chainId: number): Promise<number> => {
    const pending = looking.get(chainId);
    if (pending) return pending;
    const look = indexedBlockOf(deps.pool, deps.indexSchema, chainId).finally(() => looking.delete(chainId));
    looking.set(chainId, look);
    return look;
  };

  const chainName = (chainId: number) => {
    const chain = deps.chains.find((candidate) => candidate.id === chainId);
    return chain ? `${chain.name} (${chain.id})` : String(chainId);
  };

  /**
   * The operation's chain, its transaction's current hash (read again each time: a fee bump changes it; null: the
   * operation sent nothing, as a permit) and the block it was mined in (undefined while it is not).
   */
  const minedBlock = async (projectId: string, operationId: string): Promise<{ chainId: number; hash: Hex | null; block: number | undefined }> => {
    const operation = await findProjectOperation(deps.store, projectId, operationId);
    if (operation === undefined) throw new NotFoundError(`No operation ${operationId} belongs to this project.`);
    if (operation.transactionHash === null) return { chainId: operation.chainId, hash: null, block: undefined };
    // Not mined yet, or an RPC that does not answer now: either way the read waits, up to its bound.
    const receipt = await deps.publicClient(operation.chainId).getTransactionReceipt({ hash: operation.transactionHash }).catch(() => undefined);
    return { chainId: operation.chainId, hash: operation.transactionHash, block: receipt === undefined ? undefined : Number(receipt.blockNumber) };
  };

  const awaitBlock = async (chainId: number, block: number, deadline: number, what: string) => {
    for (;;) {
      const indexed = await indexedBlock(chainId);
      if (indexed >= block) return;
      if (Date.now() >= deadline) {
        throw new NotReadyError(
          `The index of chain ${chainName(chainId)} is at block ${indexed}; this read waits for block ${block} (${what}) and waited ${deps.waitMs} ms (TOKENHUB_READ_WAIT_MS). Try again shortly.`,
        );
      }
      await sleep(INDEX_POLL_MS);
    }
  };

  return {
    indexedBlocks: (chainId) => indexedBlocksOf(deps.pool, deps.indexSchema, chainId),
    async awaitIncluded(read, after) {
      const deadline = Date.now() + deps.waitMs;
      if (after.minBlock !== undefined) {
        const indexed = deps.chains.filter((chain) => chain.unavailable === undefined);
        const chainId = read.chainId ?? (indexed.length === 1 ? indexed[0]!.id : undefined);
        if (chainId === undefined) {
          throw new ValidationError("minBlock is a block of one chain: name it with chainId.", [{ path: "chainId", message: "is required with minBlock" }]);
        }
        await awaitBlock(chainId, after.minBlock, deadline, "minBlock");
      }
      if (after.afterOperation !== undefined) {
        const operationId = after.afterOperation;
        if (read.projectId === undefined) throw new ValidationError("afterOperation names an operation of a project: send that project's token.");
        for (;;) {
          const mined = await minedBlock(read.projectId, operationId);
          if (mined.hash === null) break;
          if (mined.block !== undefined) {
            await awaitBlock(mined.chainId, mined.block, deadline, `the block of operation ${operationId}'s transaction ${mined.hash}`);
            break;
          }
          if (Date.now() >= deadline) {
            const indexed = await indexedBlock(mined.chainId);
            throw new NotReadyError(
              `Operation ${operationId}'s transaction ${mined.hash} is not mined yet; the index of chain ${chainName(mined.chainId)} is at block ${indexed}. This read waited ${deps.waitMs} ms (TOKENHUB_READ_WAIT_MS); try again shortly.`,
            );
          }
          await sleep(RECEIPT_POLL_MS);
        }
      }
    },
  };
}
