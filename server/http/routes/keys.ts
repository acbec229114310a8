import type { z } from "@hono/zod-openapi";
import type { CloudKeyCustody } from "../../custody/cloudKeyCustody.js";
import { bearerSecurity, errorResponses, PAGE_SIZE } from "../../schemas/common.js";
import {
  createKeyBody,
  createKeyResponse,
  listKeysQuery,
  listKeysResponse,
  signMessageBody,
  signMessageResponse,
  signTypedDataBody,
  signTypedDataResponse,
} from "../../schemas/keys.js";
import { createCloudKey, listCloudKeys, signMessageWithCloudKey, signTypedDataWithCloudKey } from "../../services/keys/cloudKeys.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { idempotent } from "../middleware/idempotency.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";
import { jsonRequestBody } from "./writeRoute.js";

/** A keys-scope POST: no chain is involved, so only validation, auth, idempotency and not-found errors apply. */
function keyPost<Body extends z.ZodType, Response extends z.ZodType>(
  spec: { path: string; operationId: string; summary: string; description: string },
  body: Body,
  response: Response,
) {
  return apiRoute({
    method: "post",
    ...spec,
    tags: ["keys"],
    idempotencyKey: true,
    security: bearerSecurity,
    middleware: [combined(requireScope("keys"), idempotent())] as const,
    request: { body: jsonRequestBody(body) },
    responses: { 200: { description: "Done", content: { "application/json": { schema: response } } }, ...errorResponses },
  });
}

const createSpec = keyPost(
  {
    path: "/api/v1/key/create",
    operationId: "createCloudKey",
    summary: "Create a cloud key: a private key the service generates and holds, never revealed",
    description:
      "Generates a private key, stores it encrypted and answers its address (evmAddress). The key signs for the project (POST /api/v1/key/sign, /key/signTypedData) and can hold NFTs whose ERC-6551 accounts the project then runs calls through. `customRef` is the caller's own label for it (a user id, say); `chatId` links a chat user to its address as POST /api/v1/chatUsers/link does.",
  },
  createKeyBody,
  createKeyResponse,
);
const signSpec = keyPost(
  {
    path: "/api/v1/key/sign",
    operationId: "signMessageWithCloudKey",
    summary: "Sign a message with a cloud key (EIP-191 personal_sign)",
    description: "Signs the message as `personal_sign` does (the EIP-191 prefix is added), with the project's cloud key at `accountAddress`; verifiable with viem's verifyMessage or ethers' verifyMessage.",
  },
  signMessageBody,
  signMessageResponse,
);
const signTypedDataSpec = keyPost(
  {
    path: "/api/v1/key/signTypedData",
    operationId: "signTypedDataWithCloudKey",
    summary: "Sign EIP-712 typed data with a cloud key",
    description: "Signs the typed data (domain, types, primaryType, message) as `eth_signTypedData_v4` does, with the project's cloud key at `accountAddress`.",
  },
  signTypedDataBody,
  signTypedDataResponse,
);

const listSpec = apiRoute({
  method: "get",
  path: "/api/v1/key/keys",
  operationId: "listCloudKeys",
  tags: ["keys"],
  description: "The project's cloud keys, oldest first, 50 a page, with their address and customRef; never the key itself.",
  summary: "The project's cloud keys by creation time, optionally those with one customRef",
  security: bearerSecurity,
  middleware: [requireScope("keys")] as const,
  request: { query: listKeysQuery },
  responses: {
    200: { description: "A page of keys (50 a page; nextPage is null on the last)", content: { "application/json": { schema: listKeysResponse } } },
    ...errorResponses,
  },
});

export function keysRoutes(deps: { store: StoreDb; cloudKeys: CloudKeyCustody }) {
  return createRouter()
    .openapi(createSpec, async (c) => c.json(await createCloudKey(deps.store, deps.cloudKeys, c.get("principal").projectId, c.req.valid("json")), 200))
    .openapi(listSpec, async (c) => {
      const query = c.req.valid("query");
      const page = await listCloudKeys(deps.store, c.get("principal").projectId, { customRef: query.customRef, page: query.page, pageKey: query.pageKey, pageSize: PAGE_SIZE });
      return c.json({ success: true as const, keys: page.items, page: query.page, nextPage: page.nextPage, nextPageKey: page.nextPageKey }, 200);
    })
    .openapi(signSpec, async (c) => c.json(await signMessageWithCloudKey(deps.store, deps.cloudKeys, c.get("principal").projectId, c.req.valid("json")), 200))
    .openapi(signTypedDataSpec, async (c) =>
      c.json(await signTypedDataWithCloudKey(deps.store, deps.cloudKeys, c.get("principal").projectId, c.req.valid("json")), 200),
    );
}
