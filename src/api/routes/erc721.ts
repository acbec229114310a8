import { createCollection } from "../../services/createCollection.js";
import type { ChainWriter } from "../../services/chainWriter.js";
import { mintErc721 } from "../../services/mint.js";
import { createCollectionResponse, createNftCollectionBody, mintErc721Body, writeResponse } from "../../schemas/writes.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { listOfBothKeys, PAGE_SIZE } from "../../schemas/common.js";
import { erc721OwnersQuery, erc721OwnersResponse, erc721TokensQuery, erc721TokensResponse } from "../../schemas/owners.js";
import type { IndexDb } from "../../services/collections.js";
import { listErc721Owners, listErc721Tokens } from "../../services/erc721Tokens.js";
import type { StoreDb } from "../../store/db.js";
import { callerOf } from "../context.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";
import { jsonWriteRoute } from "./writeRoute.js";

const createRouteSpec = jsonWriteRoute({
  path: "/api/v1/erc721/create",
  tag: "erc721",
  summary: "Deploy an ERC-721 collection owned by the calling project",
  scope: "mint",
  body: createNftCollectionBody,
  response: createCollectionResponse,
});

const mintRouteSpec = jsonWriteRoute({
  path: "/api/v1/erc721/mint",
  tag: "erc721",
  summary: "Mint one ERC-721 token (ids are assigned by the contract, from 1 up)",
  scope: "mint",
  body: mintErc721Body,
  response: writeResponse,
});

const tokensRouteSpec = indexReadRoute({
  path: "/api/v1/erc721/tokens",
  tag: "erc721",
  summary: "Tokens of an ERC-721 collection by token id, with owner, effective metadata and ERC-6551 account address",
  query: erc721TokensQuery,
  response: erc721TokensResponse,
});

const ownersRouteSpec = indexReadRoute({
  path: "/api/v1/erc721/owners",
  tag: "erc721",
  summary: "Holders of an ERC-721 collection, by owner address, each with all its tokens",
  query: erc721OwnersQuery,
  response: erc721OwnersResponse,
});

export function erc721Routes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter()
    .openapi(createRouteSpec, async (c) => {
      const body = c.req.valid("json");
      return c.json(await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc721", ...body }), 200);
    })
    .openapi(mintRouteSpec, async (c) => c.json(await mintErc721(deps.writer, deps.store, callerOf(c), c.req.valid("json")), 200))
    .openapi(tokensRouteSpec, async (c) => {
      const query = c.req.valid("query");
      const page = await listErc721Tokens(deps, c.get("principal").projectId, {
        chainId: query.chainId,
        contractAddress: query.contractAddress,
        tokenIds: listOfBothKeys(query.tokenIds, query["tokenIds[]"]),
        ownerAddress: query.ownerAddress,
        chatId: query.chatId ?? query.telegramId ?? query.discordId,
        page: query.page,
        pageSize: PAGE_SIZE,
      });
      return c.json({ success: true as const, tokens: page.items, page: query.page, nextPage: page.nextPage }, 200);
    })
    .openapi(ownersRouteSpec, async (c) => {
      const query = c.req.valid("query");
      const page = await listErc721Owners(deps, { ...query, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, owners: page.items, page: query.page, nextPage: page.nextPage }, 200);
    });
}
