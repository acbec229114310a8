import type pg from "pg";
import { NotReadyError } from "../errors.js";
import { checkpointBlock } from "../store/indexState.js";

export type ChainProgress = { id: number; name: string; indexedBlock: number | null; headBlock: number | null };
export type IndexReadiness = {
  /** Throws NotReadyError while the index would answer partially; `chainId`: a query about that chain. */
  assertReady(chainId?: number): Promise<void>;
};


/**
 * Whether the index may answer queries: not while any chain is still backfilling, when an answer would be silently
 * partial (decisions.md: 503 NOT_READY). Ponder marks the schema ready once every chain finished its historical
 * sync and never unmarks it while it runs, so once seen ready the answer is kept and costs nothing more.
 */
export function createIndexReadiness(deps: {
  pool: pg.Pool;
  indexSchema: string;
  /** `unavailable`: the chain's RPC did not answer at start-up, so it is not indexed (src/config/runtime.ts). */
  chains: { id: number; name: string; unavailable?: string }[];
  headBlock(chainId: number): Promise<bigint>;
}): IndexReadiness {
  const indexedChains = deps.chains.filter((chain) => chain.unavailable === undefined);
  const schema = `"${deps.indexSchema.replaceAll('"', '""')}"`;
  let ready = false;

  const isReady = async () => {
    const result = await deps.pool
      .query<{ ready: string | null }>(`SELECT value ->> 'is_ready' AS ready FROM ${schema}._ponder_meta WHERE key = 'app'`)
      .catch(() => ({ rows: [] as { ready: string | null }[] }));
    return result.rows[0]?.ready === "1";
  };

  const progress = async (): Promise<ChainProgress[]> => {
    const checkpoints = await deps.pool
      .query<{ chain_id: string; latest_checkpoint: string }>(`SELECT chain_id::text, latest_checkpoint FROM ${schema}._ponder_checkpoint`)
      .catch(() => ({ rows: [] as { chain_id: string; latest_checkpoint: string }[] }));
    const indexed = new Map(
      checkpoints.rows.map((row) => [Number(row.chain_id), checkpointBlock(row.latest_checkpoint)]),
    );
    return await Promise.all(
      indexedChains.map(async (chain) => ({
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
      if (ready) return;
      if (await isReady()) {
        ready = true;
        return;
      }
      const chains = await progress();
      const described = chains.map((chain) => {
        if (chain.indexedBlock === null) return `${chain.name} (${chain.id}) not started`;
        if (chain.headBlock === null || chain.headBlock <= 0) return `${chain.name} (${chain.id}) at block ${chain.indexedBlock}`;
        const percent = Math.min(100, Math.floor((chain.indexedBlock / chain.headBlock) * 100));
        return `${chain.name} (${chain.id}) at block ${chain.indexedBlock} of ${chain.headBlock} (${percent} %)`;
      });
      throw new NotReadyError(`The index is still catching up with the chain: ${described.join("; ")}. Queries answer once every chain is backfilled; try again shortly.`);
    },
  };
}
