import fs from "node:fs";
import path from "node:path";
import { createPublicClient, http, numberToHex } from "viem";
import type { Settings } from "../config/env.js";
import type { RuntimeChain } from "../config/runtime.js";
import { freePort } from "../ports.js";
import { isDatabaseUnavailable, type Store } from "../store/database/db.js";
import { deploymentSchemaName, recordedBuildIndexVersion } from "./store/indexDeployments.js";
import { releaseIndexLock } from "./store/indexReset.js";
import { activityBlocksAfter, indexedBlockOf, indexedBlocksOf, indexedChainsOf } from "./store/indexReads.js";
import { markIndexFinal } from "./store/localFinality.js";
import { keepIndexesThroughRecovery } from "./store/keptIndexes.js";
import { keepReady } from "./store/readyHold.js";
import type { Progress } from "../runtime/chains.js";
import { indexFingerprint } from "./indexFingerprint.js";
import { restoreIndexesAfterRecovery, waitForHealth, waitForLocalChainsIndexed, waitForRemoteChainsIndexed } from "./indexerStartup.js";
import { savedIndexingProgram } from "./indexingProgram.js";
import { labelledOutput, launchPonder, ROOT_DIR, writeRuntimeFile } from "./ponderLaunch.js";
import { ponderFinalityBlocks, ponderVersion } from "./ponderInternals.js";
import type { PonderProcess } from "./ponderProcess.js";

/** Under the data directory: the files of the Ponder process that keeps the answering build following the chains. */
export const FOLLOWER_DIR = "follower";

/**
 * The part of the indexer's calls to a remote chain that the follower takes while a new build is made: following the
 * head takes a few calls a block, the backfill of the new build all it is given.
 */
export const FOLLOWER_SHARE = 0.25;

/** A remote chain as an indexer sees it when it has `share` of the indexer's calls a second (the local chain has no limit). */
export function followerShare(chain: RuntimeChain, share: number): RuntimeChain {
  if (chain.rpcLimits === undefined) return chain;
  return { ...chain, rpcLimits: { ...chain.rpcLimits, requestsPerSecond: chain.rpcLimits.requestsPerSecond * share } };
}

export type BuildFollower = { stop(): Promise<void> };

/** How often the follower of a build holding a remote chain looks whether the chain has made the build's blocks final. */
const FINALITY_POLL_MS = 2_000;

/** How long the follower may take to reach the remote chains' heads before the log says it follows them anyway. */
const CATCH_UP_MS = 120_000;

/**
 * While a new build backfills, the build that answers keeps indexing the chains' new blocks (Ponder's zero-downtime
 * pattern: the serving deployment runs until the new one is ready), so that a mint made meanwhile is listed as soon
 * as ever: a second Ponder process, indexer only, on that build's schema and chains. It can run only what made the
 * build (Ponder refuses a schema another build id made): today's program when it computes the build's fingerprint
 * (with the TOKENHUB_INDEX_VERSION it was made with), as after a new TOKENHUB_INDEX_VERSION or a chain added; else the
 * copy of the program kept when the build last ran (server/indexer/indexingProgram.ts), as after an upgrade to new
 * indexing code. A build that has neither (made before copies were kept) answers as it stands until the switch.
 *
 * Ponder's start on a build takes back what it holds of blocks it does not count final, and the build would answer
 * without them for the seconds of its recovery. So every block the build holds is made final first, as a restart does
 * (server/indexer/restartReadiness.ts), and the build answers in full throughout (never 503, never a shorter
 * listing). On the embedded chain blocks are mined to make them final. A remote chain's node says which are: the build
 * answers as it stood until the chain has made its blocks final by Ponder's count (30 to 240 blocks, by chain id: a
 * minute on a 2 s chain), then, if the chain still has the blocks the build recorded changes in (no reorganisation
 * meanwhile), they are made final and the follower starts. The follower's Ponder takes FOLLOWER_SHARE of the
 * indexer's calls to a remote chain, the new build's the rest (followerShare), so that both stay within the
 * provider's limits. Resolves without a follower, saying why, when the build cannot be followed.
 */
export async function followAnsweringBuild(
  deps: { settings: Settings; store: Store; databaseUrl: string; progress: Progress; ponderOutput: (chunk: Buffer) => void; signal: AbortSignal },
  answering: string,
  chains: RuntimeChain[],
): Promise<BuildFollower | undefined> {
  const { settings, store, progress } = deps;
  const frozen = (why: string) => {
    progress("indexer", `${answering} answers as it stands until the new build is done: ${why}`);
    return undefined;
  };
  const version = await recordedBuildIndexVersion(store.db, answering);
  if (version === undefined) return frozen("it was made by an earlier version of tokenhub");
  const held = await indexedChainsOf(store.pool, answering).catch(() => []);
  const its = chains.filter((chain) => held.some((each) => each.chainId === chain.id));
  if (held.length === 0 || its.length !== held.length) return frozen("it holds a chain that is not configured now");
  // This program, when only TOKENHUB_INDEX_VERSION or the chains changed; else the copy kept of the one that made it.
  const madeIt = (rootDir: string) => deploymentSchemaName(settings.indexSchema, indexFingerprint(rootDir, its, { ponder: ponderVersion(), index: version })) === answering;
  const program = [ROOT_DIR, savedIndexingProgram(settings.dataDir, answering)].find((rootDir) => rootDir !== undefined && madeIt(rootDir));
  if (program === undefined) return frozen("other indexing code made it, and no copy of that code was kept (a build made before tokenhub kept them, or by another Ponder)");

  const clients = new Map(its.map((chain) => [chain.id, createPublicClient({ transport: http(chain.rpcUrl[0], { retryCount: 2, timeout: 5_000 }) })]));
  const remote: { chain: RuntimeChain; finalAt: number; finalized: number }[] = [];
  for (const chain of its) {
    const client = clients.get(chain.id)!;
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const block = held.find((each) => each.chainId === chain.id)!.block;
    // A chain behind the index (its state saved before the index's last blocks) is rebuilt by the new build alone.
    if (block > head) return frozen(`chain ${chain.name} is behind its index`);
    if (!chain.local) {
      const { finalized } = await indexedBlocksOf(store.pool, answering, chain.id);
      remote.push({ chain, finalAt: block + ponderFinalityBlocks(chain.id), finalized });
      continue;
    }
    // Ponder takes the head less these blocks as final: mined so that it takes the head, at or past what the build holds.
    await client.request({ method: "anvil_mine" as "eth_blockNumber", params: [numberToHex(ponderFinalityBlocks(chain.id))] as unknown as undefined });
    await markIndexFinal(store.pool, answering, chain.id);
  }

  const stopped = new AbortController();
  const signal = AbortSignal.any([stopped.signal, deps.signal]);
  let ponder: PonderProcess | undefined;

  /** Once every remote chain has made the build's blocks final: false when one reorganised them meanwhile. */
  const remoteChainsFinal = async (): Promise<boolean> => {
    for (const { chain, finalAt, finalized } of remote) {
      const client = clients.get(chain.id)!;
      const block = finalAt - ponderFinalityBlocks(chain.id);
      progress("indexer", `${answering} answers as it stood at the restart until chain ${chain.name} reaches block ${finalAt}, where the blocks it holds (up to ${block}) are final by Ponder's count; then it follows the chains while the new build is made`);
      while (Number(await client.getBlockNumber({ cacheTime: 0 }).catch(() => 0)) < finalAt) {
        await new Promise((resolve) => setTimeout(resolve, FINALITY_POLL_MS));
        if (signal.aborted) return false;
      }
      for (const recorded of await activityBlocksAfter(store.pool, answering, chain.id, finalized)) {
        const now = await client.getBlock({ blockNumber: BigInt(recorded.number) }).catch(() => undefined);
        if (now?.hash !== recorded.hash) {
          frozen(`chain ${chain.name} no longer has block ${recorded.number} as the build recorded it (reorganised while the service was stopped)`);
          return false;
        }
      }
      await markIndexFinal(store.pool, answering, chain.id);
    }
    return true;
  };

  const launch = async () => {
    await keepReady(store.pool, answering);
    // Its Ponder's lock from the start that last ran it, which exited without releasing it (server/indexer/store/indexReset.ts).
    await releaseIndexLock(store.pool, answering);
    const dataDir = path.join(settings.dataDir, FOLLOWER_DIR);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const followerSettings: Settings = { ...settings, dataDir, host: "127.0.0.1", port: await freePort() };
    const runtimeFile = writeRuntimeFile(followerSettings, "indexer", answering, its.map((chain) => followerShare(chain, FOLLOWER_SHARE)), []);
    if (signal.aborted) return;
    // Renamed, not dropped: the reads the build answers meanwhile keep using them.
    await keepIndexesThroughRecovery(store.pool, answering);
    const code = program === ROOT_DIR ? "" : `, running the indexing code that made it, kept in ${program}`;
    progress("indexer", `${answering} keeps following the chain while the new build is made (Ponder on port ${followerSettings.port}${code})`);
    const started = launchPonder(
      followerSettings,
      { command: "start", schema: answering, databaseUrl: deps.databaseUrl, runtimeFile, rootDir: program, chains: its },
      { onOutput: labelledOutput("follower", deps.ponderOutput) },
    );
    ponder = started;
    void started.exited.then((exitCode) => {
      if (!signal.aborted) progress("indexer", `the Ponder process that kept ${answering} following the chain exited (code ${exitCode}): ${answering} answers as it stands until the new build is done`);
    });
    // Its live sync waits for a new head before it indexes the blocks after its checkpoint: blocks are mined to wake it,
    // only once it answers (before, its start would take a newer block as final than the one the build was made final
    // at, and refuse it). Waited for before the new build's Ponder starts: two Ponders starting at once on a small
    // machine each take twice as long, and a mint made meanwhile waited for the follower's start to be listed.
    // Its Ponder starts live sync at the blocks it counts final and indexes the rest of each chain block by block: the
    // line that says the build follows comes once it holds each chain's head, from when a change is listed in seconds.
    const launchedAt = Date.now();
    const indexedBlock = (chainId: number) => indexedBlockOf(store.pool, answering, chainId);
    await waitForHealth(`http://127.0.0.1:${followerSettings.port}`, started, () => undefined, signal)
      .then(() => restoreIndexesAfterRecovery(store.pool, answering, progress))
      .then(() => waitForLocalChainsIndexed(indexedBlock, its, started, signal))
      .then(() => waitForRemoteChainsIndexed(indexedBlock, its, started, signal, CATCH_UP_MS))
      .then((caughtUp) => {
        const took = `${((Date.now() - launchedAt) / 1000).toFixed(1)} s after its start`;
        progress("indexer", caughtUp ? `${answering} holds the chains' heads and follows them (${took})` : `${answering} has not reached every chain's head ${took}; it goes on following them`);
      })
      .catch((error: unknown) => {
        if (!signal.aborted) progress("indexer", `${answering} did not catch up with the chain: ${(error as Error).message}`);
      });
  };

  const launched = remote.length === 0
    ? launch()
    : remoteChainsFinal().then(async (final) => {
        if (final && !signal.aborted) await launch();
      });
  const failed = (error: unknown) => {
    if (!signal.aborted) progress("indexer", `${answering} answers as it stands until the new build is done: its follower did not start (${(error as Error).message})`);
  };
  if (remote.length === 0) await launched;
  else void launched.catch(failed);
  return {
    async stop() {
      stopped.abort();
      await launched.catch(() => undefined);
      if (ponder === undefined) return;
      await ponder.stop();
      await releaseIndexLock(store.pool, answering).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
      });
    },
  };
}
