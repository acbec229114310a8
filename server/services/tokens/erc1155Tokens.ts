import { sql } from "drizzle-orm";
import * as schema from "../../../ponder.schema.js";
import { metadataSourcesColumns, metadataSourcesOf, type MetadataSourcesRow } from "../../store/metadataSources.js";
import { preparedStatement } from "../../store/database/preparedStatements.js";
import { requireIndexedCollection } from "../collections/indexedCollections.js";
import { type ReadDeps, type TokensPageQuery, tokensPageValues } from "./erc721Tokens.js";
import { type OpenSeaMetadata, tokenMetadataFrom } from "../metadata/metadata.js";
import type { Page } from "./owners.js";

export type Erc1155Token = { tokenId: string; metadata: OpenSeaMetadata; totalSupply: string; balance?: string };

type TokensShape = { tokenIds: boolean; owner: boolean; after: boolean };

/**
 * A page of a collection's ERC-1155 token types with their metadata, in one statement per combination of filters:
 * the ids anyone holds (with the sum held) and, of a collection this service keeps, the types created and not minted
 * yet (supply 0). With an owner, only the types it holds, with its balance. Placeholders: chainId, contract
 * (lowercase), address (checksummed), tokenIds (decimal strings), owner (lowercase), offset, limit.
 */
function tokensPageStatement(indexDb: ReadDeps["indexDb"], shape: TokensShape) {
  const name = `tokenhub_erc1155_tokens_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<MetadataSourcesRow & { tokens: [string, string, string][] | null }>(indexDb, name, () => {
    const balances = schema.erc1155Balance;
    const chainId = sql.placeholder("chainId");
    const held = shape.owner ? sql`sum(${balances.balance}) FILTER (WHERE ${balances.owner} = ${sql.placeholder("owner")})` : sql`0`;
    const filters = [sql`true`];
    if (shape.tokenIds) filters.push(sql`token_id = ANY(${sql.placeholder("tokenIds")}::numeric[])`);
    if (shape.owner) filters.push(sql`held > 0`);
    if (shape.after) filters.push(sql`token_id > ${sql.placeholder("afterTokenId")}::numeric`);
    return sql`
      WITH minted AS (
        SELECT ${balances.tokenId} AS token_id, sum(${balances.balance}) AS supply, ${held} AS held
          FROM ${balances}
         WHERE ${balances.chainId} = ${chainId} AND ${balances.contract} = ${sql.placeholder("contract")}
         GROUP BY ${balances.tokenId}
      ),
      types AS (
        SELECT token_id, supply, held FROM minted
        UNION ALL
        SELECT t.token_id, 0, 0 FROM tokenhub_app.erc1155_token_types t
         WHERE t.chain_id = ${chainId} AND t.address = ${sql.placeholder("address")}
           AND t.token_id NOT IN (SELECT token_id FROM minted)
      ),
      page AS (
        SELECT token_id, supply, held FROM types WHERE ${sql.join(filters, sql` AND `)}
         ORDER BY token_id LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}
      )
      SELECT (SELECT json_agg(json_build_array(token_id::text, supply::text, held::text) ORDER BY token_id) FROM page) AS tokens,
        ${metadataSourcesColumns({ holds: (tokenId) => sql`${tokenId} IN (SELECT token_id FROM page)` })}`;
  });
}

/**
 * ERC-1155 token types of a collection by numeric token id, each with its effective metadata and how many exist;
 * filters: token ids, and an owner (then each with the owner's balance).
 */
export async function listErc1155Tokens(
  deps: ReadDeps,
  query: TokensPageQuery,
): Promise<Page<Erc1155Token>> {
  const statement = tokensPageStatement(deps.indexDb, { tokenIds: query.tokenIds !== undefined, owner: query.ownerAddress !== undefined, after: query.pageKey !== undefined });
  const [collection, [row]] = await Promise.all([
    requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress, "erc1155"),
    statement(tokensPageValues(query)),
  ]);
  const rows = row!.tokens ?? [];
  const sources = metadataSourcesOf(row!);
  return {
    items: rows.slice(0, query.pageSize).map(([tokenId, totalSupply, balance]) => ({
      tokenId,
      metadata: tokenMetadataFrom(sources, collection.name, tokenId),
      totalSupply,
      ...(query.ownerAddress === undefined ? {} : { balance }),
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
  };
}
