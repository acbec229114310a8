import { createRoute } from "@hono/zod-openapi";
import { bearerSecurity, errorBodySchema, errorResponses } from "../../schemas/common.js";
import {
  erc1155PermitBody,
  erc20PermitBatchQuery,
  erc20PermitBatchResponse,
  erc20PermitBody,
  erc721PermitBody,
  noOpenPermitsResponse,
  permitIdParams,
  permitIssuedResponse,
  permitResponse,
  permitRevokedResponse,
} from "../../schemas/permits.js";
import type { ChainWriter } from "../../services/chainWriter.js";
import type { IndexDb } from "../../services/collections.js";
import { erc20PermitBatch, getPermit, issueErc1155Permit, issueErc20Permit, issueErc721Permit, revokePermit } from "../../services/permits.js";
import type { StoreDb } from "../../store/db.js";
import { callerOf } from "../context.js";
import { requireScope } from "../middleware/auth.js";
import { createRouter } from "../router.js";
import { jsonWriteRoute } from "./writeRoute.js";

const issued = "Signed by a service signer holding the minter role; no transaction is sent. The recipient sends `preparedCall` itself and pays its gas.";

const erc20PermitSpec = jsonWriteRoute({
  path: "/api/v1/erc20/permit",
  tag: "permits",
  summary: `Permit a recipient to mint ERC-20 tokens (human-readable amount). ${issued}`,
  scope: "permit",
  body: erc20PermitBody,
  response: permitIssuedResponse,
});

const erc721PermitSpec = jsonWriteRoute({
  path: "/api/v1/erc721/permit",
  tag: "permits",
  summary: `Permit a recipient to mint one ERC-721 token, with metadata for it. ${issued}`,
  scope: "permit",
  body: erc721PermitBody,
  response: permitIssuedResponse,
});

const erc1155PermitSpec = jsonWriteRoute({
  path: "/api/v1/erc1155/permit",
  tag: "permits",
  summary: `Permit a recipient to mint an amount of an ERC-1155 token type. ${issued}`,
  scope: "permit",
  body: erc1155PermitBody,
  response: permitIssuedResponse,
});

const batchSpec = createRoute({
  method: "get",
  path: "/api/v1/erc20/permit/batch",
  tags: ["permits"],
  summary: "One call that redeems all of a recipient's unused, unexpired ERC-20 permits (multicall), with their total",
  security: bearerSecurity,
  middleware: [requireScope("read")] as const,
  request: { query: erc20PermitBatchQuery },
  responses: {
    200: { description: "The call and the total it mints", content: { "application/json": { schema: erc20PermitBatchResponse } } },
    ...errorResponses,
    404: {
      description: "Contract not this project's, or no permit left to redeem (then with zero totals)",
      content: { "application/json": { schema: noOpenPermitsResponse.or(errorBodySchema) } },
    },
  },
});

const getSpec = createRoute({
  method: "get",
  path: "/api/v1/permits/{permitId}",
  tags: ["permits"],
  summary: "A permit and its status from the indexed chain: open, redeemed (transaction, minted token ids), expired or revoked",
  security: bearerSecurity,
  middleware: [requireScope("read")] as const,
  request: { params: permitIdParams },
  responses: {
    200: { description: "The permit", content: { "application/json": { schema: permitResponse } } },
    ...errorResponses,
  },
});

const revokeSpec = createRoute({
  method: "delete",
  path: "/api/v1/permits/{permitId}",
  tags: ["permits"],
  summary: "Revoke a permit on chain (invalidateNonce, sent by the signer that signed it); a repeat answers the same transaction",
  security: bearerSecurity,
  middleware: [requireScope("permit")] as const,
  request: { params: permitIdParams },
  responses: {
    200: { description: "Revocation sent", content: { "application/json": { schema: permitRevokedResponse } } },
    ...errorResponses,
    409: { description: "Already redeemed, or expired", content: { "application/json": { schema: errorBodySchema } } },
    422: { description: "The chain would revert the revocation (reason in `error`)", content: { "application/json": { schema: errorBodySchema } } },
    503: { description: "The chain's RPC is unavailable", content: { "application/json": { schema: errorBodySchema } } },
  },
});

export function permitsRoutes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb }) {
  return createRouter()
    .openapi(erc20PermitSpec, async (c) => c.json(await issueErc20Permit(deps, callerOf(c), c.req.valid("json")), 200))
    .openapi(erc721PermitSpec, async (c) => c.json(await issueErc721Permit(deps, callerOf(c), c.req.valid("json")), 200))
    .openapi(erc1155PermitSpec, async (c) => c.json(await issueErc1155Permit(deps, callerOf(c), c.req.valid("json")), 200))
    .openapi(batchSpec, async (c) => {
      const batch = await erc20PermitBatch(deps, c.get("principal").projectId, c.req.valid("query"));
      return batch.success ? c.json(batch, 200) : c.json(batch, 404);
    })
    .openapi(getSpec, async (c) => c.json(await getPermit(deps, c.get("principal").projectId, c.req.valid("param").permitId), 200))
    .openapi(revokeSpec, async (c) => c.json(await revokePermit(deps, callerOf(c), c.req.valid("param").permitId), 200));
}
