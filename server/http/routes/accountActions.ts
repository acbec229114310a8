import type { CloudKeyCustody } from "../../custody/cloudKeyCustody.js";
import { batchCallsBody, createAccountBody, createAccountResponse, executeCallBody } from "../../schemas/accounts.js";
import { writeResponse } from "../../schemas/writes.js";
import { createNftAccount, executeAccountCalls } from "../../services/accounts/accountActions.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import type { IndexDb } from "../../services/collections/collections.js";
import type { StoreDb } from "../../store/database/db.js";
import { callerOf } from "../context.js";
import { createRouter } from "../router.js";
import { chainWriteRoute } from "./writeRoute.js";
import { withWriteOutcome } from "../../services/transactions/operations.js";

const createSpec = chainWriteRoute({
  path: "/api/v1/erc6551/create",
  operationId: "createNftAccount",
  tag: "erc6551",
  description:
    "Deploys the token's ERC-6551 account through the registry (tokenhub's account implementation, salt 0), paid for by the service's signer. The address is the one GET /api/v1/erc6551/account tells beforehand; an account that already exists is answered without sending anything.",
  summary: "Create an NFT's ERC-6551 account (idempotent: an existing account is returned and nothing is sent)",
  scope: "accounts",
  body: createAccountBody,
  response: createAccountResponse,
});

/** `/account/call` is the name some GroupOS clients use for executeCall. */
const executeCallSpecs = ["/api/v1/account/executeCall", "/api/v1/account/call"].map((path) =>
  chainWriteRoute({
    path,
    operationId: path.endsWith("/call") ? "executeAccountCallAlias" : "executeAccountCall",
    tag: "accounts",
    description:
      "Sends `call` (to, value in wei, calldata) from the ERC-6551 account. The account's NFT must be held by one of the project's cloud keys, which signs; the service's signer pays the gas. The answer comes once the transaction is sent; GET /api/v1/account/calls lists the account's executed calls.",
    summary: `Run one call through an ERC-6551 account whose NFT a cloud key of the project holds (the service pays the gas)${path.endsWith("/call") ? "; the same as /account/executeCall" : ""}`,
    scope: "accounts",
    body: executeCallBody,
    response: writeResponse,
  }),
);

const batchCallsSpec = chainWriteRoute({
  path: "/api/v1/account/batchCalls",
  operationId: "executeAccountCalls",
  tag: "accounts",
  description: "Sends every call of `calls` from the ERC-6551 account in one transaction: if one reverts, none happens. Same conditions as /account/executeCall.",
  summary: "Run calls through an ERC-6551 account atomically, all or none (the service pays the gas)",
  scope: "accounts",
  body: batchCallsBody,
  response: writeResponse,
});

export function accountActionsRoutes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb; cloudKeys: CloudKeyCustody }) {
  const router = createRouter().openapi(createSpec, async (c) => {
    const created = await createNftAccount(deps, callerOf(c), c.req.valid("json").nft);
    return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, created), 200);
  });
  for (const spec of executeCallSpecs) {
    router.openapi(spec, async (c) => {
      const { accountAddress, call } = c.req.valid("json");
      const sent = await executeAccountCalls(deps, callerOf(c), { chainId: call.chainId, accountAddress, calls: [call] });
      return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, sent), 200);
    });
  }
  return router.openapi(batchCallsSpec, async (c) => {
    const sent = await executeAccountCalls(deps, callerOf(c), c.req.valid("json"));
    return c.json(await withWriteOutcome(deps.writer, deps.store, callerOf(c).projectId, c.req.valid("query").wait, sent), 200);
  });
}
