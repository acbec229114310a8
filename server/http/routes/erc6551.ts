import { z } from "@hono/zod-openapi";
import * as field from "../../schemas/fields.js";
import { tokenIdSchema } from "../../schemas/amounts.js";
import { addressSchema, chainIdSchema, errorBodySchema, errorResponses, PAGE_SIZE } from "../../schemas/common.js";
import { nftAccountsQuery, nftAccountsResponse } from "../../schemas/accounts.js";
import { hasScope } from "../../services/projects/apiTokens.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { describeTokenAccount, listNftAccounts } from "../../services/accounts/erc6551.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { ForbiddenError } from "../../errors.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";

/**
 * Needs no token (decisions.md): the address is a computation from public data (registry, implementation, token),
 * and whether code is there is what any RPC would tell.
 */
const accountRouteSpec = apiRoute({
  method: "get",
  path: "/api/v1/erc6551/account",
  operationId: "describeTokenAccount",
  tags: ["erc6551"],
  description:
    "Computes the token's ERC-6551 account address (registry, tokenhub's implementation, salt 0) and asks the chain whether code is there. Public: the address follows from public data.",
  security: [],
  summary: "The ERC-6551 account address of a token (known before it is created) and whether it is deployed; needs no token",
  request: { query: z.object({ tokenChainId: chainIdSchema, tokenContractAddress: addressSchema, tokenId: tokenIdSchema }) },
  responses: {
    200: {
      description: "The account",
      content: {
        "application/json": {
          schema: z
            .object({
              success: field.success,
              account: z
                .object({
                  contractAddress: z.string().openapi({ description: "The account's address (registry, tokenhub's implementation, salt 0)" }),
                  deployed: z.boolean().openapi({ description: "Whether code is at that address on the chain now" }),
                })
                .openapi({ description: "The token's account" }),
            })
            .openapi("Erc6551Account"),
        },
      },
    },
    400: errorResponses[400],
    404: errorResponses[404],
    503: { description: "The chain's RPC did not answer whether the account is deployed", content: { "application/json": { schema: errorBodySchema } } },
  },
});

const accountsRouteSpec = indexReadRoute({
  path: "/api/v1/erc6551/accounts",
  operationId: "listNftAccounts",
  tag: "erc6551",
  description:
    "For every ERC-721 token the owner holds (or, without ownerAddress, that the project's cloud keys hold), its ERC-6551 account address and whether it is deployed, 50 a page.",
  summary: "The ERC-6551 accounts of the ERC-721 tokens an owner holds (or the project's cloud keys hold), created or not yet, by chain, contract and token id",
  query: nftAccountsQuery,
  response: nftAccountsResponse,
});

export function erc6551Routes(deps: { writer: ChainWriter; indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter()
    .openapi(accountRouteSpec, async (c) => {
      const query = c.req.valid("query");
      const account = await describeTokenAccount(deps.writer, { chainId: query.tokenChainId, contractAddress: query.tokenContractAddress, tokenId: query.tokenId });
      return c.json({ success: true as const, account }, 200);
    })
    .openapi(accountsRouteSpec, async (c) => {
      const query = c.req.valid("query");
      const principal = c.get("principal");
      // Which addresses are the project's keys is what GET /api/v1/key/keys tells, to the keys scope only.
      if (query.ownerAddress === undefined && !hasScope(principal, "keys")) {
        throw new ForbiddenError("Listing the accounts of the project's cloud keys needs the 'keys' scope; give ownerAddress to list an owner's.");
      }
      const page = await listNftAccounts(deps, { ...query, projectId: principal.projectId, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, accounts: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: page.nextPageKey }, 200);
    });
}
