import { type Address, getAddress } from "viem";
import type { RuntimeConfig } from "../../server/config/runtime.js";
import type { IndexDb } from "../../server/services/collections/collections.js";
import { findIndexedCollection, type IndexedCollection } from "../../server/services/collections/indexedCollections.js";
import { erc721OwnersRow, erc721TokensPageRow } from "../../server/services/tokens/erc721Tokens.js";
import { holdingsWithMetadata } from "../../server/services/tokens/holders.js";
import { erc1155OwnersRows } from "../../server/services/tokens/owners.js";
import { listTransfers } from "../../server/services/tokens/transfers.js";
import { listWalletTokens } from "../../server/services/tokens/walletTokens.js";
import { ownerAddress, type SeedPlan } from "./seed.js";

/**
 * The read routes bench/queries measures, each with the statements the route runs for it: shared with bench/replicas,
 * which measures them through one and two API replicas.
 */
export type Lookup = {
  name: string;
  /** The route's path and query, drawn afresh per request where the lookup has a parameter. */
  path: () => string;
  /**
   * The same lookup as the route's own statements (the service's function that runs them), given a pool like the
   * route's (bench/lib/indexReadPool.ts): what the route costs without the HTTP request around it. The transfers and
   * an owner's tokens keep their statements inside the service's function: theirs is the whole function, its shaping
   * of the answer included.
   */
  statement: (deps: StatementDeps) => Promise<unknown>;
};

/** What the routes' service functions read with: the pool, the service's runtime configuration, the caller's project. */
export type StatementDeps = { indexDb: IndexDb; runtime: RuntimeConfig; projectId: string };

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
  const { tokens, owners } = plan.erc721;
  const erc721Query = `chainId=${CHAIN_ID}&contractAddress=${created.erc721}`;
  const deepPage = Math.floor(tokens / PAGE_SIZE / 2);
  const holderContracts = [created.holdersErc20!, created.holdersErc721!, created.holdersErc1155!];
  const randomTokenId = () => 1 + randomInt(tokens);
  const randomTokenIds = () => Array.from({ length: TOKEN_IDS_PER_FILTER }, randomTokenId);
  const randomOwner = () => getAddress(ownerAddress(randomInt(owners)));
  const tokensPage = { chainId: CHAIN_ID, contractAddress: created.erc721!, page: 0, pageSize: PAGE_SIZE };
  const transfersPage = { chainId: CHAIN_ID, contractAddress: created.erc721!, pageSize: PAGE_SIZE };
  let holderCollections: Promise<IndexedCollection[]> | undefined;
  const holderCollectionsOf = (db: IndexDb) =>
    (holderCollections ??= Promise.all(holderContracts.map(async (address) => (await findIndexedCollection(db, CHAIN_ID, address.toLowerCase() as Address))!)));

  return [
    {
      name: "erc721/tokens, first page",
      path: () => `/api/v1/erc721/tokens?${erc721Query}`,
      statement: ({ indexDb }) => erc721TokensPageRow(indexDb, tokensPage),
    },
    {
      name: `erc721/tokens, page ${deepPage}`,
      path: () => `/api/v1/erc721/tokens?${erc721Query}&page=${deepPage}`,
      statement: ({ indexDb }) => erc721TokensPageRow(indexDb, { ...tokensPage, page: deepPage }),
    },
    {
      name: "erc721/tokens, ownerAddress",
      path: () => `/api/v1/erc721/tokens?${erc721Query}&ownerAddress=${randomOwner()}`,
      statement: ({ indexDb }) => erc721TokensPageRow(indexDb, { ...tokensPage, ownerAddress: randomOwner() }),
    },
    {
      name: `erc721/tokens, ${TOKEN_IDS_PER_FILTER} tokenIds`,
      path: () => `/api/v1/erc721/tokens?${erc721Query}&tokenIds=${randomTokenIds().join(",")}`,
      statement: ({ indexDb }) => erc721TokensPageRow(indexDb, { ...tokensPage, tokenIds: randomTokenIds().map(BigInt) }),
    },
    {
      name: "erc721/owners, first page",
      path: () => `/api/v1/erc721/owners?${erc721Query}`,
      statement: ({ indexDb }) => erc721OwnersRow(indexDb, tokensPage),
    },
    {
      name: "erc1155/owners, first page",
      path: () => `/api/v1/erc1155/owners?chainId=${CHAIN_ID}&contractAddress=${created.erc1155}`,
      statement: ({ indexDb }) => erc1155OwnersRows(indexDb, { ...tokensPage, contractAddress: created.erc1155! }),
    },
    {
      name: "holders of 3 contracts",
      path: () => `/api/holders?chainId=${CHAIN_ID}&contractAddresses=${holderContracts.join(",")}`,
      statement: async ({ indexDb }) => await holdingsWithMetadata(indexDb, await holderCollectionsOf(indexDb), undefined),
    },
    {
      name: "transfers, first page",
      path: () => `/api/v1/transfers?${erc721Query}`,
      statement: (deps) => listTransfers(deps, transfersPage),
    },
    {
      name: "transfers, tokenId",
      path: () => `/api/v1/transfers?${erc721Query}&tokenId=${randomTokenId()}`,
      statement: (deps) => listTransfers(deps, { ...transfersPage, tokenId: BigInt(randomTokenId()) }),
    },
    {
      name: "transfers, address",
      path: () => `/api/v1/transfers?${erc721Query}&address=${randomOwner()}`,
      statement: (deps) => listTransfers(deps, { ...transfersPage, address: randomOwner() }),
    },
    {
      name: "tokens of an owner",
      path: () => `/api/v1/tokens?chainId=${CHAIN_ID}&ownerAddress=${randomOwner()}`,
      statement: (deps) => listWalletTokens(deps, deps.projectId, { chainId: CHAIN_ID, ownerAddress: randomOwner(), pageSize: PAGE_SIZE }),
    },
  ];
}
