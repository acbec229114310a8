import { z } from "@hono/zod-openapi";
import { bearerSecurity, errorBodySchema, errorResponses } from "../../schemas/common.js";
import { readAfterHeaders, readAfterQuery } from "../../schemas/readAfter.js";
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
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { erc20PermitBatch, getPermit, issueErc1155Permit, issueErc20Permit, issueErc721Permit, revokePermit } from "../../services/permits/permits.js";
import type { StoreDb } from "../../store/database/db.js";
import { callerOf } from "../context.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { awaitIndexed } from "../middleware/readAfter.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";
import { jsonWriteRoute } from "./writeRoute.js";

const issued =
  "Signs a mint permit (EIP-712) with a service signer holding the contract's minter role; no transaction is sent. The recipient sends `preparedCall` (to, data) itself, and pays its gas, before the expiration.";

const erc20PermitSpec = jsonWriteRoute({
  path: "/api/v1/erc20/permit",
  operationId: "issueErc20Permit",
  tag: "permits",
  summary: "Permit a recipient to mint ERC-20 tokens (human-readable amount)",
  description: `${issued} The answer's permitId follows it: GET /api/v1/permits/{permitId}.`,
  scope: "permit",
  body: erc20PermitBody,
  response: permitIssuedResponse,
});

const erc721PermitSpec = jsonWriteRoute({
  path: "/api/v1/erc721/permit",
  operationId: "issueErc721Permit",
  tag: "permits",
  summary: "Permit a recipient to mint one ERC-721 token, with metadata for it",
  description: `${issued} The answer's permitId follows it: GET /api/v1/permits/{permitId}.`,
  scope: "permit",
  body: erc721PermitBody,
  response: permitIssuedResponse,
});

const erc1155PermitSpec = jsonWriteRoute({
  path: "/api/v1/erc1155/permit",
  operationId: "issueErc1155Permit",
  tag: "permits",
  summary: "Permit a recipient to mint an amount of an ERC-1155 token type",
  description: `${issued} The answer's permitId follows it: GET /api/v1/permits/{permitId}.`,
  scope: "permit",
  body: erc1155PermitBody,
  response: permitIssuedResponse,
});

const batchSpec = apiRoute({
  method: "get",
  path: "/api/v1/erc20/permit/batch",
  operationId: "erc20PermitBatch",
  tags: ["permits"],
  description:
    "Gathers the recipient's ERC-20 permits of the contract that are neither redeemed, revoked nor expired into one multicall the recipient sends to redeem them all at once, with the total it mints. A 404 with zero totals when none is left.",
  summary: "One call that redeems all of a recipient's unused, unexpired ERC-20 permits (multicall), with their total",
  security: bearerSecurity,
  middleware: [combined(requireScope("read"), awaitIndexed())] as const,
  request: { query: erc20PermitBatchQuery, headers: readAfterHeaders },
  responses: {
    200: { description: "The call and the total it mints", content: { "application/json": { schema: erc20PermitBatchResponse } } },
    ...errorResponses,
    404: {
      description: "Contract not this project's, or no permit left to redeem (then with zero totals)",
      content: { "application/json": { schema: noOpenPermitsResponse.or(errorBodySchema) } },
    },
  },
});

const getSpec = apiRoute({
  method: "get",
  path: "/api/v1/permits/{permitId}",
  operationId: "getPermit",
  tags: ["permits"],
  description: "The permit as issued (recipient, amount or metadata, expiration, signer) and its status, from the chain's events: open, redeemed (with the transaction and the token ids minted), expired or revoked.",
  summary: "A permit and its status from the indexed chain: open, redeemed (transaction, minted token ids), expired or revoked",
  security: bearerSecurity,
  middleware: [combined(requireScope("read"), awaitIndexed())] as const,
  request: { params: permitIdParams, query: z.object(readAfterQuery), headers: readAfterHeaders },
  responses: {
    200: { description: "The permit", content: { "application/json": { schema: permitResponse } } },
    ...errorResponses,
  },
});

const revokeSpec = apiRoute({
  method: "delete",
  path: "/api/v1/permits/{permitId}",
  operationId: "revokePermit",
  tags: ["permits"],
  description:
    "Makes an open permit unusable: its signer invalidates its nonce on chain. Revoking it again answers the same transaction. A permit already redeemed or expired is a 409.",
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
