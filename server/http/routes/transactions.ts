import { z } from "@hono/zod-openapi";
import type { Hex } from "viem";
import { bearerSecurity, errorResponses } from "../../schemas/common.js";
import { transactionResponse } from "../../schemas/writes.js";
import * as field from "../../schemas/fields.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import { getTransaction } from "../../services/transactions/transactions.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireScope } from "../middleware/auth.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";

const getRouteSpec = apiRoute({
  method: "get",
  path: "/api/v1/transactions/{hash}",
  operationId: "getTransaction",
  tags: ["transactions"],
  description:
    "A transaction sent by the service, by its hash: its status and confirmations, whether it is final, its gas and fee, and the tokens it minted.",
  summary: "A transaction the service sent: status, block, gas, fee, earlier attempts and what it minted",
  security: bearerSecurity,
  middleware: [requireScope("read")] as const,
  request: {
    params: z.object({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hash").openapi({ param: { name: "hash", in: "path" }, description: "The transaction's hash", example: field.EXAMPLE.transactionHash }) }),
  },
  responses: {
    200: { description: "The transaction", content: { "application/json": { schema: transactionResponse } } },
    ...errorResponses,
  },
});

export function transactionsRoutes(deps: { writer: ChainWriter; store: StoreDb }) {
  return createRouter().openapi(getRouteSpec, async (c) => {
    const view = await getTransaction(deps.writer, deps.store, c.req.valid("param").hash.toLowerCase() as Hex);
    return c.json({ success: true as const, ...view }, 200);
  });
}
