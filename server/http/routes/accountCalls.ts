import { z } from "@hono/zod-openapi";
import * as field from "../../schemas/fields.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { addressSchema, chainIdSchema, PAGE_SIZE, pageSchema } from "../../schemas/common.js";
import { listAccountTransactions } from "../../services/accounts/accountCalls.js";
import type { IndexDb } from "../../services/collections/collections.js";
import type { StoreDb } from "../../store/database/db.js";
import { createRouter } from "../router.js";
import { indexReadRoute } from "./readRoute.js";

const query = z.object({ chainId: chainIdSchema, accountAddress: addressSchema, page: pageSchema });
const response = z
  .object({
    success: field.success,
    transactions: field.list("The transactions, newest first", 
      z.object({
        timestamp: field.timestamp,
        status: field.txStatus,
        transactionHash: field.transactionHash,
        transactionUrl: field.transactionUrl,
        gasSpent: z.string().nullable().openapi({ description: "Fee in the native unit, decimals applied; null while pending" }),
        calls: field.list(
          "The calls it ran, in order",
          z.object({
            toAddress: z.string().openapi({ description: "The called address" }),
            value: z.string().openapi({ description: "Wei sent with the call (decimal)" }),
            data: z.string().openapi({ description: "The calldata (0x-prefixed hex)" }),
          }),
        ),
      }),
    ),
    page: field.page,
    nextPage: field.nextPage,
  })
  .openapi("AccountTransactions");

/** Both spellings of the interface: `/accounts/calls` (its heading) and `/account/calls` (its example). */
const specs = ["/api/v1/accounts/calls", "/api/v1/account/calls"].map((path) =>
  indexReadRoute({
    path,
    operationId: path.includes("/accounts/") ? "listAccountTransactions" : "listAccountTransactionsAlias",
    tag: "accounts",
    summary: "Call batches an ERC-6551 account executed, newest first",
    description: "The transactions that ran calls through the account, newest first, 50 a page: those the index saw execute, and those tokenhub sent that reverted or are not indexed yet; each with its calls and the fee paid.",
    query,
    response,
  }),
);

export function accountCallsRoutes(deps: { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig }) {
  const router = createRouter();
  for (const spec of specs) {
    router.openapi(spec, async (c) => {
      const params = c.req.valid("query");
      const page = await listAccountTransactions(deps, { ...params, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, transactions: page.items, page: params.page, nextPage: page.nextPage }, 200);
    });
  }
  return router;
}
