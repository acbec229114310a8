import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * What the supervisor resolved at start-up (chain endpoints, deployed contract addresses), handed to the Ponder
 * process through one file so that the indexer config and the API see the same facts.
 */
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const addressString = z.string().regex(/^0x[0-9a-fA-F]{40}$/).transform((value) => value as `0x${string}`);

const coreAddressesSchema = z.object({
  erc6551Registry: addressString,
  accountImplementation: addressString,
  erc20Implementation: addressString,
  erc721Implementation: addressString,
  erc1155Implementation: addressString,
  tokenFactory: addressString,
});

const runtimeChainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rpcUrl: z.array(z.string()).min(1),
  wsUrl: z.string().optional(),
  explorerUrl: z.string().optional(),
  local: z.boolean(),
  startBlock: z.number().int(),
  pollingIntervalMs: z.number().int().optional(),
  /** As configured in the chains file (server/chain/chainsConfig.ts); absent: the pipeline's default for the chain. */
  finality: z.union([z.literal("finalized"), z.number().int().min(0)]).optional(),
  /** The provider's limits (server/chain/chainsConfig.ts, rpcLimitsOf); absent on the local chain: none. */
  rpcLimits: z.object({ getLogsBlockRange: z.number().int().positive(), requestsPerSecond: z.number().positive(), batchSize: z.number().int().positive() }).optional(),
  genesisHash: hex,
  core: coreAddressesSchema,
  /** Whether the core contracts (factory, registry, implementations) have code on this chain. */
  coreDeployed: z.boolean(),
  /**
   * Whether the ERC-6551 registry and tokenhub's account implementation have code: accounts need only these, which
   * every contract generation shares, so a chain that lacks only a newer generation's factory still serves them.
   */
  accountsDeployed: z.boolean(),
  contracts: z.array(
    z.object({ address: addressString, kind: z.enum(["erc20", "erc721", "erc1155"]), startBlock: z.number().int().optional() }),
  ),
  /**
   * Set when the chain's RPC did not answer at start-up: why. Such a chain is not indexed (Ponder cannot start with
   * it) and the API answers for it with 503 and this reason, until the supervisor restarts the indexer with it.
   */
  unavailable: z.string().optional(),
});

const mediaConfigSchema = z.object({
  maxBytes: z.number().int().positive(),
  allowedTypes: z.array(z.string()).min(1),
  s3: z
    .object({ bucket: z.string(), endpoint: z.string().optional(), region: z.string(), prefix: z.string(), forcePathStyle: z.boolean() })
    .nullable(),
});

/**
 * What a `tokenhub start` runs: `all` (the default: indexer, API, pipeline and background loops in one Ponder
 * process; while a changed index is built, the API beside it as `api` runs), `indexer` (Ponder's indexer, its HTTP answering /health, /ready, /status and /metrics only) or `api`
 * (Ponder's `serve` on the index schema's views with the API, the pipeline and the background loops; any number of them).
 */
export const ROLES = ["all", "indexer", "api"] as const;
export type Role = (typeof ROLES)[number];

const rateLimitPolicySchema = z.object({ perSecond: z.number().min(0), burst: z.number().int().positive() });

export const runtimeConfigSchema = z.object({
  role: z.enum(ROLES).default("all"),
  dataDir: z.string(),
  publicUrl: z.string(),
  indexSchema: z.string(),
  appSchema: z.string(),
  maxBodyBytes: z.number().int(),
  maxBatchSize: z.number().int(),
  /** Metadata writes to one collection within this window share one propagation transaction. */
  metadataPropagationWindowMs: z.number().int(),
  /** The longest a read waits for the index to include what it names (minBlock, afterOperation). */
  readWaitMs: z.number().int().min(0),
  /** The longest a write sent with `?wait=mined` or `?wait=final` waits for that before it answers. */
  writeWaitMs: z.number().int().min(0),
  media: mediaConfigSchema,
  logLevel: z.enum(["debug", "info", "warn", "error"]),
  logFormat: z.enum(["pretty", "json"]),
  shutdownGraceMs: z.number().int(),
  remoteMetadata: z.object({
    ipfsGateway: z.string(),
    timeoutMs: z.number().int(),
    maxBytes: z.number().int(),
    maxRedirects: z.number().int(),
    maxAttempts: z.number().int(),
    retryBaseMs: z.number().int(),
    allowPrivateAddresses: z.boolean(),
  }),
  transactions: z.object({ resubmitAfterMs: z.number().int(), maxFeePerGasCap: z.string().regex(/^\d+$/), rpcTimeoutMs: z.number().int(), maxJoinedCalls: z.number().int(), inFlightBlocks: z.number().int().positive(), maxInFlight: z.number().int().positive() }),
  chains: z.array(runtimeChainSchema),
  indexOverHttp: z.object({ public: z.boolean(), timeoutMs: z.number().int().positive(), connections: z.number().int().positive() }),
  /** The largest pools: Ponder's (its config reads it here) and the app store's. */
  connections: z.object({ index: z.number().int().min(5), app: z.number().int().min(2) }),
  /** Where /metrics and /status are served without a token; null: on the API port, to `admin` tokens. */
  metricsServer: z.object({ port: z.number().int(), host: z.string() }).nullable(),
  /** The indexer's credential for its own process's /metrics (its backfill's pace), new at each start. */
  operatorSecret: z.string().optional(),
  rateLimits: z.object({ read: rateLimitPolicySchema, write: rateLimitPolicySchema, upload: rateLimitPolicySchema, anonymous: rateLimitPolicySchema }),
  webhooks: z.object({
    timeoutMs: z.number().int().positive(),
    retryBaseMs: z.number().int().positive(),
    retryForMs: z.number().int().positive(),
    allowPrivateAddresses: z.boolean(),
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type MediaConfig = z.infer<typeof mediaConfigSchema>;
export type RuntimeChain = z.infer<typeof runtimeChainSchema>;
export type CoreAddresses = z.infer<typeof coreAddressesSchema>;

export const RUNTIME_FILE_ENV = "TOKENHUB_RUNTIME_FILE";

export function runtimeFilePath(dataDir: string): string {
  return path.join(dataDir, "runtime.json");
}

export function writeRuntimeConfig(file: string, config: RuntimeConfig): void {
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}

export function readRuntimeConfig(file: string): RuntimeConfig {
  return runtimeConfigSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
}
