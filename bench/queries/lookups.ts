import type { Address } from "viem";
import { ownerAddress, type SeedPlan } from "./seed.js";

/**
 * The read routes bench/queries measures, each with the same lookup as one SQL statement: shared with bench/replicas,
 * which measures them through one and two API replicas.
 */
export type Lookup = {
  name: string;
  /** The route's path and query, drawn afresh per request where the lookup has a parameter. */
  path: () => string;
  /** The same lookup as one SQL statement. */
  sql: () => { text: string; values: unknown[] };
};

const PAGE_SIZE = 50;
const TOKEN_IDS_PER_FILTER = 20;
const DEFAULT_METADATA = {
  description: "A synthetic collection of the query benchmark",
  mediaUrl: "https://media.example/bench.png",
  traits: [{ name: "tier", value: "basic" }],
};

/** The collections the lookups read, created through the API (then seeded): key, route, body. */
export const QUERY_COLLECTIONS = [
  ["erc721", "/api/v1/erc721/create", { name: "Bench", symbol: "BNCH", defaultMetadata: DEFAULT_METADATA }],
  ["erc1155", "/api/v1/erc1155/create", { name: "Bench Items", symbol: "BITM", defaultMetadata: DEFAULT_METADATA }],
  ["holdersErc20", "/api/v1/erc20/create", { name: "Bench Coin", symbol: "BCN", decimals: 6 }],
  ["holdersErc721", "/api/v1/erc721/create", { name: "Bench Pass", symbol: "BPS", defaultMetadata: DEFAULT_METADATA }],
  ["holdersErc1155", "/api/v1/erc1155/create", { name: "Bench Badge", symbol: "BBG", defaultMetadata: DEFAULT_METADATA }],
] as const;

export type QueryCollections = Record<(typeof QUERY_COLLECTIONS)[number][0], Address>;

const randomInt = (below: number) => Math.floor(Math.random() * below);

export function queryLookups({ chainId: CHAIN_ID, created, plan }: { chainId: number; created: Partial<QueryCollections>; plan: SeedPlan }): Lookup[] {
  const { schema } = plan;
  const { tokens, owners } = plan.erc721;
  const t721 = `"${schema}".erc721_token`;
  const t1155 = `"${schema}".erc1155_balance`;
  const t20 = `"${schema}".erc20_balance`;
  const erc721Query = `chainId=${CHAIN_ID}&contractAddress=${created.erc721}`;
  const deepPage = Math.floor(tokens / PAGE_SIZE / 2);
  const holderContracts = [created.holdersErc20!, created.holdersErc721!, created.holdersErc1155!];
  const randomTokenIds = () => Array.from({ length: TOKEN_IDS_PER_FILTER }, () => 1 + randomInt(tokens));
  const pageOfOwners = (table: string, columns: string) =>
    `WITH page AS (SELECT DISTINCT owner FROM ${table} WHERE chain_id = $1 AND contract = $2 ORDER BY owner LIMIT ${PAGE_SIZE + 1})
     SELECT ${columns} FROM ${table} JOIN page USING (owner) WHERE chain_id = $1 AND contract = $2 ORDER BY owner, token_id`;

  return [
    {
      name: "erc721/tokens, first page",
      path: () => `/api/v1/erc721/tokens?${erc721Query}`,
      sql: () => ({ text: `SELECT token_id, owner FROM ${t721} WHERE chain_id = $1 AND contract = $2 ORDER BY token_id LIMIT ${PAGE_SIZE + 1}`, values: [CHAIN_ID, plan.erc721.contract] }),
    },
    {
      name: `erc721/tokens, page ${deepPage}`,
      path: () => `/api/v1/erc721/tokens?${erc721Query}&page=${deepPage}`,
      sql: () => ({
        text: `SELECT token_id, owner FROM ${t721} WHERE chain_id = $1 AND contract = $2 ORDER BY token_id LIMIT ${PAGE_SIZE + 1} OFFSET ${deepPage * PAGE_SIZE}`,
        values: [CHAIN_ID, plan.erc721.contract],
      }),
    },
    {
      name: "erc721/tokens, ownerAddress",
      path: () => `/api/v1/erc721/tokens?${erc721Query}&ownerAddress=${ownerAddress(randomInt(owners))}`,
      sql: () => ({
        text: `SELECT token_id, owner FROM ${t721} WHERE chain_id = $1 AND contract = $2 AND owner = $3 ORDER BY token_id LIMIT ${PAGE_SIZE + 1}`,
        values: [CHAIN_ID, plan.erc721.contract, ownerAddress(randomInt(owners))],
      }),
    },
    {
      name: `erc721/tokens, ${TOKEN_IDS_PER_FILTER} tokenIds`,
      path: () => `/api/v1/erc721/tokens?${erc721Query}&tokenIds=${randomTokenIds().join(",")}`,
      sql: () => ({
        text: `SELECT token_id, owner FROM ${t721} WHERE chain_id = $1 AND contract = $2 AND token_id = ANY($3::numeric[]) ORDER BY token_id LIMIT ${PAGE_SIZE + 1}`,
        values: [CHAIN_ID, plan.erc721.contract, randomTokenIds()],
      }),
    },
    {
      name: "erc721/owners, first page",
      path: () => `/api/v1/erc721/owners?${erc721Query}`,
      sql: () => ({ text: pageOfOwners(t721, "owner, token_id"), values: [CHAIN_ID, plan.erc721.contract] }),
    },
    {
      name: "erc1155/owners, first page",
      path: () => `/api/v1/erc1155/owners?chainId=${CHAIN_ID}&contractAddress=${created.erc1155}`,
      sql: () => ({ text: pageOfOwners(t1155, "owner, token_id, balance"), values: [CHAIN_ID, plan.erc1155.contract] }),
    },
    {
      name: "holders of 3 contracts",
      path: () => `/api/holders?chainId=${CHAIN_ID}&contractAddresses=${holderContracts.join(",")}`,
      sql: () => ({
        text: `SELECT owner, NULL::numeric AS token_id, balance, owner_since FROM ${t20} WHERE chain_id = $1 AND contract = $2
               UNION ALL SELECT owner, token_id, 1, owner_since FROM ${t721} WHERE chain_id = $1 AND contract = $3
               UNION ALL SELECT owner, token_id, balance, owner_since FROM ${t1155} WHERE chain_id = $1 AND contract = $4
               ORDER BY owner, token_id`,
        values: [CHAIN_ID, plan.holders.erc20, plan.holders.erc721, plan.holders.erc1155],
      }),
    },
  ];
}
