import { createCollection } from "../../services/collections/createCollection.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import { mintErc721 } from "../../services/tokens/mint.js";
import { createCollectionResponse, createNftCollectionBody, mintErc721Body, writeResponse } from "../../schemas/writes.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { listOfBothKeys, PAGE_SIZE } from "../../schemas/common.js";
import { erc721OwnersQuery, erc721OwnersResponse, erc721TokensQuery, erc721TokensResponse } from "../../schemas/owners.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { listErc721Owners, listErc721Tokens } from "../../services/tokens/erc721Tokens.js";
import { erc721OwnersAtBlock, erc721TokensAtBlock } from "../../services/tokens/pastState.js";
import type { StoreDb } from "../../store/database/db.js";
import { callerOf } from "../context.js";
import { nextPageKeyOf } from "../../services/tokens/owners.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";
import { chainWriteRoute } from "./writeRoute.js";
import { withWriteOutcome } from "../../services/transactions/operations.js";

const createRouteSpec = chainWriteRoute({
  path: "/api/v1/erc721/create",
  operationId: "createErc721Collection",
  tag: "erc721",
  description:
    "Deploys a new ERC-721 collection, paid for and administered by the service's signer; the calling project owns it. `defaultMetadata` is what every token shows until it gets its own; `transferable: false` makes the tokens soulbound.",
  summary: "Deploy an ERC-721 collection owned by the calling project",
  scope: "mint",
  body: createNftCollectionBody,
  response: createCollectionResponse,
});

const mintRouteSpec = chainWriteRoute({
  path: "/api/v1/erc721/mint",
  operationId: "mintErc721",
  tag: "erc721",
  description: `Mints the collection's next token to the recipient, with its own metadata if given (served at /metadata/{chainId}/{contractAddress}/{tokenId}). The answer comes once the transaction is sent, not mined: follow it with GET /api/v1/operations/{operationId} (or the transactionUrl), or send \`?wait=mined\` to have the answer wait for it. The operation (or the answer, with \`wait\`) tells the token id once mined.`,
  summary: "Mint one ERC-721 token (ids are assigned by the contract, from 1 up)",
  scope: "mint",
  body: mintErc721Body,
  response: writeResponse,
});

const tokensRouteSpec = indexReadRoute({
  path: "/api/v1/erc721/tokens",
  operationId: "listErc721Tokens",
  tag: "erc721",
  description:
    "The collection's tokens in token id order, 50 a page, optionally only some ids, one owner's, or those of a chat user linked with POST /api/v1/chatUsers/link; each with its owner, its effective metadata and its ERC-6551 account address.",
  summary: "Tokens of an ERC-721 collection by token id, with owner, effective metadata and ERC-6551 account address",
  query: erc721TokensQuery,
  response: erc721TokensResponse,
});

const ownersRouteSpec = indexReadRoute({
  path: "/api/v1/erc721/owners",
  operationId: "listErc721Owners",
  tag: "erc721",
  description: "Every address holding tokens of the collection, by address, 50 a page, each with the ids it holds.",
  summary: "Holders of an ERC-721 collection, by owner address, each with all its tokens",
  query: erc721OwnersQuery,
  response: erc721OwnersResponse,
});

export function erc721Routes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter()
    .openapi(createRouteSpec, async (c) => {
      const body = c.req.valid("json");
      const created = await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc721", ...body });
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, created), 200);
    })
    .openapi(mintRouteSpec, async (c) => {
      const sent = await mintErc721(deps.writer, deps.store, callerOf(c), c.req.valid("json"));
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, sent), 200);
    })
    .openapi(tokensRouteSpec, async (c) => {
      const query = c.req.valid("query");
      const listing = {
        chainId: query.chainId,
        contractAddress: query.contractAddress,
        tokenIds: listOfBothKeys(query.tokenIds, query["tokenIds[]"]),
        ownerAddress: query.ownerAddress,
        chatId: query.chatId ?? query.telegramId ?? query.discordId,
        page: query.page,
        pageKey: query.pageKey,
        pageSize: PAGE_SIZE,
      };
      if (query.atBlock !== undefined) {
        const past = await erc721TokensAtBlock({ ...deps, freshness: c.get("indexFreshness") }, c.get("principal").projectId, { ...listing, atBlock: query.atBlock });
        const nextPageKey = nextPageKeyOf(past, (token) => token.tokenId);
        return c.json({ success: true as const, tokens: past.items, page: query.page, nextPage: past.nextPage, nextPageKey, atBlock: past.atBlock, finalized: past.finalized }, 200);
      }
      const page = await listErc721Tokens(deps, c.get("principal").projectId, listing);
      return c.json({ success: true as const, tokens: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (token) => token.tokenId) }, 200);
    })
    .openapi(ownersRouteSpec, async (c) => {
      const query = c.req.valid("query");
      if (query.atBlock !== undefined) {
        const past = await erc721OwnersAtBlock({ ...deps, freshness: c.get("indexFreshness") }, { ...query, atBlock: query.atBlock, pageSize: PAGE_SIZE });
        const nextPageKey = nextPageKeyOf(past, (owner) => owner.ownerAddress.toLowerCase());
        return c.json({ success: true as const, owners: past.items, page: query.page, nextPage: past.nextPage, nextPageKey, atBlock: past.atBlock, finalized: past.finalized }, 200);
      }
      const page = await listErc721Owners(deps, { ...query, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, owners: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (owner) => owner.ownerAddress.toLowerCase()) }, 200);
    });
}
