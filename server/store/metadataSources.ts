import { type SQL, sql } from "drizzle-orm";
import * as schema from "../../ponder.schema.js";
import { tokenMint } from "./mintMetadata.js";
import { preparedStatement } from "./database/preparedStatements.js";
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
 * Which tokens' metadata a statement reads: a predicate on a `token_id` column (ERC-1155 token types), or, for an
 * ERC-721 collection, a relation of its tokens with their `token_id`, `mint_transaction` and `minted_block` (a CTE of
 * the page, or the index's rows), so that metadata given at their mint is read with them.
 */
export type MetadataTokens = { holds: (tokenId: SQL) => SQL } | { erc721: SQL };

/**
 * The three sources of some tokens' metadata as three columns of one row (`collection`, `own`, `remote`), for a
 * prepared statement of its own (findMetadataSources) or beside a page of tokens read in the same statement. The
 * collection comes from the placeholders `chainId`, `address` (checksummed, as project_collections keeps it) and
 * `contract` (lowercase, as the token tables keep it).
 */
export function metadataSourcesColumns(tokens: MetadataTokens): SQL {
  const chainId = sql.placeholder("chainId");
  const address = sql.placeholder("address");
  const lowercaseAddress = sql.placeholder("contract");
  const tokenId = sql.raw("token_id");
  const holds = "holds" in tokens ? tokens.holds : (column: SQL) => sql`${column} IN (SELECT token_id FROM ${tokens.erc721} AS held)`;
  const own =
    "holds" in tokens
      ? sql`(SELECT jsonb_object_agg(token_id::text, metadata)
         FROM tokenhub_app.token_metadata
        WHERE chain_id = ${chainId} AND address = ${lowercaseAddress} AND ${holds(tokenId)})`
      : erc721OwnMetadata(tokens.erc721);
  return sql`
      (SELECT default_metadata FROM tokenhub_app.project_collections WHERE chain_id = ${chainId} AND address = ${address}) AS collection,
      ${own} AS own,
      (SELECT jsonb_object_agg(token_id::text, jsonb_build_object(
                'state', state, 'uri', uri, 'metadata', metadata, 'error', error, 'attempts', attempts,
                'fetchedAt', fetched_at,
                -- null for 'infinity' (no further try scheduled) and once fetched
                'nextAttemptAt', CASE WHEN next_attempt_at = 'infinity' OR state = 'fetched' THEN NULL ELSE next_attempt_at END))
         FROM tokenhub_app.remote_token_metadata
        WHERE chain_id = ${chainId} AND address = ${lowercaseAddress} AND ${holds(tokenId)}) AS remote`;
}

/**
 * ERC-721 tokens' own metadata, with what their mint gave them from the moment the index lists them (mintMetadata.ts):
 * - a row attached by the token's own mint (perhaps edited since) is the token's;
 * - while the mint's metadata waits for the job, the metadata its call carried, which replaces a row written before
 *   the token was indexed, as the job will;
 * - else a row no mint attached (a metadata write, a permit's metadata);
 * - a row another mint attached is left out: that mint's block was reorganised away and the job takes it back.
 * A token whose mint's metadata is attached costs two primary-key lookups (its row, its mint's attempt); the mint's
 * record is read only for the others.
 */
function erc721OwnMetadata(tokens: SQL): SQL {
  const mint = tokenMint();
  const unattached = sql`CASE WHEN stored.attached_by IS NULL THEN stored.metadata END`;
  return sql`(SELECT jsonb_object_agg(token_id::text, metadata) FROM (
        SELECT token.token_id, CASE
                 WHEN stored.attached_by = mint.id THEN stored.metadata
                 ELSE coalesce(${mint.waiting}, ${unattached})
               END AS metadata
          FROM ${tokens} AS token
          -- One primary-key lookup per token: joined plainly (or laterally, which the planner flattens into the same
          -- join), the collection's rows were read whole into a hash. OFFSET 0 keeps the subquery a lookup.
          LEFT JOIN LATERAL (
                SELECT metadata, attached_by FROM tokenhub_app.token_metadata
                 WHERE chain_id = ${sql.placeholder("chainId")} AND address = ${sql.placeholder("contract")} AND token_id = token.token_id
                OFFSET 0) AS stored ON true
          ${mint.join}
      ) AS resolved WHERE metadata IS NOT NULL)`;
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
 * The three sources of the tokens' metadata in one statement: a page of tokens is answered with one round trip
 * instead of three (each of which took a pool connection of its own). Runs on the index's database (Ponder's `db`):
 * for an ERC-721 collection it reads the tokens' mint transactions from the index beside the app store's tables.
 */
export async function findMetadataSources(
  indexDb: object,
  kind: "erc721" | "erc1155",
  chainId: number,
  address: string,
  tokenIds: readonly bigint[],
): Promise<MetadataSources> {
  const tokenIdIn = (column: SQL) => sql`${column} = ANY(${sql.placeholder("tokenIds")}::numeric[])`;
  const statement =
    kind === "erc721"
      ? preparedStatement<MetadataSourcesRow>(indexDb, "tokenhub_erc721_metadata_sources", () => {
          const indexed = schema.erc721Token;
          const tokens = sql`(SELECT token_id, mint_transaction, minted_block FROM ${indexed}
                               WHERE chain_id = ${sql.placeholder("chainId")} AND contract = ${sql.placeholder("contract")} AND ${tokenIdIn(sql.raw("token_id"))})`;
          return sql`SELECT ${metadataSourcesColumns({ erc721: tokens })}`;
        })
      : preparedStatement<MetadataSourcesRow>(indexDb, "tokenhub_metadata_sources", () => sql`SELECT ${metadataSourcesColumns({ holds: tokenIdIn })}`);
  const [row] = await statement({ chainId, address, contract: address.toLowerCase(), tokenIds: tokenIds.map(String) });
  return metadataSourcesOf(row!);
}
