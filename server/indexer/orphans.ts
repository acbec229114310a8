import path from "node:path";
import { stopOrphanFromPidFile } from "../processes.js";
import type { Progress } from "../runtime/chains.js";
import type { Store } from "../store/database/db.js";
import { FOLLOWER_DIR } from "./buildFollower.js";
import { INDEXER_BESIDE_DIR } from "./indexer.js";
import { PONDER_PID_FILE as PID_FILE } from "./ponderLaunch.js";
import { buildingDeployment } from "./store/indexDeployments.js";
import { releaseIndexLock } from "./store/indexReset.js";

/**
 * What a start that did not get to clean up left running, stopped before anything else touches the data: the Ponder
 * process, the indexer beside it while a changed index was built (indexer.ts), and the one that kept the answering
 * build following the chain meanwhile (buildFollower.ts). Returns whether an indexer was among them.
 */
export async function stopOrphanedPonders(dataDir: string, progress: Progress): Promise<{ indexer: boolean }> {
  const orphanedApi = await stopOrphanFromPidFile(path.join(dataDir, PID_FILE), "ponder");
  const orphanedIndexer = (await stopOrphanFromPidFile(path.join(dataDir, INDEXER_BESIDE_DIR, PID_FILE), "ponder")) ?? orphanedApi;
  if (orphanedIndexer !== undefined) progress("indexer", `stopped the indexer an earlier start left running (pid ${orphanedIndexer})`);
  const orphanedFollower = await stopOrphanFromPidFile(path.join(dataDir, FOLLOWER_DIR, PID_FILE), "ponder");
  if (orphanedFollower !== undefined) progress("indexer", `stopped the indexer of the answering build an earlier start left running (pid ${orphanedFollower})`);
  return { indexer: orphanedIndexer !== undefined };
}

/**
 * After an owner that did not stop in order: the lock its indexer left on the build it ran (Ponder's own unlock on
 * exit loses the race with its exit) would make this start wait for it to expire (about half a minute).
 */
export async function releaseOrphanedBuild(store: Store, indexSchema: string): Promise<void> {
  await releaseIndexLock(store.pool, (await buildingDeployment(store.db, indexSchema)) ?? indexSchema);
}
