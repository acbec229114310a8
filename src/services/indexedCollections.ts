import { and, eq } from "drizzle-orm";
import type { Address } from "viem";
import * as schema from "../../ponder.schema.js";
import type { RuntimeConfig } from "../config/runtime.js";
import { NotFoundError } from "../errors.js";
import { requireChain } from "./chains.js";
import type { IndexDb } from "./collections.js";

export type IndexedCollection = typeof schema.collection.$inferSelect;

/** A query names a contract the index follows, of the kind the route serves; anything else is a 404 saying how to add it. */
export async function requireIndexedCollection(
  indexDb: IndexDb,
  runtime: RuntimeConfig,
  chainId: number,
  address: Address,
  kind: IndexedCollection["kind"],
): Promise<IndexedCollection> {
  requireChain(runtime, chainId);
  const [row] = await indexDb
    .select()
    .from(schema.collection)
    .where(and(eq(schema.collection.chainId, chainId), eq(schema.collection.address, address.toLowerCase() as Address)));
  if (!row || row.kind !== kind) {
    throw new NotFoundError(
      `${address} on chain ${chainId} is not an indexed ${kind.toUpperCase()} contract. Collections created through this service are indexed on their own; add others to "contracts" of that chain in the chains file and restart.`,
    );
  }
  return row;
}
