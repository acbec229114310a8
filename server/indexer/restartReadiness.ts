import { createPublicClient, http, numberToHex } from "viem";
import type pg from "pg";
import type { RuntimeChain } from "../config/runtime.js";
import { forgetActivityDispatch } from "../store/activityDispatch.js";
import type { Store } from "../store/database/db.js";
import { clearChainCache, dropIndexSchema } from "./store/indexReset.js";
import { getRecordedGenesis, recordGenesis } from "./store/indexState.js";
import { indexedBlockOf } from "./store/indexReads.js";
import { markIndexFinal } from "./store/localFinality.js";
import { holdReadyUntil, type ReadyFloor } from "./store/readyHold.js";
import type { Progress } from "../runtime/chains.js";
import { ponderFinalityBlocks } from "./ponderInternals.js";

/**
 * Before Ponder starts on a build it ran before (a restart):
 * - on the embedded chain, when the index reached the chain's head, the index is kept rather than re-run from Ponder's finalized block (the head less 30 blocks
 *   there, so a short local chain's whole history): that many empty blocks are mined first, so that the finalized
 *   block Ponder reads at its start is the head the chain had, and what the index holds is then marked final. Ponder's
 *   backfill resumes from its last indexed block up to that head, and its live sync starts after it;
 * - every chain gets a floor, the block its index held before the stop and the chain's head now, below which the build
 *   does not say it is ready (server/indexer/store/readyHold.ts).
 * A first build has no earlier answers to keep: nothing is done for it.
 */
export async function prepareRestart(pool: pg.Pool, build: string, chains: RuntimeChain[], progress: Progress): Promise<void> {
  const held = await Promise.all(chains.map((chain) => indexedBlockOf(pool, build, chain.id).catch(() => -1)));
  if (chains.length === 0 || held.some((block) => block < 0)) return;
  const floors: ReadyFloor[] = [];
  for (const [index, chain] of chains.entries()) {
    const client = createPublicClient({ transport: http(chain.rpcUrl[0], { retryCount: 2, timeout: 5_000 }) });
    const head = await client.getBlockNumber({ cacheTime: 0 }).then(Number, () => held[index]!);
    // Only an index that reached the chain's head is kept. Otherwise (a start stopped before Ponder ran, a node stopped
    // from outside that wrote an older state than the index saw) blocks it never indexed would sit below the finalized
    // block Ponder takes, Ponder refuses a finalized block older than the one an earlier start recorded, and its RPC
    // cache may hold logs of blocks the chain no longer has: the embedded chain's index is rebuilt, as after a reset
    // of the chain (a short history, re-run in seconds).
    if (chain.local && held[index] === head) {
      const blocks = ponderFinalityBlocks(chain.id);
      await client.request({ method: "anvil_mine" as "eth_blockNumber", params: [numberToHex(blocks)] as unknown as undefined });
      const kept = await markIndexFinal(pool, build, chain.id);
      progress("indexer", `chain ${chain.name} (${chain.id}): the index keeps what it indexed up to block ${kept ?? held[index]!} and resumes after it, no block indexed again (${blocks} empty blocks mined so that Ponder takes block ${head} as final)`);
    } else if (chain.local) {
      await clearChainCache(pool, chain.id);
      await dropIndexSchema(pool, build);
      await forgetActivityDispatch(pool, chain.id);
      progress("indexer", `chain ${chain.name} (${chain.id}): the index stopped at block ${held[index]} and the chain is at ${head}: its index is rebuilt`);
      return;
    }
    floors.push({ chainId: chain.id, block: Math.max(held[index]!, head) });
  }
  await holdReadyUntil(pool, build, floors);
}

/**
 * The index of a chain whose genesis block changed (a reset local chain) describes a chain that no longer exists:
 * its cache and the index are dropped so both are rebuilt from the chain as it is now.
 */
export async function resetIndexIfChainChanged(store: Store, indexSchemas: string[], chain: RuntimeChain, progress: Progress): Promise<void> {
  const recorded = await getRecordedGenesis(store.db, chain.id);
  if (recorded !== undefined && recorded !== chain.genesisHash) {
    await clearChainCache(store.pool, chain.id);
    for (const schema of indexSchemas) await dropIndexSchema(store.pool, schema);
    // Its webhook events from the index start again from the new chain's first indexed block.
    await forgetActivityDispatch(store.pool, chain.id);
    progress("indexer", `chain ${chain.name} (${chain.id}) was reset (new genesis ${chain.genesisHash.slice(0, 10)}…): its index was reset and will be rebuilt`);
  }
  await recordGenesis(store.db, chain.id, chain.genesisHash);
}
