import { createCollection } from "../../services/createCollection.js";
import type { ChainWriter } from "../../services/chainWriter.js";
import { batchMintErc1155, createErc1155TokenType, mintErc1155 } from "../../services/mint.js";
import {
  batchMintErc1155Body,
  createCollectionResponse,
  createNftCollectionBody,
  createTokenTypeBody,
  createTokenTypeResponse,
  mintErc1155Body,
  writeResponse,
} from "../../schemas/writes.js";
import type { StoreDb } from "../../store/db.js";
import { callerOf } from "../context.js";
import { createRouter } from "../router.js";
import { jsonWriteRoute } from "./writeRoute.js";

const createRouteSpec = jsonWriteRoute({
  path: "/api/v1/erc1155/create",
  tag: "erc1155",
  summary: "Deploy an ERC-1155 collection owned by the calling project",
  scope: "mint",
  body: createNftCollectionBody,
  response: createCollectionResponse,
});

const createTokenTypeSpec = jsonWriteRoute({
  path: "/api/v1/erc1155/tokens/create",
  tag: "erc1155",
  summary: "Create an ERC-1155 token type with its metadata; returns its tokenId",
  scope: "mint",
  body: createTokenTypeBody,
  response: createTokenTypeResponse,
});

const mintRouteSpec = jsonWriteRoute({
  path: "/api/v1/erc1155/mint",
  tag: "erc1155",
  summary: "Mint an amount of one ERC-1155 token type",
  scope: "mint",
  body: mintErc1155Body,
  response: writeResponse,
});

const batchMintSpec = jsonWriteRoute({
  path: "/api/v1/erc1155/batchMint",
  tag: "erc1155",
  summary: "Mint several ERC-1155 tokens in one transaction",
  scope: "mint",
  body: batchMintErc1155Body,
  response: writeResponse,
});

export function erc1155Routes(deps: { writer: ChainWriter; store: StoreDb; maxBatchSize: number }) {
  return createRouter()
    .openapi(createRouteSpec, async (c) => {
      const body = c.req.valid("json");
      return c.json(await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc1155", ...body }), 200);
    })
    .openapi(createTokenTypeSpec, async (c) => c.json(await createErc1155TokenType(deps.writer, deps.store, callerOf(c), c.req.valid("json")), 200))
    .openapi(mintRouteSpec, async (c) => c.json(await mintErc1155(deps.writer, deps.store, callerOf(c), c.req.valid("json")), 200))
    .openapi(batchMintSpec, async (c) => c.json(await batchMintErc1155(deps.writer, deps.store, callerOf(c), c.req.valid("json"), deps.maxBatchSize), 200));
}
