import { type SQL, sql } from "drizzle-orm";
import type { StoreDb } from "./db.js";
import { preparedStatement } from "./preparedStatements.js";
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

/** The columns metadataSourcesColumns adds to a row, as node-postgres returns them. */
export type MetadataSourcesRow = { collection: unknown; own: Record<string, unknown> | null; remote: Record<string, RemoteJson> | null };

/**
 * The three sources of some tokens' metadata as three columns of one row (`collection`, `own`, `remote`), for a
 * prepared statement of its own (findMetadataSources) or beside a page of tokens read in the same statement. The
 * collection comes from the placeholders `chainId`, `address` (checksummed, as project_collections keeps it) and
 * `contract` (lowercase, as the token tables keep it). `holds` says which token ids: a predicate on the `token_id`
 * column it is given.
 */
export function metadataSourcesColumns(holds: (tokenId: SQL) => SQL): SQL {
  const chainId = sql.placeholder("chainId");
  const address = sql.placeholder("address");
  const lowercaseAddress = sql.placeholder("contract");
  const tokenId = sql.raw("token_id");
  return sql`
      (SELECT default_metadata FROM tokenhub_app.project_collections WHERE chain_id = ${chainId} AND address = ${address}) AS collection,
      (SELECT jsonb_object_agg(token_id::text, metadata)
         FROM tokenhub_app.token_metadata
        WHERE chain_id = ${chainId} AND address = ${lowercaseAddress} AND ${holds(tokenId)}) AS own,
      (SELECT jsonb_object_agg(token_id::text, jsonb_build_object(
                'state', state, 'uri', uri, 'metadata', metadata, 'error', error, 'attempts', attempts,
                'fetchedAt', fetched_at,
                -- null for 'infinity' (no further try scheduled) and once fetched
                'nextAttemptAt', CASE WHEN next_attempt_at = 'infinity' OR state = 'fetched' THEN NULL ELSE next_attempt_at END))
         FROM tokenhub_app.remote_token_metadata
        WHERE chain_id = ${chainId} AND address = ${lowercaseAddress} AND ${holds(tokenId)}) AS remote`;
}

/** The sources in a row that has metadataSourcesColumns' columns, as the reads use them (remote times as dates). */
export function metadataSourcesOf(row: MetadataSourcesRow): MetadataSources {
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

/**
 * The three sources of the tokens' metadata in one statement: a page of tokens is answered with one app-store round
 * trip instead of three (each of which took a pool connection of its own).
 */
export async function findMetadataSources(db: StoreDb, chainId: number, address: string, tokenIds: readonly bigint[]): Promise<MetadataSources> {
  const statement = preparedStatement<MetadataSourcesRow>(
    db,
    "tokenhub_metadata_sources",
    () => sql`SELECT ${metadataSourcesColumns((tokenId) => sql`${tokenId} = ANY(${sql.placeholder("tokenIds")}::numeric[])`)}`,
  );
  const [row] = await statement({ chainId, address, contract: address.toLowerCase(), tokenIds: tokenIds.map(String) });
  return metadataSourcesOf(row!);
}
