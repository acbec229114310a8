import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Address } from "viem";
import * as schema from "../../../ponder.schema.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { NotFoundError } from "../../errors.js";
import { collectionDescriptions } from "../../store/database/schema.js";
import { requireChain } from "../chains/chains.js";
import type { IndexDb } from "./collections.js";

export type IndexedCollection = typeof schema.collection.$inferSelect;

/**
 * Collections as every read serves them: where the index could not read a view (`described` false), what the
 * service's description pass read since (collectionDescriptions.ts) fills its nulls.
 */
export function selectDescribedCollections(indexDb: IndexDb) {
  const { collection } = schema;
  const described = collectionDescriptions;
  return indexDb
    .select({
      ...getTableColumns(collection),
      name: sql<string | null>`coalesce(${collection.name}, ${described.name})`.as("name"),
      symbol: sql<string | null>`coalesce(${collection.symbol}, ${described.symbol})`.as("symbol"),
      decimals: sql<number | null>`coalesce(${collection.decimals}, ${described.decimals})`.as("decimals"),
      transferable: sql<boolean | null>`coalesce(${collection.transferable}, ${described.transferable})`.as("transferable"),
    })
    .from(collection)
    .leftJoin(described, and(eq(described.chainId, collection.chainId), eq(described.address, collection.address)));
}

/**
 * Collections seen in the index in the last seconds. Every read route checks its contract first; a collection row is
 * written once and never changed, so only a reorg of its creation could make an entry stale, for at most this long.
 * Absent collections are not remembered: one created a moment ago must be found; nor are undescribed ones, whose
 * fields the description pass may fill at any moment.
 */
const SEEN_FOR_MS = 5_000;
const seen = new Map<string, { row: IndexedCollection; until: number }>();
/**
 * Lookups again of collections seen before: reads of one arriving while it is looked up again wait for that lookup,
 * rather than all sending the same query when its entry expires (under load, a burst of them every few seconds, each
 * waiting for a connection). A collection not seen yet is always asked for: a lookup begun before it was indexed must
 * not answer a read that waited for it (minBlock, afterOperation).
 */
const looking = new Map<string, Promise<IndexedCollection | undefined>>();

export async function findIndexedCollection(indexDb: IndexDb, chainId: number, address: Address): Promise<IndexedCollection | undefined> {
  const key = `${chainId}:${address}`;
  const known = seen.get(key);
  if (known === undefined) return await lookUp(indexDb, chainId, address, key);
  if (known.until > Date.now()) return known.row;
  let lookup = looking.get(key);
  if (lookup === undefined) {
    lookup = lookUp(indexDb, chainId, address, key).finally(() => looking.delete(key));
    looking.set(key, lookup);
  }
  return await lookup;
}

async function lookUp(indexDb: IndexDb, chainId: number, address: Address, key: string): Promise<IndexedCollection | undefined> {
  const asked = Date.now();
  const [row] = await selectDescribedCollections(indexDb).where(and(eq(schema.collection.chainId, chainId), eq(schema.collection.address, address)));
  if (row?.described) seen.set(key, { row, until: asked + SEEN_FOR_MS });
  else seen.delete(key);
  return row;
}

/**
 * A query names a contract the index follows, of the kind the route serves (any kind when none is given); anything
 * else is a 404 saying how to add it.
 */
export async function requireIndexedCollection(
  indexDb: IndexDb,
  runtime: RuntimeConfig,
  chainId: number,
  address: Address,
  kind?: IndexedCollection["kind"],
): Promise<IndexedCollection> {
  requireChain(runtime, chainId);
  const row = await findIndexedCollection(indexDb, chainId, address.toLowerCase() as Address);
  if (!row || (kind !== undefined && row.kind !== kind)) {
    throw new NotFoundError(
      `${address} on chain ${chainId} is not an indexed ${kind === undefined ? "token" : kind.toUpperCase()} contract. Collections created through this service are indexed on their own; add others to "contracts" of that chain in the chains file and restart.`,
    );
  }
  return row;
}
