import type pg from "pg";
import { NotReadyError } from "../../errors.js";
import { checkpointBlock } from "../../store/index/indexState.js";

export type ChainProgress = { id: number; name: string; indexedBlock: number | null; headBlock: number | null };
export type IndexReadiness = {
  /** Throws NotReadyError while the index would answer partially; `chainId`: a query about that chain. */
  assertReady(chainId?: number): Promise<void>;
};


/**
 * Whether the index may answer a query about a chain: not while that chain is still backfilling, when the answer
 * would be silently partial (decisions.md: 503 NOT_READY). The index answers from the build its schema serves
 * (`indexSchema`): a chain is ready once that build is complete (Ponder marks it ready, and never unmarks it) and
 * holds the chain. A chain the build does not hold (one added while an earlier build answers) is not ready, with the
 * progress of the build under way (`buildingSchema`); the other chains answer meanwhile. Once seen ready, a chain's
 * answer is kept and costs nothing more.
 */
export function createIndexReadiness(deps: {
  pool: pg.Pool;
  indexSchema: string;
  /** The schema of the build the indexer runs now, whose progress a chain not ready reports. */
  buildingSchema(): Promise<string | undefined>;
  /** `unavailable`: the chain's RPC did not answer at start-up, so it is not indexed (server/config/runtime.ts). */
  chains: { id: number; name: string; unavailable?: string }[];
  headBlock(chainId: number): Promise<bigint>;
}): IndexReadiness {
  const indexedChains = deps.chains.filter((chain) => chain.unavailable === undefined);
  const ready = new Set<number>();

  /** Adds the chains of the build the index answers from, if that build is complete. */
  const refresh = async () => {
    const schema = quoted(deps.indexSchema);
    const { rows } = await deps.pool
      .query<{ ready: string | null; chains: string[] | null }>(
        `SELECT (SELECT value ->> 'is_ready' FROM ${schema}._ponder_meta WHERE key = 'app') AS ready,
                (SELECT array_agg(chain_id::text) FROM ${schema}._ponder_checkpoint) AS chains`,
      )
      .catch(() => ({ rows: [] as { ready: string | null; chains: string[] | null }[] }));
    if (rows[0]?.ready !== "1") return;
    for (const chainId of rows[0].chains ?? []) ready.add(Number(chainId));
  };

  const progress = async (chains: typeof indexedChains): Promise<ChainProgress[]> => {
    const building = (await deps.buildingSchema().catch(() => undefined)) ?? deps.indexSchema;
    const checkpoints = await deps.pool
      .query<{ chain_id: string; latest_checkpoint: string }>(`SELECT chain_id::text, latest_checkpoint FROM ${quoted(building)}._ponder_checkpoint`)
      .catch(() => ({ rows: [] as { chain_id: string; latest_checkpoint: string }[] }));
    const indexed = new Map(
      checkpoints.rows.map((row) => [Number(row.chain_id), checkpointBlock(row.latest_checkpoint)]),
    );
    return await Promise.all(
      chains.map(async (chain) => ({
        id: chain.id,
        name: chain.name,
        indexedBlock: indexed.get(chain.id) ?? null,
        headBlock: await deps.headBlock(chain.id).then(Number, () => null),
      })),
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
      if (needed.every((chain) => ready.has(chain.id))) return;
      await refresh();
      const waiting = needed.filter((chain) => !ready.has(chain.id));
      if (waiting.length === 0) return;
      const described = (await progress(waiting)).map((chain) => {
        if (chain.indexedBlock === null) return `${chain.name} (${chain.id}) not started`;
        if (chain.headBlock === null || chain.headBlock <= 0) return `${chain.name} (${chain.id}) at block ${chain.indexedBlock}`;
        const percent = Math.min(100, Math.floor((chain.indexedBlock / chain.headBlock) * 100));
        return `${chain.name} (${chain.id}) at block ${chain.indexedBlock} of ${chain.headBlock} (${percent} %)`;
      });
      throw new NotReadyError(`The index is still catching up with the chain: ${described.join("; ")}. Queries answer once the chain is backfilled; try again shortly.`);
    },
  };
}

function quoted(schema: string): string {
  return `"${schema.replaceAll('"', '""')}"`;
}
