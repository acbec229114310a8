import type { RuntimeConfig } from "../../config/runtime.js";
import { PAGE_SIZE } from "../../schemas/common.js";
import { transfersQuery, transfersResponse } from "../../schemas/transfers.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { listTransfers } from "../../services/tokens/transfers.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";

const transfersRouteSpec = indexReadRoute({
  path: "/api/v1/transfers",
  operationId: "listTransfers",
  tag: "transfers",
  description:
    "A contract's transfers of any standard, newest first, 50 a page (pageKey): mints and burns included, optionally only one token's, only those from or to an address, or only those of a range of blocks. ERC-20 amounts come human-readable and raw, as the owners routes answer them.",
  summary: "Transfer history of a contract (ERC-20, ERC-721 or ERC-1155), newest first",
  query: transfersQuery,
  response: transfersResponse,
});

export function transfersRoutes(deps: { indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter().openapi(transfersRouteSpec, async (c) => {
    const query = c.req.valid("query");
    const answer = await listTransfers(deps, { ...query, pageSize: PAGE_SIZE });
    return c.json({ success: true as const, ...answer }, 200);
  });
}
