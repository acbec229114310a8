import crypto from "node:crypto";
import * as field from "../../schemas/fields.js";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { RuntimeConfig } from "../../config/runtime.js";
import { tokenIdSchema } from "../../schemas/amounts.js";
import { bearerSecurity, chainIdSchema, errorResponses, notReadyResponse } from "../../schemas/common.js";
import { metadataStatusSchema } from "../../schemas/metadataStatus.js";
import { openSeaMetadataSchema } from "../../schemas/owners.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { contractMetadataOf, tokenMetadataOf } from "../../services/metadata/metadataReads.js";
import { metadataStatusOf } from "../../services/metadata/metadataStatus.js";
import type { StoreDb } from "../../store/database/db.js";
import type { AppEnv } from "../context.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { requireIndexReady } from "../middleware/indexReady.js";
import { awaitIndexed } from "../middleware/readAfter.js";
import { readAfterHeaders, readAfterQuery } from "../../schemas/readAfter.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";

const contractMetadataSchema = z
  .object({
    name: z.string().openapi({ description: "The collection's name" }),
    description: z.string().openapi({ description: "Its description" }),
    image: z.string().openapi({ description: "Its image (URL)" }),
    external_link: z.string().optional().openapi({ description: "A page about it" }),
  })
  .openapi("ContractMetadata");

const publicTokenSpec = apiRoute({
  method: "get",
  path: "/metadata/{chainId}/{contractAddress}/{tokenId}",
  operationId: "getPublicTokenMetadata",
  tags: ["metadata"],
  description:
    "What the token's tokenURI (ERC-721) or uri (ERC-1155) points to, for marketplaces and wallets: its effective metadata (the collection's defaults overridden by its own fields) in the OpenSea form. Public, cacheable for a minute, with an ETag.",
  security: [],
  summary: "Public token metadata (OpenSea form): what tokenURI / uri point to",
  middleware: [requireIndexReady()] as const,
  request: { params: z.object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, tokenId: tokenIdSchema }) },
  responses: {
    200: { description: "Token metadata", content: { "application/json": { schema: openSeaMetadataSchema } } },
    304: { description: "Not modified (If-None-Match)" },
    400: errorResponses[400],
    404: errorResponses[404],
    ...notReadyResponse,
  },
});

const publicContractSpec = apiRoute({
  method: "get",
  path: "/metadata/{chainId}/{contractAddress}",
  operationId: "getPublicContractMetadata",
  tags: ["metadata"],
  description: "What the collection's contractURI (ERC-7572) points to: its name, description and image, for marketplaces. Public, cacheable for a minute, with an ETag.",
  security: [],
  summary: "Public contract metadata (ERC-7572): what contractURI points to",
  middleware: [requireIndexReady()] as const,
  request: { params: z.object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput }) },
  responses: {
    200: { description: "Contract metadata", content: { "application/json": { schema: contractMetadataSchema } } },
    304: { description: "Not modified (If-None-Match)" },
    400: errorResponses[400],
    404: errorResponses[404],
    ...notReadyResponse,
  },
});

/** GroupOS answers the metadata's fields at the top level; `metadata` holds the same object. */
const tokenMetadataResponse = z
  .object({ success: field.success, ...openSeaMetadataSchema.shape, metadata: openSeaMetadataSchema, metadataStatus: metadataStatusSchema })
  .openapi("TokenMetadata");

const tokenMetadataSpec = apiRoute({
  method: "get",
  path: "/api/v1/nft/metadata",
  operationId: "getTokenMetadata",
  tags: ["metadata"],
  description:
    "The token's effective metadata, as /metadata/{chainId}/{contractAddress}/{tokenId} serves it, at the top level and under `metadata`, with `metadataStatus`: whether the chain has announced the latest metadata write yet.",
  summary: "A token's effective metadata (collection defaults overridden by the token's own)",
  security: bearerSecurity,
  middleware: [combined(requireScope("read"), requireIndexReady(), awaitIndexed())] as const,
  request: { query: z.object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, tokenId: tokenIdSchema, ...readAfterQuery }), headers: readAfterHeaders },
  responses: {
    200: { description: "Metadata", content: { "application/json": { schema: tokenMetadataResponse } } },
    ...errorResponses,
    ...notReadyResponse,
  },
});

/**
 * Marketplaces poll these: a strong ETag lets them revalidate for free, and a short max-age keeps edits visible
 * within a minute even to readers that ignore the refresh events.
 */
function cacheable<T extends object>(c: Context<AppEnv>, body: T) {
  const text = JSON.stringify(body);
  const etag = `"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  c.header("ETag", etag);
  c.header("Cache-Control", "public, max-age=60");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return c.json(body, 200);
}

export function metadataRoutes(deps: { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig }) {
  return createRouter()
    .openapi(publicTokenSpec, async (c) => {
      const { chainId, contractAddress, tokenId } = c.req.valid("param");
      return cacheable(c, await tokenMetadataOf(deps, chainId, contractAddress, tokenId));
    })
    .openapi(publicContractSpec, async (c) => {
      const { chainId, contractAddress } = c.req.valid("param");
      return cacheable(c, await contractMetadataOf(deps, chainId, contractAddress));
    })
    .openapi(tokenMetadataSpec, async (c) => {
      const { chainId, contractAddress, tokenId } = c.req.valid("query");
      const metadata = await tokenMetadataOf(deps, chainId, contractAddress, tokenId);
      return c.json({ success: true as const, ...metadata, metadata, metadataStatus: await metadataStatusOf(deps, chainId, contractAddress, tokenId) }, 200);
    });
}
