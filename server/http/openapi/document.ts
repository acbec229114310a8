import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context.js";
import { recordedExamples, recordedWebhookExamples, withExamples, withWebhookExamples } from "./examples.js";
import { RESPONSE_HEADERS } from "./route.js";

const TAGS = [
  { name: "collections", description: "The contracts the index follows on each chain." },
  { name: "erc20", description: "Deploy ERC-20 tokens, mint them, list their holders." },
  { name: "erc721", description: "Deploy ERC-721 collections, mint tokens with metadata, list tokens and holders." },
  { name: "erc1155", description: "Deploy ERC-1155 collections, create token types, mint (one or a batch), list types and holders." },
  { name: "holders", description: "Holders of several contracts of any kind at once." },
  { name: "tokens", description: "Everything one address holds, across the project's collections and the indexed external contracts." },
  { name: "transfers", description: "The transfer history of a contract, from the index's record of every transfer." },
  { name: "permits", description: "Signed mint permits a recipient redeems itself, paying its own gas; their status and revocation." },
  { name: "metadata", description: "Token and collection metadata: the public documents tokenURI and contractURI point to, and their updates." },
  { name: "media", description: "Files (images, video, audio) stored by the service and served publicly, for metadata to point to." },
  { name: "transactions", description: "What became of a write: its operation, and the transaction that carries it." },
  { name: "keys", description: "Cloud keys: private keys the service holds for the project, to sign with and to hold NFTs." },
  { name: "chat users", description: "Chat-platform users linked to addresses, for the chatId filter of token queries." },
  { name: "erc6551", description: "Token-bound accounts (ERC-6551) of ERC-721 tokens: their addresses, and creating them." },
  { name: "accounts", description: "Calls run through ERC-6551 accounts whose NFT a cloud key of the project holds." },
  { name: "webhooks", description: "Endpoints the service POSTs events to (Standard Webhooks signatures), their delivery logs, and the events themselves." },
];

/** What the document says besides its operations: who may call it, under what license, and its shared parts. */
export function documentConfig(version: string, publicUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "tokenhub",
      version,
      description:
        "Self-hosted token service: mint, permits, metadata, media, ERC-6551 accounts, cloud keys and index queries. Every route but the public ones (`security: []`) takes `Authorization: Bearer <token>`, a token created with `tokenhub token create` whose scopes allow the route. Errors are answered as `{ success: false, error, code, details? }`.",
      license: { name: "MIT", url: "https://opensource.org/license/mit" },
    },
    servers: [{ url: publicUrl, description: "This tokenhub (PUBLIC_URL)" }],
    security: [{ bearerAuth: [] }],
    tags: TAGS,
  };
}

/**
 * Serves `/openapi.json`: the document generated from the routes' zod schemas, with the recorded examples of its
 * operations and of its webhooks' deliveries. Built on the first request, once every route is registered.
 */
export function serveDocument(app: OpenAPIHono<AppEnv>, config: ReturnType<typeof documentConfig>): void {
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get("/openapi.json", (c) => {
    document ??= withWebhookExamples(withExamples(app.getOpenAPI31Document(config), recordedExamples()), recordedWebhookExamples());
    return c.json(document);
  });
}

export function registerDocumentComponents(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API token (`thk_...`) from `tokenhub token create`, or the admin token printed at first start-up",
  });
  for (const [name, header] of Object.entries(RESPONSE_HEADERS)) app.openAPIRegistry.registerComponent("headers", name, header);
}
