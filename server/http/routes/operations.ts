import { bearerSecurity, errorResponses } from "../../schemas/common.js";
import { operationParams, operationResponse } from "../../schemas/operations.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import { getOperation } from "../../services/transactions/operations.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireScope } from "../middleware/auth.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";

const getRouteSpec = apiRoute({
  method: "get",
  path: "/api/v1/operations/{operationId}",
  operationId: "getOperation",
  tags: ["transactions"],
  description:
    "Every write's answer carries an operationId. This tells what became of it: pending, success or failure, the transaction that carries it (the latest one if it was replaced by a fee bump or sent again after a reorganisation), and the tokens it minted, with their ids.",
  summary: "A write request by the operationId its answer carried: its status, its transaction (followed if sent again) and what it minted",
  security: bearerSecurity,
  middleware: [requireScope("read")] as const,
  request: { params: operationParams },
  responses: {
    200: { description: "The operation", content: { "application/json": { schema: operationResponse } } },
    ...errorResponses,
  },
});

export function operationsRoutes(deps: { writer: ChainWriter; store: StoreDb }) {
  return createRouter().openapi(getRouteSpec, async (c) => {
    const view = await getOperation(deps.writer, deps.store, c.get("principal").projectId, c.req.valid("param").operationId);
    return c.json({ success: true as const, ...view }, 200);
  });
}
