import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { bigint, jsonb, numeric, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type pg from "pg";
import { type StoreDb, withTransaction } from "./database/db.js";
import { insertOperationWithoutSending } from "./operations.js";
import { appSchema, projects } from "./database/schema.js";

export const permits = appSchema.table("permits", {
  id: uuid("id").primaryKey(),
  projectId: uuid("project_id").notNull().references(() => projects.id),
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  contractAddress: text("contract_address").notNull(),
  kind: text("kind").$type<"erc20" | "erc721" | "erc1155">().notNull(),
  signer: text("signer").notNull(),
  recipient: text("recipient").notNull(),
  tokenId: numeric("token_id", { precision: 78, scale: 0 }),
  amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
  nonce: numeric("nonce", { precision: 78, scale: 0 }).notNull(),
  expiresAt: bigint("expires_at", { mode: "number" }),
  signature: text("signature").notNull(),
  metadata: jsonb("metadata"),
  metadataAttachedAt: timestamp("metadata_attached_at", { withTimezone: true }),
  revocationHash: text("revocation_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PermitRecord = typeof permits.$inferSelect;

/**
 * The next nonce of `signer`'s permits on the collection (migration 0091), `start` for the first: one statement,
 * so replicas issuing at once never share one. A nonce whose permit is then not recorded is skipped, which costs
 * nothing but a bit of the bitmap.
 */
export async function allocatePermitNonce(
  db: StoreDb,
  counter: { chainId: number; contractAddress: string; signer: string },
  start: bigint,
): Promise<bigint> {
  const result = await db.execute<{ nonce: string }>(sql`
    INSERT INTO tokenhub_app.permit_nonce_counters AS counters (chain_id, contract_address, signer, next_nonce)
    VALUES (${counter.chainId}, ${counter.contractAddress}, ${counter.signer}, ${(start + 1n).toString()})
    ON CONFLICT (chain_id, contract_address, signer) DO UPDATE SET next_nonce = counters.next_nonce + 1
    RETURNING (next_nonce - 1)::text AS nonce`);
  return BigInt(result.rows[0]!.nonce);
}

/** Records a permit and the request that issued it (its operation), in one transaction. */
export async function insertPermit(db: StoreDb, operation: { id: string; purpose: string }, row: typeof permits.$inferInsert): Promise<PermitRecord> {
  return await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(permits).values(row).returning();
    await insertOperationWithoutSending(tx, { id: operation.id, projectId: row.projectId, chainId: row.chainId, purpose: operation.purpose });
    return inserted!;
  });
}

/** A project's permit; another project's is not found, so permits of others are not revealed. */
export async function findProjectPermit(db: StoreDb, projectId: string, id: string): Promise<PermitRecord | undefined> {
  const [row] = await db.select().from(permits).where(and(eq(permits.id, id), eq(permits.projectId, projectId)));
  return row;
}

/** A recipient's permits on one contract that were never revoked through the service, oldest first. */
export async function findUnrevokedPermitsOf(
  db: StoreDb,
  query: { projectId: string; chainId: number; contractAddress: string; recipient: string },
): Promise<PermitRecord[]> {
  return await db
    .select()
    .from(permits)
    .where(
      and(
        eq(permits.projectId, query.projectId),
        eq(permits.chainId, query.chainId),
        eq(permits.contractAddress, query.contractAddress),
        eq(permits.recipient, query.recipient),
        isNull(permits.revocationHash),
      ),
    )
    .orderBy(asc(permits.createdAt), asc(permits.id));
}

/**
 * Runs `work` with the permit's row locked, so two revocations of one permit never both send a transaction; `work`
 * returns the revocation's hash to record, or undefined to record nothing.
 */
export async function revokeWithPermitLocked<T extends { revocationHash?: string }>(
  db: StoreDb,
  projectId: string,
  id: string,
  work: (permit: PermitRecord | undefined) => Promise<T>,
): Promise<T> {
  return await db.transaction(async (tx) => {
    const [permit] = await tx
      .select()
      .from(permits)
      .where(and(eq(permits.id, id), eq(permits.projectId, projectId)))
      .for("update");
    const result = await work(permit);
    if (permit && result.revocationHash !== undefined && result.revocationHash !== permit.revocationHash) {
      await tx.update(permits).set({ revocationHash: result.revocationHash }).where(eq(permits.id, id));
    }
    return result;
  });
}

export type RedeemedPermit = {
  id: string;
  projectId: string;
  chainId: number;
  contractAddress: string;
  kind: "erc721" | "erc1155";
  amount: bigint;
  metadata: unknown;
  mintedTokenIds: bigint[];
};

/**
 * Permits with metadata whose redemption the index has seen and whose metadata is not on the minted token yet. The
 * index lives in the same database (its own schema), so one query joins the two.
 */
export async function findRedeemedPermitsAwaitingMetadata(pool: pg.Pool, indexSchema: string, limit: number): Promise<RedeemedPermit[]> {
  const result = await pool.query<{
    id: string;
    project_id: string;
    chain_id: string;
    contract_address: string;
    kind: "erc721" | "erc1155";
    amount: string;
    metadata: unknown;
    minted_token_ids: string[];
  }>(
    `SELECT p.id, p.project_id, p.chain_id, p.contract_address, p.kind, p.amount::text, p.metadata,
            n.minted_token_ids::text[] AS minted_token_ids
       FROM tokenhub_app.permits p
       JOIN "${indexSchema}".permit_nonce n
         ON n.chain_id = p.chain_id AND n.contract = lower(p.contract_address) AND n.signer = lower(p.signer) AND n.nonce = p.nonce
      WHERE p.metadata IS NOT NULL AND p.metadata_attached_at IS NULL AND n.status = 'used'
        -- The index may have stored the redemption before the mints that follow it: wait for all of them.
        AND cardinality(n.minted_token_ids) >= CASE WHEN p.kind = 'erc721' THEN p.amount ELSE 1 END
      ORDER BY p.created_at
      LIMIT $1`,
    [limit],
  );
  return result.rows.map((row) => ({
    id: row.id,
    projectId: row.project_id,
    chainId: Number(row.chain_id),
    contractAddress: row.contract_address,
    kind: row.kind,
    amount: BigInt(row.amount),
    metadata: row.metadata,
    mintedTokenIds: row.minted_token_ids.map((tokenId) => BigInt(tokenId)),
  }));
}

/**
 * Gives the permit's metadata to what its redemption minted and marks the permit done, in one transaction: an
 * ERC-721 token's own metadata, or (ERC-1155) the token type's, its given fields overriding the type's.
 */
export async function recordPermitTokenMetadata(pool: pg.Pool, permit: RedeemedPermit, tokenIds: readonly bigint[]): Promise<void> {
  await withTransaction(pool, async (client) => {
    for (const tokenId of tokenIds) {
      // ERC-721: the token's own metadata. ERC-1155: the token type's, the permit's fields overriding the ones it had.
      // Either way it is no longer a service mint's (attached_by), which a reorganisation would take back.
      await client.query(
        `INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (chain_id, address, token_id) DO UPDATE
           SET metadata = ${permit.kind === "erc721" ? "EXCLUDED.metadata" : "tokenhub_app.token_metadata.metadata || EXCLUDED.metadata"},
               attached_by = NULL, updated_at = now()`,
        [permit.chainId, permit.contractAddress.toLowerCase(), tokenId.toString(), permit.projectId, JSON.stringify(permit.metadata)],
      );
    }
    await client.query("UPDATE tokenhub_app.permits SET metadata_attached_at = now() WHERE id = $1", [permit.id]);
  });
}
