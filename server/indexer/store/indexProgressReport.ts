import type { NotReadyProgress } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { getSetting } from "./indexState.js";

/** One chain's backfill progress, as the indexer last sampled it (server/indexer/indexProgress.ts). */
export type ChainBackfillProgress = NotReadyProgress;

export type IndexProgress = { build: string; sampledAt: string; chains: ChainBackfillProgress[] };

/** The app store setting holding the progress of the build the indexer of `indexSchema` runs. */
export function indexProgressKey(indexSchema: string): string {
  return `index_progress:${indexSchema}`;
}

export async function readIndexProgress(db: StoreDb, indexSchema: string): Promise<IndexProgress | undefined> {
  const value = await getSetting(db, indexProgressKey(indexSchema));
  return value === undefined ? undefined : (JSON.parse(value) as IndexProgress);
}
