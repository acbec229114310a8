import type pg from "pg";
import type { RuntimeConfig } from "../config/runtime.js";
import type { Logger } from "../logger.js";
import { type ChangeSource, runWhenChanged } from "./changeGate.js";
import { collectionDescriber } from "../services/collections/collectionDescriptions.js";
import { completeUncompletedClaims } from "../services/collections/createCollection.js";
import { attachMintedTokenMetadata } from "../services/metadata/mintedTokenMetadata.js";
import { propagateDueMetadata } from "../services/metadata/metadataPropagation.js";
import { attachPermitTokenMetadata } from "../services/metadata/permitTokenMetadata.js";
import { reopenRolledBackFinal } from "../chain/transactions/finalReorgCheck.js";
import { syncRemoteMetadata } from "../services/metadata/remoteMetadataSync.js";
import { purgeExpiredIdempotencyKeys } from "../services/projects/idempotency.js";
import type { ChainWriter } from "../services/transactions/chainWriter.js";
import type { StoreDb } from "../store/database/db.js";
import { purgeFullBuckets } from "../store/coordination/rateLimits.js";
import { purgeWebhookEvents } from "../store/webhookOutbox.js";

/** How long a pass that runs on the index's changes may go without running, for a change no notification told of. */
const UNANNOUNCED_CHANGE_MS = 2_000;

/** How long delivered (and failed) webhook events stay in the delivery log. */
const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * A background loop: its pass runs every `periodMs` (from the end of one pass to the start of the next). `lease`
 * says where: `one replica` runs it in the replica holding the lease named after the job (server/store/coordination/
 * leases.ts), so that work done once is done once; `every replica` runs it everywhere, for what each replica reports
 * about itself. The transaction pipeline's receipt pass is a loop too, one per chain under the lease
 * `receipts:<chainId>`, started by the pipeline (server/chain/transactions/pipeline.ts).
 */
export type BackgroundJob = { name: string; periodMs: number; lease: "one replica" | "every replica"; pass: () => Promise<unknown> };

export type BackgroundJobDeps = {
  runtime: RuntimeConfig;
  writer: ChainWriter;
  /** The app store's pool and its drizzle client. */
  pool: pg.Pool;
  store: StoreDb;
  /** The rate limits' own connection, which the bucket purge uses so as never to wait behind requests. */
  rateLimitPool: pg.Pool;
  logger: Logger;
  sampleMetrics: () => Promise<void>;
  /** True when it read every change the index had for it. */
  dispatchIndexEvents: () => Promise<boolean>;
  /** The index's changes as notified (the live-query channel of the schema the API reads: each block indexed live). */
  indexChanges: ChangeSource;
};

/** Every background loop of an API replica. */
export function backgroundJobs(deps: BackgroundJobDeps): BackgroundJob[] {
  const { runtime, writer, pool, store, logger } = deps;
  return [
    { name: "pipeline metrics", periodMs: 2_000, lease: "every replica", pass: deps.sampleMetrics },
    { name: "collection claims", periodMs: 5_000, lease: "one replica", pass: () => completeUncompletedClaims(writer, pool) },
    { name: "minted token metadata", periodMs: 500, lease: "one replica", pass: () => attachMintedTokenMetadata(pool, writer, logger) },
    {
      name: "remote metadata",
      periodMs: 1_000,
      lease: "one replica",
      pass: () =>
        syncRemoteMetadata({ pool, indexSchema: runtime.indexSchema, publicClient: (chainId) => writer.publicClient(chainId), settings: runtime.remoteMetadata, logger }),
    },
    {
      name: "metadata propagation",
      periodMs: 500,
      lease: "one replica",
      pass: () => propagateDueMetadata({ writer, store, windowMs: runtime.metadataPropagationWindowMs, logger: logger.child({ component: "metadata" }) }),
    },
    {
      name: "collection descriptions",
      periodMs: 5_000,
      lease: "one replica",
      pass: collectionDescriber({ pool, indexSchema: runtime.indexSchema, publicClient: (chainId) => writer.publicClient(chainId), logger }),
    },
    { name: "rolled-back final blocks", periodMs: 1_000, lease: "one replica", pass: () => reopenRolledBackFinal({ pool, writer, chains: runtime.chains }) },
    { name: "idempotency key purge", periodMs: 60_000, lease: "one replica", pass: () => purgeExpiredIdempotencyKeys(store) },
    { name: "permit token metadata", periodMs: 500, lease: "one replica", pass: () => attachPermitTokenMetadata(pool, runtime.indexSchema, logger) },
    {
      name: "webhook index events",
      periodMs: 200,
      lease: "one replica",
      pass: runWhenChanged(deps.indexChanges, deps.dispatchIndexEvents, { everyMs: UNANNOUNCED_CHANGE_MS }),
    },
    { name: "webhook event purge", periodMs: 3_600_000, lease: "one replica", pass: () => purgeWebhookEvents(pool, WEBHOOK_LOG_RETENTION_MS, 10_000) },
    { name: "rate limit bucket purge", periodMs: 60_000, lease: "one replica", pass: () => purgeFullBuckets(deps.rateLimitPool) },
  ];
}
