import { createCollection } from "../../services/collections/createCollection.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import { batchMintErc1155, createErc1155TokenType, mintErc1155 } from "../../services/tokens/mint.js";
import {
  batchMintErc1155Body,
  createErc1155Body,
  createErc1155Response,
  createTokenTypeBody,
  createTokenTypeResponse,
  erc1155CreateFormOf,
  mintErc1155Body,
  writeResponse,
} from "../../schemas/writes.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { listOfBothKeys, PAGE_SIZE } from "../../schemas/common.js";
import { erc1155OwnersQuery, erc1155OwnersResponse, erc1155TokensQuery, erc1155TokensResponse } from "../../schemas/owners.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { listErc1155Owners } from "../../services/tokens/owners.js";
import { erc1155OwnersAtBlock } from "../../services/tokens/pastState.js";
import { listErc1155Tokens } from "../../services/tokens/erc1155Tokens.js";
import type { StoreDb } from "../../store/database/db.js";
import { callerOf } from "../context.js";
import { nextPageKeyOf } from "../../services/tokens/owners.js";
import { createRouter, validationErrorFromIssues } from "../router.js";
import { indexReadRoute } from "./readRoute.js";
import { chainWriteRoute } from "./writeRoute.js";
import { withWriteOutcome } from "../../services/transactions/operations.js";

const createRouteSpec = chainWriteRoute({
  path: "/api/v1/erc1155/create",
  operationId: "createErc1155Collection",
  tag: "erc1155",
  description:
    "With `name` and `symbol`, deploys a new ERC-1155 collection owned by the calling project (as /erc721/create does). Without a name but with `contractAddress`, creates a token type in that collection and answers its tokenId (as /erc1155/tokens/create does).",
  summary:
    "Deploy an ERC-1155 collection owned by the calling project (name, symbol); or, as GroupOS does, create a token type of one (contractAddress, metadata; no name)",
  scope: "mint",
  body: createErc1155Body,
  response: createErc1155Response,
});

const createTokenTypeSpec = chainWriteRoute({
  path: "/api/v1/erc1155/tokens/create",
  operationId: "createErc1155TokenType",
  tag: "erc1155",
  description:
    "Reserves the collection's next token id for a new token type with its metadata. Nothing is sent to the chain: the type exists once its first token is minted, and lists in GET /api/v1/erc1155/tokens before that.",
  summary: "Create an ERC-1155 token type with its metadata; returns its tokenId",
  scope: "mint",
  body: createTokenTypeBody,
  response: createTokenTypeResponse,
});

const mintRouteSpec = chainWriteRoute({
  path: "/api/v1/erc1155/mint",
  operationId: "mintErc1155",
  tag: "erc1155",
  description: `Mints \`amount\` tokens of type \`tokenId\` to the recipient. The answer comes once the transaction is sent, not mined: follow it with GET /api/v1/operations/{operationId} (or the transactionUrl), or send \`?wait=mined\` to have the answer wait for it.`,
  summary: "Mint an amount of one ERC-1155 token type",
  scope: "mint",
  body: mintErc1155Body,
  response: writeResponse,
});

const batchMintSpec = chainWriteRoute({
  path: "/api/v1/erc1155/batchMint",
  operationId: "batchMintErc1155",
  tag: "erc1155",
  description: "Mints every entry of `mints` (recipient, token type, amount) in one transaction: all or none. The number of entries is limited by TOKENHUB_MAX_BATCH_SIZE.",
  summary: "Mint several ERC-1155 tokens in one transaction",
  scope: "mint",
  body: batchMintErc1155Body,
  response: writeResponse,
});

const tokensRouteSpec = indexReadRoute({
  path: "/api/v1/erc1155/tokens",
  operationId: "listErc1155Tokens",
  tag: "erc1155",
  description: "The collection's token types in token id order, 50 a page, each with its effective metadata and its supply; optionally some ids, or those one owner holds.",
  summary: "Token types of an ERC-1155 collection by token id, with effective metadata and supply (created types not minted yet included)",
  query: erc1155TokensQuery,
  response: erc1155TokensResponse,
});

const ownersRouteSpec = indexReadRoute({
  path: "/api/v1/erc1155/owners",
  operationId: "listErc1155Owners",
  tag: "erc1155",
  description: "Every address holding tokens of the collection, by address, 50 a page, each with the amount of each type it holds and their sum.",
  summary: "Holders of an ERC-1155 collection, by owner address, each with its tokens and their sum",
  query: erc1155OwnersQuery,
  response: erc1155OwnersResponse,
});

export function erc1155Routes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb; runtime: RuntimeConfig; maxBatchSize: number }) {
  return createRouter()
    .openapi(
      createRouteSpec,
      async (c) => {
        const body = c.req.valid("json");
        const created =
          "name" in body
            ? await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc1155", ...body })
            : await createErc1155TokenType(deps.writer, deps.store, callerOf(c), body);
        return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, created), 200);
      },
      // A body that fits neither form is told what its own form lacks, rather than both forms' problems at once.
      (result) => {
        if (result.success) return undefined;
        if (result.target !== "json") throw validationErrorFromIssues(result.error.issues, result.target === "query" ? "query" : result.target);
        const [issue] = result.error.issues;
        // The validator gives its hook the body it refused beside the error.
        const body = "data" in result ? result.data : undefined;
        throw validationErrorFromIssues(issue?.code === "invalid_union" ? issue.errors[erc1155CreateFormOf(body)]! : result.error.issues, "body");
      },
    )
    .openapi(createTokenTypeSpec, async (c) => {
      const created = await createErc1155TokenType(deps.writer, deps.store, callerOf(c), c.req.valid("json"));
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, created), 200);
    })
    .openapi(mintRouteSpec, async (c) => {
      const sent = await mintErc1155(deps.writer, deps.store, callerOf(c), c.req.valid("json"));
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, sent), 200);
    })
    .openapi(batchMintSpec, async (c) => {
      const sent = await batchMintErc1155(deps.writer, deps.store, callerOf(c), c.req.valid("json"), deps.maxBatchSize);
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, sent), 200);
    })
    .openapi(tokensRouteSpec, async (c) => {
      const { "tokenIds[]": bracketed, ...query } = c.req.valid("query");
      const page = await listErc1155Tokens(deps, { ...query, tokenIds: listOfBothKeys(query.tokenIds, bracketed), pageSize: PAGE_SIZE });
      return c.json({ success: true as const, tokens: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (token) => token.tokenId) }, 200);
    })
    .openapi(ownersRouteSpec, async (c) => {
      const query = c.req.valid("query");
      if (query.atBlock !== undefined) {
        const past = await erc1155OwnersAtBlock({ ...deps, freshness: c.get("indexFreshness") }, { ...query, atBlock: query.atBlock, pageSize: PAGE_SIZE });
        const nextPageKey = nextPageKeyOf(past, (owner) => owner.ownerAddress.toLowerCase());
        return c.json({ success: true as const, owners: past.items, page: query.page, nextPage: past.nextPage, nextPageKey, atBlock: past.atBlock, finalized: past.finalized }, 200);
      }
      const page = await listErc1155Owners(deps.indexDb, deps.runtime, { ...query, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, owners: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (owner) => owner.ownerAddress.toLowerCase()) }, 200);
    });
}
