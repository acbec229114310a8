import { z } from "@hono/zod-openapi";
import { text } from "./text.js";
import { humanAmountSchema, tokenAmountSchema, tokenIdSchema } from "./amounts.js";
import { addressSchema, chainIdSchema, operationIdSchema } from "./common.js";
import { metadataInputSchema as metadata } from "./metadata.js";

const name = text().trim().min(1, "is required").max(100, "at most 100 characters");
const symbol = text().trim().min(1, "is required").max(20, "at most 20 characters");

export const createErc20Body = z
  .object({ chainId: chainIdSchema, name, symbol, decimals: z.number().int().min(0).max(36).default(18) })
  .openapi("CreateErc20Request");

export const createNftCollectionBody = z
  .object({ chainId: chainIdSchema, name, symbol, transferable: z.boolean().default(true), defaultMetadata: metadata.optional() })
  .openapi("CreateNftCollectionRequest");

export const createTokenTypeBody = z
  .object({ chainId: chainIdSchema, contractAddress: addressSchema, metadata: metadata.optional() })
  .openapi("CreateErc1155TokenTypeRequest");

/**
 * `POST /api/v1/erc1155/create` takes both: `{ chainId, name, symbol, ... }` deploys a collection, and GroupOS's
 * `{ chainId, contractAddress, metadata }` (no name) creates a token type in one, as /erc1155/tokens/create does.
 */
export const createErc1155Body = z.union([createNftCollectionBody, createTokenTypeBody]).openapi("CreateErc1155Request", {
  description:
    "With name and symbol: a new collection (answered with contractAddress and token). Without a name, with contractAddress: a new token type of that collection (answered with its tokenId).",
});

/** Which of createErc1155Body's forms a body that fits neither meant, so that its problems are told in that form's terms. */
export function erc1155CreateFormOf(body: unknown): 0 | 1 {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return record.name !== undefined || record.symbol !== undefined || record.contractAddress === undefined ? 0 : 1;
}

export const mintErc20Body = z
  .object({ chainId: chainIdSchema, contractAddress: addressSchema, recipientAddress: addressSchema, amount: humanAmountSchema })
  .openapi("MintErc20Request");

export const mintErc721Body = z
  .object({ chainId: chainIdSchema, contractAddress: addressSchema, recipientAddress: addressSchema, metadata: metadata.optional() })
  .openapi("MintErc721Request");

export const mintErc1155Body = z
  .object({ chainId: chainIdSchema, contractAddress: addressSchema, recipientAddress: addressSchema, tokenId: tokenIdSchema, amount: tokenAmountSchema })
  .openapi("MintErc1155Request");

export const batchMintErc1155Body = z
  .object({
    chainId: chainIdSchema,
    contractAddress: addressSchema,
    mints: z.array(z.object({ recipientAddress: addressSchema, tokenId: tokenIdSchema, amount: tokenAmountSchema })).min(1, "must hold at least one mint"),
  })
  .openapi("BatchMintErc1155Request");

export const writeResponse = z
  .object({ success: z.literal(true), transactionHash: z.string(), transactionUrl: z.string(), operationId: operationIdSchema })
  .openapi("TransactionSent");

const tokenCreated = { contractAddress: z.string(), name: z.string(), symbol: z.string() };
const tokenCreatedDescription = "GroupOS's description of what was deployed (contractAddress repeats the top-level one)";

export const createErc20Response = writeResponse
  .extend({ contractAddress: z.string(), token: z.object({ ...tokenCreated, decimals: z.number().int() }).openapi({ description: tokenCreatedDescription }) })
  .openapi("Erc20Created");

export const createCollectionResponse = writeResponse
  .extend({ contractAddress: z.string(), token: z.object({ ...tokenCreated, transferable: z.boolean() }).openapi({ description: tokenCreatedDescription }) })
  .openapi("CollectionCreated");

export const createTokenTypeResponse = z.object({ success: z.literal(true), tokenId: z.string(), operationId: operationIdSchema }).openapi("Erc1155TokenTypeCreated");

export const createErc1155Response = z.union([createCollectionResponse, createTokenTypeResponse]);

export const mintedTokenSchema = z
  .object({
    contractAddress: z.string(),
    recipientAddress: z.string(),
    tokenId: z.string().nullable().openapi({ description: "null for ERC-20" }),
    amount: z.string().openapi({ description: "Human-readable (decimals applied for ERC-20 tokens this service manages)" }),
    amountRaw: z.string(),
  })
  .openapi("MintedToken");

export const transactionResponse = z
  .object({
    success: z.literal(true),
    chainId: z.number().int(),
    transactionHash: z.string(),
    status: z.enum(["pending", "success", "failure"]).openapi({
      description: "pending until a receipt is seen, then success or failure (reverted); pending again if its block is reorganised away",
    }),
    blockNumber: z.string().nullable(),
    blockHash: z.string().nullable(),
    confirmations: z.number().int().openapi({ description: "Blocks on top of the transaction's, its own included: 1 in the head block, 0 while pending" }),
    finalized: z.boolean().openapi({
      description: "Its block is final by the chain's finality (the RPC's finalized block, or a number of confirmations): no reorganisation can undo it",
    }),
    reorgedFrom: z
      .object({ blockNumber: z.string(), blockHash: z.string() })
      .nullable()
      .openapi({ description: "The block it was in before that block was reorganised away; it was broadcast again and stays this once mined again" }),
    gasUsed: z.string().nullable(),
    fee: z.string().nullable().openapi({ description: "gasUsed × effectiveGasPrice in the native unit, decimals applied" }),
    previousHashes: z.array(z.string()).openapi({ description: "Earlier attempts (replaced by a fee bump)" }),
    purpose: z.string(),
    failureReason: z.string().nullable(),
    minted: z.array(mintedTokenSchema),
  })
  .openapi("Transaction");
