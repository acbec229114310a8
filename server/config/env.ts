import path from "node:path";
import { parseGwei } from "viem";
import { z } from "zod";
import { ConfigError } from "../errors.js";
import { didYouMean } from "./nearestName.js";
import { PKCS11_VARIABLES } from "./pkcs11.js";

/** What uploads accept unless configured otherwise: images, video, audio, glTF (binary and JSON) and JSON. */
export const DEFAULT_MEDIA_TYPES = ["image/*", "video/*", "audio/*", "model/gltf-binary", "model/gltf+json", "application/json"];

/**
 * Every environment variable the service reads, in one schema: docs/configuration.md and `.env.example` document exactly these.
 */
const envSchema = z.object({
  TOKENHUB_DATA_DIR: z.string().min(1).default("./.tokenhub"),
  PORT: z.coerce.number().int().min(0).max(65535).default(42069),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  TOKENHUB_INDEX_SCHEMA: z
    .string()
    // Each build of the index is a schema named after it with 9 more characters, within Ponder's 45.
    .regex(/^[a-z_][a-z0-9_]{0,35}$/, "lowercase letters, digits and _, at most 36 characters")
    .default("tokenhub_index"),
  TOKENHUB_INDEX_VERSION: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/, "letters, digits, '.', '_' and '-', at most 40").default("1"),
  TOKENHUB_CHAINS_FILE: z.string().min(1).optional(),
  TOKENHUB_ADMIN_TOKEN: z.string().min(24, "at least 24 characters").optional(),
  TOKENHUB_LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // pretty: readable in a terminal; json: one JSON object per line on every stream (Ponder's lines included).
  TOKENHUB_LOG_FORMAT: z.enum(["pretty", "json"]).default("pretty"),
  TOKENHUB_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  TOKENHUB_MAX_BODY_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  TOKENHUB_MAX_BATCH_SIZE: z.coerce.number().int().positive().max(5000).default(500),
  TOKENHUB_IPFS_GATEWAY: z.url().default("https://ipfs.io/ipfs/"),
  TOKENHUB_METADATA_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TOKENHUB_METADATA_FETCH_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  TOKENHUB_METADATA_FETCH_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  TOKENHUB_METADATA_FETCH_RETRY_MS: z.coerce.number().int().positive().default(30_000),
  TOKENHUB_METADATA_FETCH_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  TOKENHUB_TX_RESUBMIT_AFTER_MS: z.coerce.number().int().positive().default(60_000),
  TOKENHUB_TX_MAX_FEE_GWEI: z
    .string()
    .regex(/^\d+(\.\d{1,9})?$/, "a number of gwei, at most 9 decimals")
    .default("1000"),
  TOKENHUB_TX_RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TOKENHUB_TX_MAX_JOINED_CALLS: z.coerce.number().int().positive().max(500).default(50),
  TOKENHUB_TX_IN_FLIGHT_BLOCKS: z.coerce.number().int().positive().max(100).default(3),
  TOKENHUB_TX_MAX_IN_FLIGHT: z.coerce.number().int().positive().max(10_000).default(48),
  TOKENHUB_METADATA_PROPAGATION_WINDOW_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  // One PutObject carries at most 5 GiB.
  TOKENHUB_MEDIA_MAX_BYTES: z.coerce.number().int().positive().max(5 * 1024 ** 3).default(50 * 1024 * 1024),
  TOKENHUB_MEDIA_TYPES: z
    .string()
    .default(DEFAULT_MEDIA_TYPES.join(","))
    .transform((value) => value.split(",").map((type) => type.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9.+-]+\/(\*|[a-z0-9.+-]+)$/, "comma-separated MIME types; type/* allowed")).min(1)),
  TOKENHUB_MEDIA_S3_BUCKET: z.string().min(1).optional(),
  TOKENHUB_MEDIA_S3_ENDPOINT: z.url().optional(),
  TOKENHUB_MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
  TOKENHUB_MEDIA_S3_PREFIX: z.string().default("media/"),
  TOKENHUB_MEDIA_S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  TOKENHUB_PUBLIC_INDEX: z.enum(["true", "false"]).default("false"),
  TOKENHUB_SQL_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  TOKENHUB_READ_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  TOKENHUB_WRITE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  TOKENHUB_SQL_CONNECTIONS: z.coerce.number().int().positive().max(100).default(2),
  // Ponder takes 2 for itself and, when it indexes, splits the rest in three (indexing, sync, reads): 5 is its least.
  TOKENHUB_INDEX_CONNECTIONS: z.coerce.number().int().min(5, "at least 5").max(1000).default(30),
  TOKENHUB_DB_CONNECTIONS: z.coerce.number().int().min(2, "at least 2").max(1000).default(20),
  TOKENHUB_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  TOKENHUB_RATE_LIMIT_READ_PER_SECOND: z.coerce.number().min(0).default(2000),
  TOKENHUB_RATE_LIMIT_READ_BURST: z.coerce.number().int().positive().default(10_000),
  TOKENHUB_RATE_LIMIT_WRITE_PER_SECOND: z.coerce.number().min(0).default(2000),
  TOKENHUB_RATE_LIMIT_WRITE_BURST: z.coerce.number().int().positive().default(10_000),
  TOKENHUB_RATE_LIMIT_UPLOAD_PER_SECOND: z.coerce.number().min(0).default(20),
  TOKENHUB_RATE_LIMIT_UPLOAD_BURST: z.coerce.number().int().positive().default(200),
  TOKENHUB_RATE_LIMIT_ANONYMOUS_PER_SECOND: z.coerce.number().min(0).default(500),
  TOKENHUB_RATE_LIMIT_ANONYMOUS_BURST: z.coerce.number().int().positive().default(5000),
  TOKENHUB_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(10_000),
  TOKENHUB_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000),
  TOKENHUB_WEBHOOK_RETRY_FOR_MS: z.coerce.number().int().positive().default(24 * 3_600_000),
  TOKENHUB_WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
});

/**
 * Where uploaded media lives: the data directory, or an S3-compatible bucket. S3 credentials are not settings: the
 * AWS SDK reads them from its usual places (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance
 * role), so they never reach runtime.json.
 */
export type MediaSettings = {
  maxBytes: number;
  allowedTypes: string[];
  s3: { bucket: string; endpoint: string | undefined; region: string; prefix: string; forcePathStyle: boolean } | null;
};

export type Settings = {
  dataDir: string;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  indexSchema: string;
  /** Part of the index's fingerprint: another value builds the index anew, beside the one that answers. */
  indexVersion: string;
  appSchema: string;
  chainsFile: string | undefined;
  adminToken: string | undefined;
  logLevel: "debug" | "info" | "warn" | "error";
  logFormat: "pretty" | "json";
  /** How long a stop lets requests in flight finish before it stops the pipeline and the indexer. */
  shutdownGraceMs: number;
  maxBodyBytes: number;
  maxBatchSize: number;
  remoteMetadata: RemoteMetadataSettings;
  metadataPropagationWindowMs: number;
  /** The longest a read waits for the index to include what it names (minBlock, afterOperation). */
  readWaitMs: number;
  /** The longest a write sent with `?wait=mined` or `?wait=final` waits for that before it answers. */
  writeWaitMs: number;
  transactions: TransactionSettings;
  media: MediaSettings;
  indexOverHttp: IndexOverHttpSettings;
  connections: ConnectionSettings;
  /** Where /metrics and /status are served without a token; absent: on the API port, to `admin` tokens. */
  metricsPort: number | undefined;
  rateLimits: RateLimitSettings;
  webhooks: WebhookSettings;
};

/** How webhook deliveries are made (server/services/webhooks/webhookDelivery.ts) and which URLs endpoints may have. */
export type WebhookSettings = {
  /** One attempt's deadline: connecting, sending, and the receiver's status. */
  timeoutMs: number;
  /** The first retry's delay, doubled after each failure (at most an hour), with jitter. */
  retryBaseMs: number;
  /** How long a delivery is retried before it fails and its endpoint is marked failing. */
  retryForMs: number;
  /** Endpoints may be on special-use addresses (loopback, private...). */
  allowPrivateAddresses: boolean;
};

/** GraphQL and SQL over HTTP (`/graphql`, `/sql/*`): who may query, and how long and how many at once. */
export type IndexOverHttpSettings = { public: boolean; timeoutMs: number; connections: number };

/**
 * The largest pools a process opens on PostgreSQL (docs/deploy.md counts every connection of each role): Ponder's
 * (indexing, and the REST routes' index reads) and the app store's (requests' own reads and writes).
 */
export type ConnectionSettings = { index: number; app: number };

/** A token bucket: `burst` requests at once, refilled at `perSecond`; 0 per second means no limit. */
export type RateLimitPolicy = { perSecond: number; burst: number };

/** Per API token for reads, writes and uploads; per client address for requests without a valid token. */
export type RateLimitSettings = { read: RateLimitPolicy; write: RateLimitPolicy; upload: RateLimitPolicy; anonymous: RateLimitPolicy };

/** The transaction pipeline's knobs an operator may turn (server/chain/transactions/options.ts has the rest). */
export type TransactionSettings = {
  resubmitAfterMs: number;
  /** Wei, as a decimal string (the runtime file is JSON). */
  maxFeePerGasCap: string;
  rpcTimeoutMs: number;
  maxJoinedCalls: number;
  /** Blocks' worth of gas a signer keeps in flight. */
  inFlightBlocks: number;
  /** Most transactions a signer keeps in flight. */
  maxInFlight: number;
};

/** How external contracts' remote token metadata is fetched (server/services/metadata/remoteMetadataSync.ts). */
export type RemoteMetadataSettings = {
  ipfsGateway: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  maxAttempts: number;
  retryBaseMs: number;
  allowPrivateAddresses: boolean;
};

/** The app store's schema is fixed: the index schema may change with the indexing code, the app's data never does. */
export const APP_SCHEMA = "tokenhub_app";

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.TOKENHUB_DATA_DIR);
  return {
    dataDir,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    indexSchema: e.TOKENHUB_INDEX_SCHEMA,
    indexVersion: e.TOKENHUB_INDEX_VERSION,
    appSchema: APP_SCHEMA,
    chainsFile: e.TOKENHUB_CHAINS_FILE ? path.resolve(e.TOKENHUB_CHAINS_FILE) : undefined,
    adminToken: e.TOKENHUB_ADMIN_TOKEN,
    logLevel: e.TOKENHUB_LOG_LEVEL,
    logFormat: e.TOKENHUB_LOG_FORMAT,
    shutdownGraceMs: e.TOKENHUB_SHUTDOWN_GRACE_MS,
    maxBodyBytes: e.TOKENHUB_MAX_BODY_BYTES,
    maxBatchSize: e.TOKENHUB_MAX_BATCH_SIZE,
    remoteMetadata: {
      ipfsGateway: e.TOKENHUB_IPFS_GATEWAY.endsWith("/") ? e.TOKENHUB_IPFS_GATEWAY : `${e.TOKENHUB_IPFS_GATEWAY}/`,
      timeoutMs: e.TOKENHUB_METADATA_FETCH_TIMEOUT_MS,
      maxBytes: e.TOKENHUB_METADATA_FETCH_MAX_BYTES,
      maxRedirects: 5,
      maxAttempts: e.TOKENHUB_METADATA_FETCH_MAX_ATTEMPTS,
      retryBaseMs: e.TOKENHUB_METADATA_FETCH_RETRY_MS,
      allowPrivateAddresses: e.TOKENHUB_METADATA_FETCH_ALLOW_PRIVATE === "true",
    },
    metadataPropagationWindowMs: e.TOKENHUB_METADATA_PROPAGATION_WINDOW_MS,
    readWaitMs: e.TOKENHUB_READ_WAIT_MS,
    writeWaitMs: e.TOKENHUB_WRITE_WAIT_MS,
    transactions: {
      resubmitAfterMs: e.TOKENHUB_TX_RESUBMIT_AFTER_MS,
      maxFeePerGasCap: parseGwei(e.TOKENHUB_TX_MAX_FEE_GWEI).toString(),
      rpcTimeoutMs: e.TOKENHUB_TX_RPC_TIMEOUT_MS,
      maxJoinedCalls: e.TOKENHUB_TX_MAX_JOINED_CALLS,
      inFlightBlocks: e.TOKENHUB_TX_IN_FLIGHT_BLOCKS,
      maxInFlight: e.TOKENHUB_TX_MAX_IN_FLIGHT,
    },
    media: {
      maxBytes: e.TOKENHUB_MEDIA_MAX_BYTES,
      allowedTypes: e.TOKENHUB_MEDIA_TYPES,
      s3: e.TOKENHUB_MEDIA_S3_BUCKET
        ? {
            bucket: e.TOKENHUB_MEDIA_S3_BUCKET,
            endpoint: e.TOKENHUB_MEDIA_S3_ENDPOINT,
            region: e.TOKENHUB_MEDIA_S3_REGION,
            prefix: e.TOKENHUB_MEDIA_S3_PREFIX,
            // Self-hosted S3-compatible servers rarely have per-bucket DNS names; AWS itself prefers virtual hosts.
            forcePathStyle: (e.TOKENHUB_MEDIA_S3_FORCE_PATH_STYLE ?? (e.TOKENHUB_MEDIA_S3_ENDPOINT ? "true" : "false")) === "true",
          }
        : null,
    },
    indexOverHttp: { public: e.TOKENHUB_PUBLIC_INDEX === "true", timeoutMs: e.TOKENHUB_SQL_TIMEOUT_MS, connections: e.TOKENHUB_SQL_CONNECTIONS },
    connections: { index: e.TOKENHUB_INDEX_CONNECTIONS, app: e.TOKENHUB_DB_CONNECTIONS },
    metricsPort: e.TOKENHUB_METRICS_PORT,
    rateLimits: {
      read: { perSecond: e.TOKENHUB_RATE_LIMIT_READ_PER_SECOND, burst: e.TOKENHUB_RATE_LIMIT_READ_BURST },
      write: { perSecond: e.TOKENHUB_RATE_LIMIT_WRITE_PER_SECOND, burst: e.TOKENHUB_RATE_LIMIT_WRITE_BURST },
      upload: { perSecond: e.TOKENHUB_RATE_LIMIT_UPLOAD_PER_SECOND, burst: e.TOKENHUB_RATE_LIMIT_UPLOAD_BURST },
      anonymous: { perSecond: e.TOKENHUB_RATE_LIMIT_ANONYMOUS_PER_SECOND, burst: e.TOKENHUB_RATE_LIMIT_ANONYMOUS_BURST },
    },
    webhooks: {
      timeoutMs: e.TOKENHUB_WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.TOKENHUB_WEBHOOK_RETRY_BASE_MS,
      retryForMs: e.TOKENHUB_WEBHOOK_RETRY_FOR_MS,
      allowPrivateAddresses: e.TOKENHUB_WEBHOOK_ALLOW_PRIVATE === "true",
    },
  };
}

/** TOKENHUB_* variables read outside this schema (server/chain/signers.ts, server/custody/masterKey.ts, the supervisor). */
const OTHER_VARIABLES = [
  "TOKENHUB_SIGNER_KEYS",
  "TOKENHUB_SIGNER_KEY_FILE",
  "TOKENHUB_MASTER_KEY",
  "TOKENHUB_MASTER_KEY_FILE",
  "TOKENHUB_RUNTIME_FILE",
  "TOKENHUB_SIGNER_PKCS11_KEYS",
  // server/config/pkcs11.ts
  ...PKCS11_VARIABLES,
];
/** `TOKENHUB_SIGNER_KEYS_<chainId>`, `TOKENHUB_SIGNER_PKCS11_KEYS_<chainId>`: one chain's signers. */
const PER_CHAIN_VARIABLE = /^TOKENHUB_SIGNER_(PKCS11_)?KEYS_\d+$/;

/**
 * One warning per TOKENHUB_* variable the service does not read (decisions.md, "Configuration is strict"): a typo
 * such as TOKENHUB_LOG_LEVLE would otherwise be ignored without a word.
 */
export function unknownVariableWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const known = [...Object.keys(envSchema.shape).filter((name) => name.startsWith("TOKENHUB_")), ...OTHER_VARIABLES];
  return Object.keys(env)
    .filter((name) => name.startsWith("TOKENHUB_") && !known.includes(name) && !PER_CHAIN_VARIABLE.test(name))
    .sort()
    .map((name) => `${name} is not a tokenhub setting and is ignored${didYouMean(name, known)}`);
}
