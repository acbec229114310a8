import { bigint, customType, index, pgSchema, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
