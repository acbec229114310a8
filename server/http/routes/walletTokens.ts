import type { RuntimeConfig } from "../../config/runtime.js";
import { PAGE_SIZE } from "../../schemas/common.js";
import { walletTokensQuery, walletTokensResponse } from "../../schemas/walletTokens.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { listWalletTokens } from "../../services/tokens/walletTokens.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";

const walletTokensRouteSpec = indexReadRoute({
  path: "/api/v1/tokens",
  operationId: "listTokensOfOwner",
  tag: "tokens",
  description:
    "Everything an address holds on a chain, across the calling project's collections and the external contracts the index follows (not other projects' collections): each ERC-721 token with its metadata and ERC-6551 account address, each ERC-1155 balance with its metadata, each ERC-20 balance (human-readable and raw). By contract address then token id, 50 a page (pageKey).",
  summary: "Every token an address holds, of every standard and collection",
  query: walletTokensQuery,
  response: walletTokensResponse,
});

export function walletTokensRoutes(deps: { indexDb: IndexDb; runtime: RuntimeConfig }) {
  return createRouter().openapi(walletTokensRouteSpec, async (c) => {
    const query = c.req.valid("query");
    const answer = await listWalletTokens(deps, c.get("principal").projectId, { ...query, pageSize: PAGE_SIZE });
    return c.json({ success: true as const, ...answer }, 200);
  });
}
