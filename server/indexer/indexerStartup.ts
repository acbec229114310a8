import type pg from "pg";
import { createPublicClient, http } from "viem";
import type { RuntimeChain } from "../config/runtime.js";
import { restoreKeptIndexes } from "./store/keptIndexes.js";
import type { Progress } from "../runtime/chains.js";
import type { PonderProcess } from "./ponderProcess.js";

/** Thrown by a wait of the start-up when a stop was asked for meanwhile. */
export class StartAborted extends Error {
  override name = "StartAborted";
  constructor() {
    super("tokenhub was asked to stop while it started.");
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new StartAborted();
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

export async function waitForHealth(baseUrl: string, ponder: PonderProcess, problem: () => Error | undefined, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    throwIfAborted(signal);
    if (ponder.exitCode() !== null) throw new Error("The indexer exited during start-up; its log above says why.");
    const found = problem();
    if (found) throw found;
    const healthy = await fetch(`${baseUrl}/health`, { signal }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await pause(100, signal);
  }
  throw new Error(`The service did not answer ${baseUrl}/health within 120 s.`);
}

/**
 * Once Ponder answers (its recovery is done before its HTTP server starts): indexes kept out of its recovery's way
 * that did not get their names back in it get them now (server/indexer/store/keptIndexes.ts).
 */
export async function restoreIndexesAfterRecovery(pool: pg.Pool, build: string, progress: Progress): Promise<void> {
  const { restored, dropped } = await restoreKeptIndexes(pool, build);
  if (restored + dropped === 0) return;
  progress("indexer", `build ${build}: ${restored} indexes kept through Ponder's start got their names back after it; ${dropped} kept copies of indexes it had made again were dropped`);
}

/** Whether Ponder reports the backfill complete (`/ready`) within `timeoutMs`; false if it exits or a stop comes first. */
export async function readyWithin(baseUrl: string, timeoutMs: number, ponder: PonderProcess, signal: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && ponder.exitCode() === null && !signal.aborted) {
    const ready = await fetch(`${baseUrl}/ready`, { signal }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return true;
    await pause(200, signal);
  }
  return false;
}

/**
 * Ponder's live sync follows new heads only: on a quiet local chain it would not replay the blocks it does not
 * consider final until a block arrives. Until the index reaches the head, an empty block is mined now and then to
 * wake it; start-up waits for that, so the service never answers from a half-rebuilt index.
 */
export async function waitForLocalChainsIndexed(
  indexedBlock: (chainId: number) => Promise<number>,
  chains: RuntimeChain[],
  ponder: PonderProcess,
  signal: AbortSignal,
): Promise<void> {
  for (const chain of chains.filter((candidate) => candidate.local)) {
    const client = createPublicClient({ transport: http(chain.rpcUrl[0]) });
    const deadline = Date.now() + 120_000;
    let lastMined = 0;
    for (;;) {
      throwIfAborted(signal);
      if (ponder.exitCode() !== null) throw new Error("The indexer exited during start-up; its log above says why.");
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
      const indexed = await indexedBlock(chain.id).catch(() => -1);
      if (indexed >= head && lastMined > 0) break;
      if (Date.now() > deadline) throw new Error(`The index of chain ${chain.name} did not reach block ${head} within 120 s.`);
      if (Date.now() - lastMined > 1_000) {
        await client.request({ method: "evm_mine" as "eth_blockNumber", params: undefined });
        lastMined = Date.now();
      }
      await pause(50, signal);
    }
  }
}

/**
 * Ponder reports a build ready once its backfill reached each chain's finalized block; the blocks after it follow
 * through live sync. A build that replaces another must hold them too before it answers, or the newest tokens would
 * vanish for a moment: this waits until each remote chain's index reaches the head the chain had when it was asked
 * (local chains: waitForLocalChainsIndexed), for at most `timeoutMs`.
 */
export async function waitForRemoteChainsIndexed(
  indexedBlock: (chainId: number) => Promise<number>,
  chains: RuntimeChain[],
  ponder: PonderProcess,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (const chain of chains.filter((candidate) => !candidate.local)) {
    const client = createPublicClient({ transport: http(chain.rpcUrl[0], { retryCount: 3 }) });
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    while ((await indexedBlock(chain.id).catch(() => -1)) < head) {
      throwIfAborted(signal);
      if (ponder.exitCode() !== null) throw new Error("The indexer exited; its log above says why.");
      if (Date.now() > deadline) return false;
      await pause(200, signal);
    }
  }
  return true;
}
