import http from "node:http";
import type { Address } from "viem";
import type { RuntimeConfig } from "../../server/config/runtime.js";
import { PAGE_SIZE } from "../../server/schemas/common.js";
import type { IndexFreshness } from "../../server/services/chains/indexFreshness.js";
import type { IndexDb } from "../../server/services/collections/collections.js";
import { listErc721Owners, listErc721Tokens } from "../../server/services/tokens/erc721Tokens.js";
import { listHolders } from "../../server/services/tokens/holders.js";
import { listErc1155Owners, nextPageKeyOf } from "../../server/services/tokens/owners.js";
import { listTransfers } from "../../server/services/tokens/transfers.js";
import { listWalletTokens } from "../../server/services/tokens/walletTokens.js";
import type { StoreDb } from "../../server/store/database/db.js";

/** What the routes' handlers are given (server/http/app.ts), and the project the bench's token belongs to. */
export type MinimalServerDeps = { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig; projectId: string };

/**
 * The lookups read the current state: nothing here waits for a block (the routes' minBlock) or reads at one
 * (atBlock), which is all the holders' service uses this for.
 */
const CURRENT_STATE_ONLY: IndexFreshness = {
  awaitIncluded: async () => undefined,
  indexedBlocks: () => Promise.reject(new Error("The minimal server reads the current state only.")),
};

type Answer = (query: URLSearchParams) => Promise<object>;

/**
 * Each read route the lookups call, as its handler (server/http/routes/*.ts) answers it: the same service function,
 * the same body. The parameters are taken as they come, with no validation: the lookups send valid ones.
 */
function answersByPath(deps: MinimalServerDeps): Record<string, Answer> {
  const optional = <T>(query: URLSearchParams, name: string, parse: (value: string) => T): T | undefined => {
    const value = query.get(name);
    return value === null ? undefined : parse(value);
  };
  const collectionQuery = (query: URLSearchParams) => ({ chainId: Number(query.get("chainId")), contractAddress: query.get("contractAddress") as Address });
  const pagedQuery = (query: URLSearchParams) => ({ ...collectionQuery(query), page: Number(query.get("page") ?? 0), pageSize: PAGE_SIZE });
  const asAddress = (value: string) => value as Address;

  return {
    "/api/v1/erc721/tokens": async (query) => {
      const listing = {
        ...pagedQuery(query),
        tokenIds: optional(query, "tokenIds", (ids) => ids.split(",").map(BigInt)),
        ownerAddress: optional(query, "ownerAddress", asAddress),
      };
      const page = await listErc721Tokens(deps, deps.projectId, listing);
      return { success: true, tokens: page.items, page: listing.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (token) => token.tokenId) };
    },
    "/api/v1/erc721/owners": async (query) => {
      const owners = pagedQuery(query);
      const page = await listErc721Owners(deps, owners);
      return { success: true, owners: page.items, page: owners.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (owner) => owner.ownerAddress.toLowerCase()) };
    },
    "/api/v1/erc1155/owners": async (query) => {
      const owners = pagedQuery(query);
      const page = await listErc1155Owners(deps.indexDb, deps.runtime, owners);
      return { success: true, owners: page.items, page: owners.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (owner) => owner.ownerAddress.toLowerCase()) };
    },
    "/api/holders": async (query) => {
      const contractAddresses = (query.get("contractAddresses") ?? "").split(",").map(asAddress);
      const answer = await listHolders({ ...deps, freshness: CURRENT_STATE_ONLY }, { contractAddresses, chainId: optional(query, "chainId", Number) });
      return { success: true, holders: answer.holders };
    },
    "/api/v1/transfers": async (query) => {
      const filters = { tokenId: optional(query, "tokenId", BigInt), address: optional(query, "address", asAddress) };
      return { success: true, ...(await listTransfers(deps, { ...collectionQuery(query), ...filters, pageSize: PAGE_SIZE })) };
    },
    "/api/v1/tokens": async (query) => {
      const owner = { chainId: Number(query.get("chainId")), ownerAddress: query.get("ownerAddress") as Address, pageSize: PAGE_SIZE };
      return { success: true, ...(await listWalletTokens(deps, deps.projectId, owner)) };
    },
  };
}

/**
 * The fair limit of a read route on this machine: a bare `node:http` server that answers each lookup with the
 * route's service function and body, without the route's framework, authentication, rate limit, validation or
 * middleware. What the route costs beyond it is what the service adds around the same work.
 */
export function createMinimalServer(deps: MinimalServerDeps): http.Server {
  const answers = answersByPath(deps);
  return http.createServer((request, response) => {
    const send = (status: number, body: object) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      response.end(text);
    };
    const url = new URL(request.url ?? "/", "http://minimal-server");
    const answer = answers[url.pathname];
    if (answer === undefined) {
      send(404, { success: false, error: `The minimal server has no lookup at ${url.pathname}.` });
      return;
    }
    answer(url.searchParams).then(
      (body) => send(200, body),
      (error: unknown) => send(500, { success: false, error: String(error) }),
    );
  });
}
