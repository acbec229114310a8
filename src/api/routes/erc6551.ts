import { createRoute, z } from "@hono/zod-openapi";
import { tokenIdSchema } from "../../schemas/amounts.js";
import { addressSchema, bearerSecurity, chainIdSchema, errorResponses, notReadyResponse } from "../../schemas/common.js";
import type { ChainWriter } from "../../services/chainWriter.js";
import { describeTokenAccount } from "../../services/erc6551.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { requireIndexReady } from "../middleware/indexReady.js";
import { createRouter } from "../router.js";

const accountRouteSpec = createRoute({
  method: "get",
  path: "/api/v1/erc6551/account",
  tags: ["erc6551"],
  summary: "The ERC-6551 account address of a token (known before it is created) and whether it is deployed",
  security: bearerSecurity,
  middleware: [combined(requireScope("read"), requireIndexReady())] as const,
  request: { query: z.object({ tokenChainId: chainIdSchema, tokenContractAddress: addressSchema, tokenId: tokenIdSchema }) },
  responses: {
    200: {
      description: "The account",
      content: {
        "application/json": {
          schema: z
            .object({ success: z.literal(true), account: z.object({ contractAddress: z.string(), deployed: z.boolean() }) })
            .openapi("Erc6551Account"),
        },
      },
    },
    ...errorResponses,
      ...notReadyResponse,
  },
});

export function erc6551Routes(deps: { writer: ChainWriter }) {
  return createRouter().openapi(accountRouteSpec, async (c) => {
    const query = c.req.valid("query");
    const account = await describeTokenAccount(deps.writer, { chainId: query.tokenChainId, contractAddress: query.tokenContractAddress, tokenId: query.tokenId });
    return c.json({ success: true as const, account }, 200);
  });
}
