import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import type pg from "pg";
import type { db } from "ponder:api";
import { parseEther, type PublicClient } from "viem";
import type { LocalAccount } from "viem/accounts";
import { servicePublicClient, serviceRpcLimits } from "./chain/rpc/serviceRpc.js";
import { ensureLocalSigner, fundOnLocalChain, loadSigners } from "./chain/signers.js";
import { createTransactionPipeline } from "./chain/transactions/pipeline.js";
import { loadPkcs11Config, pkcs11SignerLabels } from "./config/pkcs11.js";
import type { RuntimeConfig } from "./config/runtime.js";
import { pkcs11Signer } from "./custody/pkcs11Account.js";
import { openPkcs11Token } from "./custody/pkcs11Token.js";
import { createCloudKeyCustody } from "./custody/cloudKeyCustody.js";
import { createKeyVault } from "./custody/keyVault.js";
import { resolveMasterKey } from "./custody/masterKey.js";
import { createLogger } from "./logger.js";
import { createApiTokenCache } from "./services/projects/apiTokenCache.js";
import { createIndexFreshness } from "./services/chains/indexFreshness.js";
import { createIndexReadiness } from "./indexer/indexReadiness.js";
import { createMediaStorage, removeAbandonedUploads } from "./services/media/mediaStorage.js";
import { createMetrics, pipelineObserver } from "./services/observability/metrics.js";
import { ponderRegistry } from "./indexer/ponderRuntime.js";
import { createPipelineMetrics } from "./services/observability/pipelineMetrics.js";
import { createRateLimiter } from "./services/projects/rateLimiter.js";
import { createActivityDispatcher } from "./services/webhooks/activityEvents.js";
import { createTransactionEvents } from "./services/webhooks/transactionEvents.js";
import { createWebhookDeliverer } from "./services/webhooks/webhookDelivery.js";
import { sealPlainTextWebhookSecrets } from "./services/webhooks/webhookSecrets.js";
import { createStore } from "./store/database/db.js";
import { createIndexQueryPool, routePonderIndexQueries } from "./indexer/store/indexQueryPool.js";
import { buildingDeployment, indexChangeChannel } from "./indexer/store/indexDeployments.js";
import { listenForChanges } from "./store/coordination/changeNotifications.js";
import { readIndexProgress } from "./indexer/store/indexProgressReport.js";
import { migrateAppStore } from "./store/database/migrate.js";
import { createApp } from "./http/app.js";
import { backgroundJobs } from "./jobs/backgroundJobs.js";
import { startJobs } from "./jobs/startJobs.js";
import { retryReadsPastLockTimeout } from "./store/database/lockTimeouts.js";
import { applyHttpServerDefaults } from "./indexer/httpServerDefaults.js";
import { createOperatorAnswers, divertOperatorRoutes } from "./indexer/operatorRoutes.js";
import { startMetricsServer } from "./http/metricsServer.js";
import { createApiLifecycle } from "./http/shutdown.js";

/**
 * The composition root of the API process (role `all` or `api`): opens the app store, starts the transaction
 * pipeline, webhook deliveries and the background jobs (server/jobs/backgroundJobs.ts lists them with their lease and
 * period), and builds the app. Nothing else creates connections, processes or loops, and each registers its stop here.
 *
 * Replicas: the pipeline's receipt pass runs per chain in the replica holding its lease, a signer's lock orders its
 * broadcasts (server/chain/transactions/pipeline.ts), and a replica that dies hands its leases over within LEASE_MS.
 */
export async function composeApi(runtime: RuntimeConfig, databaseUrl: string, indexDb: typeof db) {
  const { version } = createRequire(import.meta.url)("../package.json") as { version: string };
  const logger = createLogger({ level: runtime.logLevel, format: runtime.logFormat, fields: { component: "api" } });
  // Whatever is created below registers how it stops; the steps run in reverse order once requests have drained.
  const lifecycle = createApiLifecycle({ logger, graceMs: runtime.shutdownGraceMs });
  lifecycle.installSignalHandlers();
  // The REST routes read the index on Ponder's read-only pool: a read that gave up on a lock the indexer held is run again.
  retryReadsPastLockTimeout((indexDb as unknown as { $client: pg.Pool }).$client);
  /** This process's name in the leases it holds (and in the database's list of them, for an operator). */
  const replica = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const store = createStore(databaseUrl, { max: runtime.connections.app, name: "tokenhub_app" });
  lifecycle.onShutdown("the app store pool", () => store.close());
  await migrateAppStore(store.pool);
  // The pipeline records each signer's batches one after another: behind hundreds of request queries in a shared pool,
  // every batch would wait its turn, and so would every request in it.
  const pipelineStore = createStore(databaseUrl, { max: 4, name: "tokenhub_pipeline" });
  lifecycle.onShutdown("the pipeline's pool", () => pipelineStore.close());

  const chainIds = runtime.chains.map((chain) => chain.id);
  const configured = loadSigners(chainIds);
  const inToken = pkcs11SignerLabels(chainIds);
  const pkcs11 = loadPkcs11Config(inToken);
  // One token object per process: a PKCS#11 login belongs to the whole process, shared by the signers and cloud keys.
  const token = pkcs11.token ? openPkcs11Token(pkcs11.token) : undefined;
  if (token) lifecycle.onShutdown("the PKCS#11 token's sessions", async () => token.close());
  const signers = new Map<number, LocalAccount[]>();
  for (const chain of runtime.chains) {
    const labels = inToken.get(chain.id) ?? [];
    const funding = { chainId: chain.id, fundAmount: parseEther("1000") };
    if (labels.length > 0) {
      const accounts = await Promise.all(labels.map((label) => pkcs11Signer(token!, label)));
      if (chain.local) for (const account of accounts) await fundOnLocalChain(account, chain.rpcUrl[0]!, funding);
      signers.set(chain.id, accounts);
      continue;
    }
    const keys = configured.get(chain.id) ?? [];
    signers.set(chain.id, keys.length === 0 && chain.local ? [await ensureLocalSigner(runtime.dataDir, chain.rpcUrl[0]!, funding)] : keys);
  }
  const metrics = createMetrics(ponderRegistry());
  const rpcLimits = new Map(runtime.chains.map((chain) => [chain.id, serviceRpcLimits(chain)]));
  const pipeline = createTransactionPipeline({
    pool: pipelineStore.pool,
    chains: runtime.chains.map((chain) => ({
      id: chain.id,
      rpcUrl: chain.rpcUrl,
      signers: signers.get(chain.id) ?? [],
      finality: chain.finality,
      local: chain.local,
      rpcLimits: rpcLimits.get(chain.id),
    })),
    logger: logger.child({ component: "transactions" }),
    replica,
    observer: pipelineObserver(metrics),
    // The webhooks' outbox is written with each change of a transaction's state, in its database transaction.
    events: createTransactionEvents({ runtime, retryForMs: runtime.webhooks.retryForMs }),
    options: {
      resubmitAfterMs: runtime.transactions.resubmitAfterMs,
      maxFeePerGasCap: BigInt(runtime.transactions.maxFeePerGasCap),
      rpcTimeoutMs: runtime.transactions.rpcTimeoutMs,
      maxJoinedCalls: runtime.transactions.maxJoinedCalls,
      inFlightBlocks: runtime.transactions.inFlightBlocks,
      maxInFlight: runtime.transactions.maxInFlight,
    },
  });
  await pipeline.start();
  lifecycle.onShutdown("the transaction pipeline", () => pipeline.stop());
  const publicClients = new Map<number, PublicClient>(
    runtime.chains.map((chain) => [chain.id, servicePublicClient(chain, rpcLimits.get(chain.id))]),
  );

  const pipelineMetrics = createPipelineMetrics({
    pool: store.pool,
    metrics,
    chains: runtime.chains.map((chain) => ({ id: chain.id, signers: (signers.get(chain.id) ?? []).map((account) => account.address), publicClient: publicClients.get(chain.id)! })),
  });
  const writer = {
    pipeline: pipelineMetrics.instrument(pipeline),
    runtime,
    signerAddresses: new Map([...signers].map(([chainId, accounts]) => [chainId, accounts.map((account) => account.address)])),
    signerAccounts: signers,
    publicClient: (chainId: number) => publicClients.get(chainId)!,
  };
  const readiness = createIndexReadiness({
    pool: store.pool,
    indexSchema: runtime.indexSchema,
    // A replica reads the index schema's views; `all` reads the build its Ponder runs.
    buildingSchema: async () => (runtime.role === "api" ? await buildingDeployment(store.db, runtime.indexSchema) : runtime.indexSchema),
    chains: runtime.chains,
    // A slow RPC must not hold up the answer that the index is not ready: without a head the progress has no total.
    headBlock: (chainId) =>
      Promise.race([
        publicClients.get(chainId)!.getBlockNumber({ cacheTime: 1_000 }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("head block timed out")), 2_000).unref()),
      ]),
    progressReport: () => readIndexProgress(store.db, runtime.indexSchema),
  });

  const freshness = createIndexFreshness({
    pool: store.pool,
    store: store.db,
    indexSchema: runtime.indexSchema,
    waitMs: runtime.readWaitMs,
    chains: runtime.chains,
    publicClient: (chainId) => publicClients.get(chainId)!,
  });

  const activityDispatcher = createActivityDispatcher({
    pool: store.pool,
    indexSchema: runtime.indexSchema,
    chainIds: runtime.chains.filter((chain) => chain.unavailable === undefined).map((chain) => chain.id),
    retryForMs: runtime.webhooks.retryForMs,
  });
  // The supervisor generated the data directory's master key, if one was needed, before starting this process.
  const vault = createKeyVault(() => resolveMasterKey(runtime.dataDir, { create: false }));
  const sealed = await sealPlainTextWebhookSecrets(store.pool, vault);
  if (sealed > 0) logger.info("sealed the webhook secrets an earlier release stored in plain text", { endpoints: sealed });
  // Every replica delivers (claims are SKIP LOCKED): stopped before the pools, giving back what it holds.
  const deliverer = createWebhookDeliverer({ pool: store.pool, vault, settings: runtime.webhooks, logger: logger.child({ component: "webhooks" }), userAgent: `tokenhub-webhooks/${version}` });
  deliverer.start();
  lifecycle.onShutdown("the webhook deliveries", () => deliverer.stop());
  const mediaStorage = await createMediaStorage(runtime.media, runtime.dataDir);
  const abandoned = removeAbandonedUploads(mediaStorage);
  logger.info("media storage ready", { storage: mediaStorage.description, maxBytes: runtime.media.maxBytes, ...(abandoned > 0 ? { removedAbandonedUploads: abandoned } : {}) });


  const apiTokens = createApiTokenCache({ connectionString: databaseUrl, logger: logger.child({ component: "auth" }) });
  lifecycle.onShutdown("the API token listener", () => apiTokens.close());

  const indexQueryPool = createIndexQueryPool(databaseUrl, {
    indexSchema: runtime.indexSchema,
    timeoutMs: runtime.indexOverHttp.timeoutMs,
    connections: runtime.indexOverHttp.connections,
  });
  routePonderIndexQueries(indexQueryPool);
  lifecycle.onShutdown("the pool of GraphQL and SQL over HTTP", () => indexQueryPool.close());
  // Every request takes from its rate limit before anything else: on a connection of its own, so that it never waits
  // behind the requests' queries (the limiter sends one statement at a time). Its commits do not wait for the WAL's
  // flush to disk, which every request would wait for: a crash loses at most the last fraction of a second of takes,
  // whose buckets are then fuller than they were.
  const rateLimitStore = createStore(databaseUrl, { max: 1, name: "tokenhub_rate_limits", sessionSettings: { synchronous_commit: "off" } });
  lifecycle.onShutdown("the rate limits' pool", () => rateLimitStore.close());
  // Its own connection, which the loops that read the index's changes ask before they query for them.
  const indexChanges = listenForChanges({ connectionString: databaseUrl, channel: await indexChangeChannel(runtime.indexSchema), logger: logger.child({ component: "index changes" }) });
  lifecycle.onShutdown("the index change listener", () => indexChanges.close());
  // Started last, so that they stop first: each after its pass in progress, before what their passes use.
  const jobs = backgroundJobs({
    runtime,
    writer,
    pool: store.pool,
    store: store.db,
    rateLimitPool: rateLimitStore.pool,
    logger,
    sampleMetrics: pipelineMetrics.sample,
    dispatchIndexEvents: () => activityDispatcher.pass(),
    indexChanges,
  });
  startJobs(jobs, { pool: store.pool, replica, metrics, lifecycle, logger });
  // Before Ponder listens (it does once this app is loaded), and before the metrics port below.
  applyHttpServerDefaults();
  // Ponder's /metrics and /status go to the app's operator routes (behind a token) or the metrics port, never the
  // public. Not undone at shutdown: Ponder would answer them again while the process drains.
  const operatorAnswers = createOperatorAnswers({ pool: store.pool, indexSchema: runtime.indexSchema });
  const metricsServer = runtime.metricsServer ? startMetricsServer({ ...runtime.metricsServer, answers: operatorAnswers }) : undefined;
  if (metricsServer) lifecycle.onShutdown("the metrics port", () => new Promise((resolve) => metricsServer.close(() => resolve())));
  divertOperatorRoutes({ except: metricsServer ? [metricsServer] : [] });

  return createApp({
    store: store.db,
    apiTokens,
    lifecycle,
    indexDb,
    runtime,
    mediaStorage,
    logger,
    version,
    writer,
    readiness,
    freshness,
    vault,
    cloudKeys: createCloudKeyCustody(vault, pkcs11.cloudKeys, token),
    metrics,
    rateLimiter: createRateLimiter({ pool: rateLimitStore.pool, logger: logger.child({ component: "rate limits" }) }),
    operator: { answers: operatorAnswers, metricsPort: metricsServer !== undefined, operatorSecret: runtime.operatorSecret },
  });
}
