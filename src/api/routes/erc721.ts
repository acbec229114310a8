import { createCollection } from "../../services/createCollection.js";
import type { ChainWriter } from "../../services/chainWriter.js";
import { mintErc721 } from "../../services/mint.js";
import { createCollectionResponse, createNftCollectionBody, mintErc721Body, writeResponse } from "../../schemas/writes.js";
import type { StoreDb } from "../../store/db.js";
import { callerOf } from "../context.js";
import { createRouter } from "../router.js";
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

export function erc721Routes(deps: { writer: ChainWriter; store: StoreDb }) {
  return createRouter()
    .openapi(createRouteSpec, async (c) => {
      const body = c.req.valid("json");
      return c.json(await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc721", ...body }), 200);
    })
    .openapi(mintRouteSpec, async (c) => c.json(await mintErc721(deps.writer, deps.store, callerOf(c), c.req.valid("json")), 200));
}
