import { db } from "ponder:api";
import { createRequire } from "node:module";
import { createPublicClient, http, parseEther, type PublicClient } from "viem";
import type { LocalAccount } from "viem/accounts";
import { ensureLocalSigner, loadSigners } from "../chain/signers.js";
import { createLoop } from "../chain/transactions/loop.js";
import { createTransactionPipeline } from "../chain/transactions/pipeline.js";
import { RUNTIME_FILE_ENV, readRuntimeConfig } from "../config/runtime.js";
import { createLogger } from "../logger.js";
import { createMediaStorage, removeAbandonedUploads } from "../services/mediaStorage.js";
import { attachMintedTokenMetadata } from "../services/mintedTokenMetadata.js";
import { createStore } from "../store/db.js";
import { migrateAppStore } from "../store/migrate.js";
import { createApp } from "./app.js";

/**
 * The composition root of the API process (Ponder loads this file): it reads what the supervisor resolved, opens the
 * app store, starts the transaction pipeline, and builds the app. Nothing else creates connections.
 */
const runtimeFile = process.env[RUNTIME_FILE_ENV];
if (!runtimeFile) throw new Error(`${RUNTIME_FILE_ENV} is not set: start the service with 'tokenhub start' (npm start).`);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is not set for the API process.");

const runtime = readRuntimeConfig(runtimeFile);
const logger = createLogger({ level: runtime.logLevel, fields: { component: "api" } });
const store = createStore(databaseUrl, { max: 20 });
await migrateAppStore(store.pool);

const configured = loadSigners(runtime.chains.map((chain) => chain.id));
const signers = new Map<number, LocalAccount[]>();
for (const chain of runtime.chains) {
  const keys = configured.get(chain.id) ?? [];
  signers.set(chain.id, keys.length === 0 && chain.local ? [await ensureLocalSigner(runtime.dataDir, chain.rpcUrl[0]!, { chainId: chain.id, fundAmount: parseEther("1000") })] : keys);
}
const pipeline = createTransactionPipeline({
  pool: store.pool,
  chains: runtime.chains.map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl, signers: signers.get(chain.id) ?? [] })),
  logger: logger.child({ component: "transactions" }),
});
await pipeline.start();
const publicClients = new Map<number, PublicClient>(
  runtime.chains.map((chain) => [chain.id, createPublicClient({ transport: http(chain.rpcUrl[0], { retryCount: 3 }) }) as PublicClient]),
);

const writer = {
  pipeline,
  runtime,
  signerAddresses: new Map([...signers].map(([chainId, accounts]) => [chainId, accounts.map((account) => account.address)])),
  publicClient: (chainId: number) => publicClients.get(chainId)!,
};
createLoop(() => attachMintedTokenMetadata(store.pool, writer, logger).then(() => undefined), {
  intervalMs: 500,
  name: "minted token metadata",
  logger,
}).start();

const mediaStorage = await createMediaStorage(runtime.media, runtime.dataDir);
const abandoned = removeAbandonedUploads(mediaStorage);
logger.info("media storage ready", { storage: mediaStorage.description, maxBytes: runtime.media.maxBytes, ...(abandoned > 0 ? { removedAbandonedUploads: abandoned } : {}) });

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export default createApp({
  store: store.db,
  indexDb: db,
  runtime,
  mediaStorage,
  logger,
  version,
  writer,
});
