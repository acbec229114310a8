import { sql } from "drizzle-orm";
import type { StoreDb } from "./db.js";
import type { RemoteMetadataRow } from "./remoteTokenMetadata.js";

/** Everything a token's effective metadata is made of, for some tokens of one collection. */
export type MetadataSources = {
  /** The collection's default metadata (project_collections), if the collection is a project's and has one. */
  collectionDefault: unknown;
  /** Metadata written through the API, by token id (decimal string). */
  own: Map<string, unknown>;
  /** The cached remote tokenURI / uri metadata, by token id. */
  remote: Map<string, RemoteMetadataRow>;
};

type RemoteJson = Omit<RemoteMetadataRow, "fetchedAt" | "nextAttemptAt"> & { fetchedAt: string | null; nextAttemptAt: string | null };

/**
 * The three sources of the tokens' metadata in one statement: a page of tokens is answered with one app-store round
 * trip instead of three (each of which took a pool connection of its own). `address` as the collection was recorded
 * (project_collections keeps it checksummed; the token tables keep it lowercase).
 */
export async function findMetadataSources(db: StoreDb, chainId: number, address: string, tokenIds: readonly bigint[]): Promise<MetadataSources> {
  const lower = address.toLowerCase();
  const ids = sql.param(tokenIds.map(String));
  const result = await db.execute<{ collection: unknown; own: Record<string, unknown> | null; remote: Record<string, RemoteJson> | null }>(sql`
    SELECT
      (SELECT default_metadata FROM tokenhub_app.project_collections WHERE chain_id = ${chainId} AND address = ${address}) AS collection,
      (SELECT jsonb_object_agg(token_id::text, metadata)
         FROM tokenhub_app.token_metadata
        WHERE chain_id = ${chainId} AND address = ${lower} AND token_id = ANY(${ids}::numeric[])) AS own,
      (SELECT jsonb_object_agg(token_id::text, jsonb_build_object(
                'state', state, 'uri', uri, 'metadata', metadata, 'error', error, 'attempts', attempts,
                'fetchedAt', fetched_at,
                -- null for 'infinity' (no further try scheduled) and once fetched
                'nextAttemptAt', CASE WHEN next_attempt_at = 'infinity' OR state = 'fetched' THEN NULL ELSE next_attempt_at END))
         FROM tokenhub_app.remote_token_metadata
        WHERE chain_id = ${chainId} AND address = ${lower} AND token_id = ANY(${ids}::numeric[])) AS remote`);
  const row = result.rows[0]!;
  return {
    collectionDefault: row.collection ?? undefined,
    own: new Map(Object.entries(row.own ?? {})),
    remote: new Map(
      Object.entries(row.remote ?? {}).map(([tokenId, remote]) => [
        tokenId,
        {
          ...remote,
          fetchedAt: remote.fetchedAt === null ? null : new Date(remote.fetchedAt),
          nextAttemptAt: remote.nextAttemptAt === null ? null : new Date(remote.nextAttemptAt),
        },
      ]),
    ),
  };
}
