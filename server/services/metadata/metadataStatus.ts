import type { Address } from "viem";
import { findRemoteMetadata } from "../../store/remoteTokenMetadata.js";
import { indexedCollection } from "./metadataReads.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import type { StoreDb } from "../../store/database/db.js";
import type { IndexDb } from "../collections/collections.js";

/**
 * Where a token's metadata comes from and, for an external contract's remote token URI, how fetching it went: a
 * hanging, oversized or broken URI shows here instead of slowing or breaking the reads.
 */
export type MetadataStatus =
  | { source: "tokenhub" }
  | {
      source: "remote";
      state: "pending" | "fetched" | "failed";
      uri: string | null;
      error: string | null;
      attempts: number;
      fetchedAt: string | null;
      nextAttemptAt: string | null;
    };

export async function metadataStatusOf(
  deps: { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig },
  chainId: number,
  address: Address,
  tokenId: bigint,
): Promise<MetadataStatus> {
  const collection = await indexedCollection(deps, chainId, address, true);
  if (collection.source !== "external") return { source: "tokenhub" };
  const row = (await findRemoteMetadata(deps.store, chainId, address, [tokenId])).get(tokenId.toString());
  if (!row) return { source: "remote", state: "pending", uri: null, error: null, attempts: 0, fetchedAt: null, nextAttemptAt: null };
  return {
    source: "remote",
    state: row.state,
    uri: row.uri,
    error: row.error,
    attempts: row.attempts,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}
