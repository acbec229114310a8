import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { SealedKey } from "../custody/envelope.js";
import type { StoreDb, StoreTransaction } from "./database/db.js";
import { chatLinks, cloudKeyMaster, cloudKeys } from "./database/schema.js";
import type { Queryable } from "./transactions.js";

export type CloudKeyRow = typeof cloudKeys.$inferSelect;

/**
 * The master key id recorded for the cloud keys (and the webhook secrets, sealed the same way), locked until the
 * transaction ends: shared by whatever seals a value, exclusive for rotation. Records `proposedId` first when nothing
 * is recorded yet (nothing was ever sealed).
 */
export async function lockCloudKeyMasterId(tx: StoreTransaction, mode: "share" | "update", proposedId: string): Promise<string> {
  await tx.insert(cloudKeyMaster).values({ masterKeyId: proposedId }).onConflictDoNothing();
  const [row] = await tx.select().from(cloudKeyMaster).for(mode === "share" ? "share" : "update");
  return row!.masterKeyId;
}

/** lockCloudKeyMasterId, shared, in a transaction of the stores that use pg directly (the webhooks'). */
export async function shareMasterKeyRecord(db: Queryable, proposedId: string): Promise<string> {
  await db.query("INSERT INTO tokenhub_app.cloud_key_master (master_key_id) VALUES ($1) ON CONFLICT DO NOTHING", [proposedId]);
  const { rows } = await db.query<{ master_key_id: string }>("SELECT master_key_id FROM tokenhub_app.cloud_key_master FOR SHARE");
  return rows[0]!.master_key_id;
}

/** The recorded master key id, or undefined when no key was ever created. */
export async function readCloudKeyMasterId(db: StoreDb): Promise<string | undefined> {
  const [row] = await db.select().from(cloudKeyMaster);
  return row?.masterKeyId;
}

/** Inserts the key (sealed, or the label of its key in the PKCS#11 token), and its chat link when given, in the caller's transaction. */
export async function insertCloudKey(
  tx: StoreTransaction,
  key: { id: string; projectId: string; address: string; customRef: string | null; custody: SealedKey | { pkcs11Label: string }; chatId?: string },
): Promise<void> {
  await tx.insert(cloudKeys).values({ id: key.id, projectId: key.projectId, address: key.address, customRef: key.customRef, ...key.custody });
  if (key.chatId !== undefined) await tx.insert(chatLinks).values({ projectId: key.projectId, chatId: key.chatId, address: key.address }).onConflictDoNothing();
}

/** The sealing of a local key's row (one in the token has none). */
export function sealedKeyOf(row: CloudKeyRow): SealedKey {
  if (row.encryptedPrivateKey === null || row.wrappedDataKey === null || row.masterKeyId === null) {
    throw new Error(`The cloud key ${row.address} is in a PKCS#11 token: it has no sealed copy.`);
  }
  return { encryptedPrivateKey: row.encryptedPrivateKey, wrappedDataKey: row.wrappedDataKey, masterKeyId: row.masterKeyId };
}

/** A project's key by address; another project's key is not found. */
export async function findProjectCloudKey(db: StoreDb, projectId: string, address: string): Promise<CloudKeyRow | undefined> {
  const [row] = await db.select().from(cloudKeys).where(and(eq(cloudKeys.projectId, projectId), eq(cloudKeys.address, address)));
  return row;
}

/** A project's keys by creation time, `limit` from `offset`, optionally only those with this customRef. */
export async function listProjectCloudKeys(
  db: StoreDb,
  projectId: string,
  query: { customRef?: string; offset: number; limit: number; after?: { createdAt: string; id: string } },
): Promise<{ id: string; address: string; customRef: string | null; createdAt: string }[]> {
  // The creation time as PostgreSQL writes it (to the microsecond): a page key must name the row exactly.
  const createdAt = sql<string>`${cloudKeys.createdAt}::text`;
  const after = query.after === undefined ? undefined : sql`(${cloudKeys.createdAt}, ${cloudKeys.id}) > (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`;
  return await db
    .select({ id: cloudKeys.id, address: cloudKeys.address, customRef: cloudKeys.customRef, createdAt })
    .from(cloudKeys)
    .where(and(eq(cloudKeys.projectId, projectId), query.customRef === undefined ? undefined : eq(cloudKeys.customRef, query.customRef), after))
    .orderBy(asc(cloudKeys.createdAt), asc(cloudKeys.id))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * Re-seals every key's data key in one transaction, with the master id row locked: `rewrap` gets each row and
 * returns its new sealing, then `rewrapOthers` re-seals what else was sealed with the master key (the webhook secrets)
 * in the same transaction. Either everything moves to `nextId` or nothing does.
 */
export async function rewrapAllCloudKeys<Others>(
  db: StoreDb,
  expectedCurrentId: string,
  nextId: string,
  rewrap: (row: CloudKeyRow) => SealedKey,
  rewrapOthers: (tx: StoreTransaction) => Promise<Others>,
): Promise<{ count: number; recordedId: string; others: Others | undefined }> {
  return await db.transaction(async (tx) => {
    const recordedId = await lockCloudKeyMasterId(tx, "update", expectedCurrentId);
    if (recordedId !== expectedCurrentId) return { count: 0, recordedId, others: undefined };
    // The keys in a PKCS#11 token are sealed by nothing here.
    const rows = await tx.select().from(cloudKeys).where(isNull(cloudKeys.pkcs11Label)).orderBy(asc(cloudKeys.createdAt)).for("update");
    for (const row of rows) {
      const sealed = rewrap(row);
      await tx
        .update(cloudKeys)
        .set({ wrappedDataKey: sealed.wrappedDataKey, masterKeyId: sealed.masterKeyId })
        .where(eq(cloudKeys.id, row.id));
    }
    const others = await rewrapOthers(tx);
    await tx.update(cloudKeyMaster).set({ masterKeyId: nextId, updatedAt: sql`now()` });
    return { count: rows.length, recordedId, others };
  });
}
