import { sql } from "drizzle-orm";
import type { StoreDb } from "./database/db.js";

type Executor = Pick<StoreDb, "execute">;

/** A collection whose metadata changed, by chain and (lowercase) address. */
export type CollectionKey = { chainId: number; address: string };

/** What changed: some tokens' own metadata, or the collection's defaults (every token and the contract metadata). */
export type MetadataChange = { tokenIds: readonly bigint[] } | { collection: true };

/** Stored keys (`{a,b}`) as a PostgreSQL text[] literal; the keys are the metadata field names, never user input. */
function textArray(keys: readonly string[]): string {
  return `{${keys.join(",")}}`;
}

/**
 * What a write asks of its transaction besides the change: to claim the collection's pending changes for the write's
 * own announcement when the window lets it send now. In the write's transaction, so that the background pass cannot
 * take the change between the write's commit and its claim (the write would answer without the transaction that
 * announced it).
 */
export type WriteClaim = { claim: string; windowMs: number };

/**
 * Merges a patch into a token's own metadata and queues the change for propagation, in one transaction: `remove`
 * keys go first, then `set` fields are merged, so concurrent patches of different fields both survive. `mint`: what
 * the token's mint gave it and the metadata job has not attached yet (reads show it already): it is attached first,
 * as the job would, so that the patch applies to it and the job, finding it attached, leaves it. Returns what
 * `claim` claimed (WriteClaim), if anything.
 */
export async function patchTokenMetadata(
  db: StoreDb,
  token: CollectionKey & { tokenId: bigint; projectId: string },
  patch: { set: object; remove: readonly string[] },
  options: { mint?: { mintId: string; metadata: object }; claim?: WriteClaim } = {},
): Promise<ClaimedChanges | undefined> {
  const address = token.address.toLowerCase();
  const { mint } = options;
  return await db.transaction(async (tx) => {
    if (mint !== undefined) {
      await tx.execute(sql`
        INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata, attached_by)
        VALUES (${token.chainId}, ${address}, ${token.tokenId.toString()}, ${token.projectId}, ${JSON.stringify(mint.metadata)}::jsonb, ${mint.mintId})
        ON CONFLICT (chain_id, address, token_id) DO UPDATE
          SET metadata = EXCLUDED.metadata, attached_by = EXCLUDED.attached_by, updated_at = now()
          WHERE token_metadata.attached_by IS DISTINCT FROM EXCLUDED.attached_by`);
    }
    await tx.execute(sql`
      INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata)
      VALUES (${token.chainId}, ${address}, ${token.tokenId.toString()}, ${token.projectId}, ${JSON.stringify(patch.set)}::jsonb)
      ON CONFLICT (chain_id, address, token_id) DO UPDATE
        SET metadata = (token_metadata.metadata - ${textArray(patch.remove)}::text[]) || EXCLUDED.metadata,
            project_id = EXCLUDED.project_id,
            updated_at = now()`);
    await queueMetadataChange(tx, { chainId: token.chainId, address }, { tokenIds: [token.tokenId] });
    return options.claim && (await claimIn(tx, { chainId: token.chainId, address }, options.claim, "wait"));
  });
}

/** The same for a collection's defaults (`project_collections.default_metadata`, addressed by its checksummed address). */
export async function patchCollectionDefaults(
  db: StoreDb,
  collection: CollectionKey,
  patch: { set: object; remove: readonly string[] },
  options: { claim?: WriteClaim } = {},
): Promise<ClaimedChanges | undefined> {
  return await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE tokenhub_app.project_collections
         SET default_metadata = (coalesce(default_metadata, '{}'::jsonb) - ${textArray(patch.remove)}::text[]) || ${JSON.stringify(patch.set)}::jsonb
       WHERE chain_id = ${collection.chainId} AND address = ${collection.address}`);
    const key = { chainId: collection.chainId, address: collection.address.toLowerCase() };
    await queueMetadataChange(tx, key, { collection: true });
    return options.claim && (await claimIn(tx, key, options.claim, "wait"));
  });
}

/** Queues a change; `db` may be a transaction so that the change commits with the write that caused it. */
export async function queueMetadataChange(db: Executor, collection: CollectionKey, change: MetadataChange): Promise<void> {
  const address = collection.address.toLowerCase();
  const tokenIds = "collection" in change ? [null] : change.tokenIds.map(String);
  for (const tokenId of tokenIds) {
    await db.execute(sql`INSERT INTO tokenhub_app.metadata_changes (chain_id, address, token_id) VALUES (${collection.chainId}, ${address}, ${tokenId})`);
  }
  await db.execute(sql`
    INSERT INTO tokenhub_app.metadata_propagation_windows (chain_id, address) VALUES (${collection.chainId}, ${address})
    ON CONFLICT (chain_id, address) DO NOTHING`);
}

export type ClaimedChanges = { tokenIds: bigint[]; collection: boolean };

/**
 * Claims every pending change of a collection for one propagation transaction, unless another process is claiming
 * it right now or the collection sent one less than `windowMs` ago (then the changes wait for the next claim). The
 * window starts again at a successful claim. Returns undefined when nothing was claimed.
 */
export async function claimMetadataChanges(db: StoreDb, collection: CollectionKey, claim: string, windowMs: number): Promise<ClaimedChanges | undefined> {
  return await db.transaction(async (tx) => await claimIn(tx, collection, { claim, windowMs }, "skip"));
}

/**
 * The claim, in a transaction: `skip` passes a collection another process is claiming; `wait` (a write's own claim)
 * waits for it, then finds the window just used unless that process claimed nothing.
 */
async function claimIn(tx: Executor, collection: CollectionKey, { claim, windowMs }: WriteClaim, locked: "skip" | "wait"): Promise<ClaimedChanges | undefined> {
  const address = collection.address.toLowerCase();
  const window = await tx.execute<{ due: boolean }>(sql`
    SELECT last_sent_at IS NULL OR last_sent_at <= now() - make_interval(secs => ${windowMs / 1000}) AS due
      FROM tokenhub_app.metadata_propagation_windows
     WHERE chain_id = ${collection.chainId} AND address = ${address}
       FOR UPDATE ${locked === "skip" ? sql`SKIP LOCKED` : sql``}`);
  if (window.rows[0]?.due !== true) return undefined;
  const claimed = await tx.execute<{ token_id: string | null }>(sql`
    UPDATE tokenhub_app.metadata_changes SET claim = ${claim}, claimed_at = now()
     WHERE chain_id = ${collection.chainId} AND address = ${address} AND claim IS NULL
    RETURNING token_id`);
  if (claimed.rows.length === 0) return undefined;
  await tx.execute(sql`
    UPDATE tokenhub_app.metadata_propagation_windows SET last_sent_at = now()
     WHERE chain_id = ${collection.chainId} AND address = ${address}`);
  const tokenIds = [...new Set(claimed.rows.flatMap((row) => (row.token_id === null ? [] : [row.token_id])))].map(BigInt);
  return { tokenIds: tokenIds.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), collection: claimed.rows.some((row) => row.token_id === null) };
}

/** The claimed changes were sent (or can never be): they are done. */
export async function settleMetadataChanges(db: StoreDb, claim: string): Promise<void> {
  await db.execute(sql`DELETE FROM tokenhub_app.metadata_changes WHERE claim = ${claim}`);
}

/** The claimed changes could not be sent now: the next claim after the window takes them again. */
export async function releaseMetadataChanges(db: StoreDb, claim: string): Promise<void> {
  await db.execute(sql`UPDATE tokenhub_app.metadata_changes SET claim = NULL, claimed_at = NULL WHERE claim = ${claim}`);
}

/**
 * The claim's process is still at work on it: `claimed_at` is the claim's last sign of life, renewed while the
 * process sends, so that only a claim whose process died goes stale.
 */
export async function renewMetadataChanges(db: StoreDb, claim: string): Promise<void> {
  await db.execute(sql`UPDATE tokenhub_app.metadata_changes SET claimed_at = now() WHERE claim = ${claim}`);
}

/**
 * Collections with changes waiting and their window over. A claim not renewed for `claimMs` belongs to a process that
 * died between claiming and settling (killed, or cut from the database): it is released first, so that its changes
 * are announced within `claimMs` of its death, by whichever process claims them next. Its transaction may have been
 * recorded before the process died, and is then sent as well: sending the events twice is harmless, never sending
 * them is not.
 */
export async function collectionsDueForPropagation(db: StoreDb, windowMs: number, claimMs: number): Promise<CollectionKey[]> {
  await db.execute(sql`
    UPDATE tokenhub_app.metadata_changes SET claim = NULL, claimed_at = NULL
     WHERE claim IS NOT NULL AND claimed_at < now() - make_interval(secs => ${claimMs / 1000})`);
  const due = await db.execute<{ chain_id: string; address: string }>(sql`
    SELECT DISTINCT c.chain_id, c.address
      FROM tokenhub_app.metadata_changes c
      JOIN tokenhub_app.metadata_propagation_windows w ON w.chain_id = c.chain_id AND w.address = c.address
     WHERE c.claim IS NULL AND (w.last_sent_at IS NULL OR w.last_sent_at <= now() - make_interval(secs => ${windowMs / 1000}))`);
  return due.rows.map((row) => ({ chainId: Number(row.chain_id), address: row.address }));
}
