import { createPublicClient, http } from "viem";
import type pg from "pg";
import type { RuntimeChain } from "../config/runtime.js";
import type { StoreDb } from "../store/database/db.js";
import { indexProgressKey, type IndexProgress } from "./store/indexProgressReport.js";
import { indexedBlockOf } from "./store/indexReads.js";
import { putSetting } from "./store/indexState.js";
import type { Progress } from "../runtime/chains.js";
import { COMPLETED_EVENTS_METRIC } from "./ponderInternals.js";

/** How often a backfill's progress is logged and published. */
export const PROGRESS_INTERVAL_MS = 5_000;

/** Ponder's count of the events it indexed, per event (its /metrics; it sets no chain on it). */
const COMPLETED_EVENTS = new RegExp(`^${COMPLETED_EVENTS_METRIC}(?:\\{[^}]*\\})?\\s+([\\d.e+]+)$`, "gm");

/** Events the build indexed so far, all chains together, from Ponder's /metrics; undefined when it does not answer. */
async function completedEvents(metrics: { url: string; authorization: string }): Promise<number | undefined> {
  const text = await fetch(metrics.url, { headers: { authorization: metrics.authorization }, signal: AbortSignal.timeout(2_000) }).then(
    (response) => (response.ok ? response.text() : undefined),
    () => undefined,
  );
  if (text === undefined) return undefined;
  let events = 0;
  for (const [, value] of text.matchAll(COMPLETED_EVENTS)) events += Number(value);
  return events;
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

export type ProgressReport = { stop(): void };

/**
 * While a build backfills, each chain's progress every PROGRESS_INTERVAL_MS: blocks done of the total (from the start
 * block to the head), events per second (Ponder's own count) and the time left at the pace of the last interval. It is
 * logged and published in the app store, where every API process reads it for the 503 NOT_READY body, so that both say
 * the same numbers. It stops by itself once every chain has reached its head, or with stop().
 */
export function startProgressReport(deps: {
  pool: pg.Pool;
  db: StoreDb;
  indexSchema: string;
  build: string;
  chains: RuntimeChain[];
  /** Ponder's /metrics, and the credential the API process of role `all` asks there (server/http/routes/operator.ts). */
  metrics: { url: string; authorization: string };
  progress: Progress;
}): ProgressReport {
  const clients = new Map(deps.chains.map((chain) => [chain.id, createPublicClient({ transport: http(chain.rpcUrl[0], { retryCount: 1, timeout: 3_000 }) })]));
  let previous: { at: number; blocks: Map<number, number>; events: number | undefined } | undefined;
  let stopped = false;

  /** `publish`: false for the first sample, the baseline of the first interval's pace. */
  const sample = async (publish: boolean) => {
    const at = Date.now();
    const events = await completedEvents(deps.metrics);
    const chains = await Promise.all(
      deps.chains.map(async (chain) => {
        const indexed = await indexedBlockOf(deps.pool, deps.build, chain.id).catch(() => -1);
        const head = await clients.get(chain.id)!.getBlockNumber({ cacheTime: 0 }).then(Number, () => undefined);
        return { chain, indexed, head };
      }),
    );
    const seconds = previous === undefined ? 0 : (at - previous.at) / 1000;
    // Ponder counts events per build, not per chain: the pace is a chain's when it is the only one still behind.
    const behind = chains.filter(({ indexed, head }) => head === undefined || indexed < head);
    const buildPace = seconds > 0 && events !== undefined && previous!.events !== undefined ? Math.max((events - previous!.events) / seconds, 0) : null;
    const report: IndexProgress = {
      build: deps.build,
      sampledAt: new Date(at).toISOString(),
      chains: chains.map(({ chain, indexed, head }) => {
        const from = chain.startBlock;
        const blocksTotal = head === undefined ? null : Math.max(head - from + 1, 0);
        const blocksDone = Math.max(Math.min(indexed - from + 1, blocksTotal ?? Number.POSITIVE_INFINITY), 0);
        const blocksPerSecond = seconds > 0 ? (indexed - (previous!.blocks.get(chain.id) ?? indexed)) / seconds : 0;
        const eventsPerSecond = behind.length === 1 && behind[0]!.chain === chain ? buildPace : null;
        const left = blocksTotal === null ? null : blocksTotal - blocksDone;
        return {
          chainId: chain.id,
          name: chain.name,
          indexedBlock: indexed < 0 ? null : indexed,
          headBlock: head ?? null,
          blocksDone,
          blocksTotal,
          percent: blocksTotal ? Math.min(100, Math.floor((blocksDone / blocksTotal) * 1000) / 10) : null,
          eventsPerSecond: eventsPerSecond === null ? null : Math.round(eventsPerSecond),
          secondsLeft: left === 0 ? 0 : left !== null && blocksPerSecond > 0 ? Math.ceil(left / blocksPerSecond) : null,
        };
      }),
    };
    previous = { at, blocks: new Map(chains.map(({ chain, indexed }) => [chain.id, indexed])), events };
    if (!publish) return false;
    await putSetting(deps.db, indexProgressKey(deps.indexSchema), JSON.stringify(report));
    for (const chain of report.chains) {
      const total = chain.blocksTotal === null ? "" : ` of ${chain.blocksTotal}`;
      const percent = chain.percent === null ? "" : ` (${chain.percent} %)`;
      const pace = chain.eventsPerSecond === null ? "" : `, ${chain.eventsPerSecond} events/s`;
      const left = chain.secondsLeft === null ? "" : chain.secondsLeft === 0 ? ", at the head" : `, about ${duration(chain.secondsLeft)} left`;
      deps.progress("indexer", `build ${deps.build}, chain ${chain.name} (${chain.chainId}): ${chain.blocksDone}${total} blocks${percent}${pace}${left}`);
    }
    return report.chains.every((chain) => chain.secondsLeft === 0);
  };

  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    timer = setTimeout(() => {
      void sample(true).then(
        (done) => {
          if (!done && !stopped) next();
        },
        () => {
          if (!stopped) next();
        },
      );
    }, PROGRESS_INTERVAL_MS);
    timer.unref();
  };
  void sample(false).then(
    (done) => {
      if (!done && !stopped) next();
    },
    () => {
      if (!stopped) next();
    },
  );

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
