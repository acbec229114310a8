import type pg from "pg";
import { NotReadyError, type NotReadyProgress } from "../errors.js";
import type { IndexProgress } from "./store/indexProgressReport.js";
import { buildReadiness, indexedChainsOf } from "./store/indexReads.js";

export type IndexReadiness = {
  /** Throws NotReadyError while the index would answer partially; `chainId`: a query about that chain. */
  assertReady(chainId?: number): Promise<void>;
};


/**
 * Whether the index may answer a query about a chain: not while that chain is still backfilling, when the answer
 * would be silently partial (decisions.md: 503 NOT_READY). The index answers from the build its schema serves
 * (`indexSchema`): a chain is ready once that build is complete (Ponder marks it ready; after a restart, not before
 * the index holds what it held before the stop and has reached the head: server/indexer/store/readyHold.ts) and holds the
 * chain. A chain the build does not hold (one added while an earlier build answers) is not ready, with the progress of
 * the build under way (`buildingSchema`); the other chains answer meanwhile. A chain seen ready is asked again after
 * READY_RECHECK_MS, not at every read: an indexer that restarts beside a running API replica unmarks its build until
 * it is whole again, and the replica notices within that time.
 */
export function createIndexReadiness(deps: {
  pool: pg.Pool;
  indexSchema: string;
  /** The schema of the build the indexer runs now, whose progress a chain not ready reports. */
  buildingSchema(): Promise<string | undefined>;
  /** `unavailable`: the chain's RPC did not answer at start-up, so it is not indexed (server/config/runtime.ts). */
  chains: { id: number; name: string; startBlock?: number; unavailable?: string }[];
  headBlock(chainId: number): Promise<bigint>;
  /** What the indexer last published of its backfill's progress (server/indexer/indexProgress.ts). */
  progressReport(): Promise<IndexProgress | undefined>;
}): IndexReadiness {
  const indexedChains = deps.chains.filter((chain) => chain.unavailable === undefined);
  /** Each chain seen ready, with when that was last checked. */
  const ready = new Map<number, number>();

  /**
   * The chains of the build the index answers from, if that build is complete. A query that fails (the index's views
   * being switched, a pool that is stopping) changes nothing: the read itself says what is wrong, if anything is.
   */
  const refresh = async () => {
    const build = await buildReadiness(deps.pool, deps.indexSchema);
    if (build === undefined) return;
    ready.clear();
    if (!build.ready) return;
    for (const chainId of build.chainIds) ready.set(chainId, Date.now());
  };

  // Reads that find the last look too old while one is under way wait for that one: under load, every read arriving
  // in that moment sent the same query, and waited behind the others' for a connection.
  let refreshing: Promise<void> | undefined;
  const refreshOnce = () => (refreshing ??= refresh().finally(() => (refreshing = undefined)));

  /**
   * Each chain's progress: its checkpoint and head now, with the pace and the time left the indexer last published
   * for the same build (so that the answer and the indexer's log say the same numbers).
   */
  const progress = async (chains: typeof indexedChains): Promise<NotReadyProgress[]> => {
    const building = (await deps.buildingSchema().catch(() => undefined)) ?? deps.indexSchema;
    const [held, report] = await Promise.all([
      indexedChainsOf(deps.pool, building).catch(() => []),
      deps.progressReport().catch(() => undefined),
    ]);
    const indexed = new Map(held.map((each) => [each.chainId, each.block]));
    const sampled = report?.build === building && Date.now() - Date.parse(report.sampledAt) < REPORT_FRESH_MS ? report : undefined;
    return await Promise.all(
      chains.map(async (chain) => {
        const published = sampled?.chains.find((each) => each.chainId === chain.id);
        const indexedBlock = indexed.get(chain.id) ?? null;
        const headBlock = await deps.headBlock(chain.id).then(Number, () => published?.headBlock ?? null);
        const from = chain.startBlock ?? 0;
        const blocksTotal = headBlock === null ? null : Math.max(headBlock - from + 1, 0);
        const blocksDone = indexedBlock === null ? 0 : Math.max(Math.min(indexedBlock - from + 1, blocksTotal ?? Number.POSITIVE_INFINITY), 0);
        return {
          chainId: chain.id,
          name: chain.name,
          indexedBlock,
          headBlock,
          blocksDone,
          blocksTotal,
          percent: blocksTotal ? Math.min(100, Math.floor((blocksDone / blocksTotal) * 1000) / 10) : null,
          eventsPerSecond: published?.eventsPerSecond ?? null,
          secondsLeft: published?.secondsLeft ?? null,
        };
      }),
    );
  };

  return {
    async assertReady(chainId) {
      const unavailable = deps.chains.find((chain) => chain.id === chainId && chain.unavailable !== undefined);
      if (unavailable) {
        throw new NotReadyError(
          `Chain ${unavailable.name} (${unavailable.id}) is not indexed: ${unavailable.unavailable}. Its index resumes, without a restart, once its RPC answers.`,
        );
      }
      // A query about one chain waits for that chain only; any other query (none named, or one not configured) for all.
      const asked = indexedChains.filter((chain) => chain.id === chainId);
      const needed = asked.length > 0 ? asked : indexedChains;
      const now = Date.now();
      if (needed.every((chain) => now - (ready.get(chain.id) ?? Number.NEGATIVE_INFINITY) < READY_RECHECK_MS)) return;
      await refreshOnce();
      const waiting = needed.filter((chain) => !ready.has(chain.id));
      if (waiting.length === 0) return;
      const chains = await progress(waiting);
      // The sentence as before (clients may read it); the numbers, pace and time left included, are in `progress`.
      const described = chains.map((chain) => {
        if (chain.indexedBlock === null) return `${chain.name} (${chain.chainId}) not started`;
        if (chain.headBlock === null || chain.headBlock <= 0) return `${chain.name} (${chain.chainId}) at block ${chain.indexedBlock}`;
        const percent = Math.min(100, Math.floor((chain.indexedBlock / chain.headBlock) * 100));
        return `${chain.name} (${chain.chainId}) at block ${chain.indexedBlock} of ${chain.headBlock} (${percent} %)`;
      });
      throw new NotReadyError(
        `The index is still catching up with the chain: ${described.join("; ")}. Queries answer once the chain is backfilled; try again shortly.`,
        chains,
      );
    },
  };
}

/** How long a chain seen ready is taken as ready without asking the index again. */
const READY_RECHECK_MS = 500;

/** A published progress older than this is the report of an indexer that stopped: its pace is not given. */
const REPORT_FRESH_MS = 20_000;
