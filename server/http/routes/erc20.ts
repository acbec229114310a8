import { createCollection } from "../../services/collections/createCollection.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import { mintErc20 } from "../../services/tokens/mint.js";
import { createErc20Body, createErc20Response, mintErc20Body, writeResponse } from "../../schemas/writes.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { PAGE_SIZE } from "../../schemas/common.js";
import { erc20OwnersQuery, erc20OwnersResponse } from "../../schemas/owners.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { listErc20Owners } from "../../services/tokens/owners.js";
import { erc20OwnersAtBlock } from "../../services/tokens/pastState.js";
import type { StoreDb } from "../../store/database/db.js";
import { callerOf } from "../context.js";
import { nextPageKeyOf } from "../../services/tokens/owners.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";
import { chainWriteRoute } from "./writeRoute.js";
import { withWriteOutcome } from "../../services/transactions/operations.js";

const createRouteSpec = chainWriteRoute({
  path: "/api/v1/erc20/create",
  operationId: "createErc20Collection",
  tag: "erc20",
  description:
    "Deploys a new ERC-20 contract on the chain, paid for and administered by the service's signer; the calling project owns it (only its tokens can mint, permit or update it). The answer carries its address, known before the deployment is mined.",
  summary: "Deploy an ERC-20 token owned by the calling project",
  scope: "mint",
  body: createErc20Body,
  response: createErc20Response,
});

const mintRouteSpec = chainWriteRoute({
  path: "/api/v1/erc20/mint",
  operationId: "mintErc20",
  tag: "erc20",
  description: `Mints \`amount\` (a decimal string such as "12.5", scaled by the token's decimals) to the recipient. The answer comes once the transaction is sent, not mined: follow it with GET /api/v1/operations/{operationId} (or the transactionUrl), or send \`?wait=mined\` to have the answer wait for it.`,
  summary: "Mint ERC-20 tokens (human-readable amount, scaled by the token's decimals)",
  scope: "mint",
  body: mintErc20Body,
  response: writeResponse,
});

const ownersRouteSpec = indexReadRoute({
  path: "/api/v1/erc20/owners",
  operationId: "listErc20Owners",
  tag: "erc20",
  description: "Every address with a non-zero balance of the token, by address, 50 a page, as indexed from the chain's events (a token of any project, or one listed in the chains file).",
  summary: "Holders of an ERC-20 token, by owner address, with human-readable and raw balances",
  query: erc20OwnersQuery,
  response: erc20OwnersResponse,
});

export function erc20Routes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter()
    .openapi(createRouteSpec, async (c) => {
      const body = c.req.valid("json");
      const created = await createCollection(deps.writer, deps.store, callerOf(c), { kind: "erc20", ...body });
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, created), 200);
    })
    .openapi(mintRouteSpec, async (c) => {
      const sent = await mintErc20(deps.writer, deps.store, callerOf(c), c.req.valid("json"));
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, sent), 200);
    })
    .openapi(ownersRouteSpec, async (c) => {
      const query = c.req.valid("query");
      if (query.atBlock !== undefined) {
        const past = await erc20OwnersAtBlock({ ...deps, freshness: c.get("indexFreshness") }, { ...query, atBlock: query.atBlock, pageSize: PAGE_SIZE });
        const nextPageKey = nextPageKeyOf(past, (owner) => owner.ownerAddress.toLowerCase());
        return c.json({ success: true as const, owners: past.items, page: query.page, nextPage: past.nextPage, nextPageKey, atBlock: past.atBlock, finalized: past.finalized }, 200);
      }
      const page = await listErc20Owners(deps.indexDb, deps.runtime, { ...query, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, owners: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: nextPageKeyOf(page, (owner) => owner.ownerAddress.toLowerCase()) }, 200);
    });
}
