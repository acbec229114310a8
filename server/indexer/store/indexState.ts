import { eq, sql } from "drizzle-orm";
import type { StoreDb } from "../../store/database/db.js";
import { chainGenesis, settings } from "../../store/database/schema.js";

export async function getRecordedGenesis(db: StoreDb, chainId: number): Promise<string | undefined> {
  const [row] = await db.select().from(chainGenesis).where(eq(chainGenesis.chainId, chainId));
  return row?.genesisHash;
}

export async function recordGenesis(db: StoreDb, chainId: number, genesisHash: string): Promise<void> {
  await db
    .insert(chainGenesis)
    .values({ chainId, genesisHash })
    .onConflictDoUpdate({ target: chainGenesis.chainId, set: { genesisHash, recordedAt: sql`now()` } });
}

export async function getSetting(db: StoreDb, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function putSetting(db: StoreDb, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function deleteSetting(db: StoreDb, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}
