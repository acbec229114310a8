import { and, eq, inArray, sql } from "drizzle-orm";
import { bigint, boolean, foreignKey, integer, jsonb, numeric, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ContractVersion } from "../chain/contractGenerations.js";
import type { StoreDb } from "./database/db.js";
import { insertOperationWithoutSending } from "./operations.js";
import { appSchema, projects } from "./database/schema.js";
import { tokenMetadata } from "./tokenMetadata.js";

export const projectCollections = appSchema.table(
  "project_collections",
  {
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    projectId: uuid("project_id").notNull().references(() => projects.id),
    kind: text("kind").$type<"erc20" | "erc721" | "erc1155">().notNull(),
    source: text("source").$type<"created" | "imported">().notNull(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    decimals: integer("decimals"),
    transferable: boolean("transferable").notNull().default(true),
    defaultMetadata: jsonb("default_metadata"),
    transactionHash: text("transaction_hash"),
    /** Which generation of tokenhub's contracts it speaks (migration 0090). */
    contractVersion: smallint("contract_version").$type<ContractVersion>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

export const erc1155TokenTypes = appSchema.table(
  "erc1155_token_types",
  {
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    tokenId: numeric("token_id", { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address, t.tokenId] }),
    foreignKey({ columns: [t.chainId, t.address], foreignColumns: [projectCollections.chainId, projectCollections.address] }),
  ],
);

export type ProjectCollection = typeof projectCollections.$inferSelect;

export async function insertProjectCollection(db: StoreDb, row: typeof projectCollections.$inferInsert): Promise<ProjectCollection> {
  const [inserted] = await db.insert(projectCollections).values(row).returning();
  return inserted!;
}

export async function findProjectCollection(db: StoreDb, chainId: number, address: string): Promise<ProjectCollection | undefined> {
  const [row] = await db.select().from(projectCollections).where(and(eq(projectCollections.chainId, chainId), eq(projectCollections.address, address)));
  return row;
}

/**
 * The next ERC-1155 token id of a collection, allocated under a row lock so concurrent creations never share one;
 * its metadata, if any, becomes the token's own metadata, and the request its operation, in the same transaction.
 */
export async function createTokenType(
  db: StoreDb,
  type: { chainId: number; address: string; projectId: string; metadata: object | undefined; operationId: string },
): Promise<bigint> {
  const { chainId, address, projectId, metadata } = type;
  return await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM tokenhub_app.project_collections WHERE chain_id = ${chainId} AND address = ${address} FOR UPDATE`);
    const [row] = await tx
      .select({ next: sql<string>`coalesce(max(${erc1155TokenTypes.tokenId}), 0) + 1` })
      .from(erc1155TokenTypes)
      .where(and(eq(erc1155TokenTypes.chainId, chainId), eq(erc1155TokenTypes.address, address)));
    const tokenId = BigInt(row!.next);
    await tx.insert(erc1155TokenTypes).values({ chainId, address, tokenId: tokenId.toString() });
    if (metadata !== undefined) {
      await tx.insert(tokenMetadata).values({ chainId, address: address.toLowerCase(), tokenId: tokenId.toString(), projectId, metadata });
    }
    await insertOperationWithoutSending(tx, { id: type.operationId, projectId, chainId, purpose: "erc1155.createTokenType" });
    return tokenId;
  });
}

export async function tokenTypesExist(db: StoreDb, chainId: number, address: string, tokenIds: bigint[]): Promise<Set<string>> {
  if (tokenIds.length === 0) return new Set();
  const rows = await db
    .select({ tokenId: erc1155TokenTypes.tokenId })
    .from(erc1155TokenTypes)
    .where(
      and(
        eq(erc1155TokenTypes.chainId, chainId),
        eq(erc1155TokenTypes.address, address),
        inArray(erc1155TokenTypes.tokenId, [...new Set(tokenIds.map(String))]),
      ),
    );
  return new Set(rows.map((row) => row.tokenId));
}
