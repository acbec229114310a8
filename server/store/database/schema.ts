import { bigint, customType, index, pgSchema, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { boolean, integer, jsonb, numeric, unique } from "drizzle-orm/pg-core";

/** App-owned tables live in their own schema, beside (never inside) the schema Ponder owns. */
export const appSchema = pgSchema("tokenhub_app");

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export const projects = appSchema.table("projects", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const apiTokens = appSchema.table(
  "api_tokens",
  {
    id: uuid("id").primaryKey(),
    projectId: uuid("project_id").notNull().references(() => projects.id),
    name: text("name").notNull(),
    tokenHash: bytea("token_hash").notNull().unique(),
    tokenPrefix: text("token_prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_tokens_project_idx").on(t.projectId, t.createdAt)],
);

export const chainGenesis = appSchema.table("chain_genesis", {
  chainId: bigint("chain_id", { mode: "number" }).primaryKey(),
  genesisHash: text("genesis_hash").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const settings = appSchema.table("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Chat-platform users (Telegram, Discord) linked to addresses, per project: the `chatId` filter of token queries. */
export const chatLinks = appSchema.table(
  "chat_links",
  {
    projectId: uuid("project_id").notNull().references(() => projects.id),
    chatId: text("chat_id").notNull(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.chatId, t.address] })],
);

/** The next nonce each service signer hands out per chain (migration 0003 says why it is safe to trust). */
export const signerNonces = appSchema.table(
  "signer_nonces",
  {
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** The transaction outbox: one row per nonce used, written before broadcast. */
export const transactions = appSchema.table(
  "transactions",
  {
    id: uuid("id").primaryKey(),
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    signer: text("signer").notNull(),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "success", "failure"] }).notNull(),
    purpose: text("purpose").notNull(),
    projectId: uuid("project_id").references(() => projects.id),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    toAddress: text("to_address").notNull(),
    data: bytea("data").notNull(),
    value: numeric("value", { precision: 78, scale: 0 }).notNull().default("0"),
    gasLimit: bigint("gas_limit", { mode: "bigint" }).notNull(),
    minedHash: text("mined_hash"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    gasUsed: bigint("gas_used", { mode: "bigint" }),
    effectiveGasPrice: numeric("effective_gas_price", { precision: 78, scale: 0 }),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Its partial indexes (pending rows, per project) are in migration 0003; drizzle only reads and writes rows here.
  (t) => [unique().on(t.chainId, t.signer, t.nonce)],
);

/** Every signed version of a transaction: the first and each fee bump of the same nonce. */
export const transactionAttempts = appSchema.table(
  "transaction_attempts",
  {
    hash: text("hash").primaryKey(),
    transactionId: uuid("transaction_id").notNull().references(() => transactions.id),
    attempt: integer("attempt").notNull(),
    raw: bytea("raw").notNull(),
    maxFeePerGas: numeric("max_fee_per_gas", { precision: 78, scale: 0 }).notNull(),
    maxPriorityFeePerGas: numeric("max_priority_fee_per_gas", { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.transactionId, t.attempt)],
);

/** Private keys held for projects, sealed (migration 0020 and server/custody/envelope.ts): never a plaintext column. */
export const cloudKeys = appSchema.table(
  "cloud_keys",
  {
    id: uuid("id").primaryKey(),
    projectId: uuid("project_id").notNull().references(() => projects.id),
    address: text("address").notNull().unique(),
    customRef: text("custom_ref"),
    // Null for a key in a PKCS#11 token, which pkcs11Label names instead.
    encryptedPrivateKey: bytea("encrypted_private_key"),
    wrappedDataKey: bytea("wrapped_data_key"),
    masterKeyId: text("master_key_id"),
    pkcs11Label: text("pkcs11_label").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cloud_keys_project_idx").on(t.projectId, t.createdAt, t.id), index("cloud_keys_custom_ref_idx").on(t.projectId, t.customRef, t.createdAt, t.id)],
);

/** The one row naming the master key every cloud key is wrapped with. */
export const cloudKeyMaster = appSchema.table("cloud_key_master", {
  singleton: boolean("singleton").primaryKey().default(true),
  masterKeyId: text("master_key_id").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What the service read of collections the index could not describe (migration 0190; collectionDescriptions.ts). */
export const collectionDescriptions = appSchema.table(
  "collection_descriptions",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    name: text("name"),
    symbol: text("symbol"),
    decimals: integer("decimals"),
    transferable: boolean("transferable"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);
