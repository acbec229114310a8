import { createCollection } from "../../services/createCollection.js";
import type { ChainWriter } from "../../services/chainWriter.js";
import { mintErc20 } from "../../services/mint.js";
import { createCollectionResponse, createErc20Body, mintErc20Body, writeResponse } from "../../schemas/writes.js";
import type { StoreDb } from "../../store/db.js";
import { callerOf } from "../context.js";
import { createRouter } from "../router.js";
import { jsonWriteRoute } from "./writeRoute.js";

const createRouteSpec = jsonWriteRoute({
  path: "/api/v1/erc20/create",
  tag: "erc20",
  summary: "Deploy an ERC-20 token owned by the calling project",
  scope: "mint",
  body: createErc20Body,
  response: createCollectionResponse,
});

const mintRouteSpec = jsonWriteRoute({
  path: "/api/v1/erc20/mint",
  tag: "erc20",
  summary: "Mint ERC-20 tokens (human-readable amount, scaled by the token's decimals)",
  scope: "mint",
  body: mintErc20Body,
  response: writeResponse,
});

export function erc20Routes(deps: { writer: ChainWriter; store: StoreDb }) {
  return createRouter()
    .openapi(createRouteSpec, async (c) => {
      const body = c.req.valid("json");
      return c.json(await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc20", ...body }), 200);
    })
    .openapi(mintRouteSpec, async (c) => c.json(await mintErc20(deps.writer, deps.store, callerOf(c), c.req.valid("json")), 200));
}
