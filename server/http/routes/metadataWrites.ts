import type { RuntimeConfig } from "../../config/runtime.js";
import type { Logger } from "../../logger.js";
import { collectionMetadataBody, metadataWriteResponse, refreshMetadataBody, tokenMetadataBody } from "../../schemas/metadata.js";
import { writeResponse } from "../../schemas/writes.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { refreshMetadata, setCollectionMetadata, setTokenMetadata } from "../../services/metadata/metadataWrites.js";
import type { StoreDb } from "../../store/database/db.js";
import { callerOf } from "../context.js";
import { createRouter } from "../router.js";
import { jsonWriteRoute } from "./writeRoute.js";

const collectionMetadataSpec = jsonWriteRoute({
  method: "put",
  path: "/api/v1/nft/collectionMetadata",
  operationId: "setCollectionMetadata",
  tag: "metadata",
  description:
    "Replaces the fields given of the collection's default metadata (name, description, image, attributes...), which every token shows where it has no value of its own. The stored metadata changes at once (GET /api/v1/nft/metadata and /metadata/* answer it); marketplaces are told through the chain's refresh events, sent in one transaction for all the writes to a collection within the propagation window (TOKENHUB_METADATA_PROPAGATION_WINDOW_MS).",
  summary: "Update an NFT collection's default metadata (every token inherits it) and announce it on chain",
  scope: "metadata",
  body: collectionMetadataBody,
  response: metadataWriteResponse,
});

const tokenMetadataSpec = jsonWriteRoute({
  method: "put",
  path: "/api/v1/nft/tokenMetadata",
  operationId: "setTokenMetadata",
  tag: "metadata",
  description: "Replaces the fields given of one token's own metadata, which override the collection's defaults field by field. The stored metadata changes at once (GET /api/v1/nft/metadata and /metadata/* answer it); marketplaces are told through the chain's refresh events, sent in one transaction for all the writes to a collection within the propagation window (TOKENHUB_METADATA_PROPAGATION_WINDOW_MS).",
  summary: "Update one ERC-721 or ERC-1155 token's own metadata (overrides the collection's field by field) and announce it on chain",
  scope: "metadata",
  body: tokenMetadataBody,
  response: metadataWriteResponse,
});

const refreshSpec = jsonWriteRoute({
  path: "/api/v1/nft/refresh",
  operationId: "refreshMetadata",
  tag: "metadata",
  description:
    "Sends a transaction that emits the refresh events marketplaces listen to (ERC-4906 MetadataUpdate or BatchMetadataUpdate, ERC-1155 URI, ERC-7572 ContractURIUpdated) without changing anything: for when a marketplace shows stale metadata.",
  summary: "Emit the metadata refresh events (ERC-4906, ERC-1155 URI, ERC-7572) now, for one token or the whole collection",
  scope: "metadata",
  body: refreshMetadataBody,
  response: writeResponse,
});

export function metadataWriteRoutes(deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb; runtime: RuntimeConfig; logger: Logger }) {
  const services = {
    indexDb: deps.indexDb,
    propagation: { writer: deps.writer, store: deps.store, windowMs: deps.runtime.metadataPropagationWindowMs, logger: deps.logger },
  };
  return createRouter()
    .openapi(collectionMetadataSpec, async (c) => c.json(await setCollectionMetadata(services, callerOf(c), c.req.valid("json")), 200))
    .openapi(tokenMetadataSpec, async (c) => c.json(await setTokenMetadata(services, callerOf(c), c.req.valid("json")), 200))
    .openapi(refreshSpec, async (c) => c.json(await refreshMetadata(services, callerOf(c), c.req.valid("json")), 200));
}
