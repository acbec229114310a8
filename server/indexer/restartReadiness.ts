import { createPublicClient, http, numberToHex } from "viem";
import type pg from "pg";
import type { RuntimeChain } from "../config/runtime.js";
import { forgetActivityDispatch } from "../store/activityDispatch.js";
import { clearChainCache, dropIndexSchema } from "./store/indexReset.js";
import { indexedBlockOf } from "./store/indexState.js";
import { markIndexFinal } from "./store/localFinality.js";
import { holdReadyUntil, type ReadyFloor } from "./store/readyHold.js";
import type { Progress } from "../runtime/chains.js";

/**
 * How many blocks behind the head Ponder 0.16 takes a chain's finalized block to be (its utils/finality.ts, by chain
 * id; it has no setting). Ponder's crash recovery keeps only what is final by that count.
 */
export function ponderFinalityBlocks(chainId: number): number {
  if ([1, 3, 4, 5, 42, 11155111].includes(chainId)) return 65;
  if ([137, 80001].includes(chainId)) return 200;
  if ([42161, 42170, 421611, 421613].includes(chainId)) return 240;
  return 30;
}

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
