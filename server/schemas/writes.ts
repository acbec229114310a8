import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { text } from "./text.js";
import { humanAmountSchema, tokenAmountSchema, tokenIdSchema } from "./amounts.js";
import { chainIdSchema, operationIdSchema } from "./common.js";
import { metadataInputSchema as metadata } from "./metadata.js";

const name = text().trim().min(1, "is required").max(100, "at most 100 characters").openapi({ description: "The token's or collection's name", example: "Club" });
const symbol = text().trim().min(1, "is required").max(20, "at most 20 characters").openapi({ description: "Its ticker symbol", example: "CLB" });

export const createErc20Body = z
  .object({ chainId: chainIdSchema, name, symbol, decimals: z.number().int().min(0).max(36).default(18).openapi({ description: "How many decimals its amounts have" }) })
  .openapi("CreateErc20Request");

export const createNftCollectionBody = z
  .object({ chainId: chainIdSchema, name, symbol, transferable: z.boolean().default(true).openapi({ description: "false: soulbound (only minting moves a token)" }), defaultMetadata: metadata.optional() })
  .openapi("CreateNftCollectionRequest");

export const createTokenTypeBody = z
  .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, metadata: metadata.optional() })
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
  .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, recipientAddress: field.recipientAddressInput, amount: humanAmountSchema })
  .openapi("MintErc20Request");

export const mintErc721Body = z
  .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, recipientAddress: field.recipientAddressInput, metadata: metadata.optional() })
  .openapi("MintErc721Request");

export const mintErc1155Body = z
  .object({ chainId: chainIdSchema, contractAddress: field.contractAddressInput, recipientAddress: field.recipientAddressInput, tokenId: tokenIdSchema, amount: tokenAmountSchema })
  .openapi("MintErc1155Request");

export const batchMintErc1155Body = z
  .object({
    chainId: chainIdSchema,
    contractAddress: field.contractAddressInput,
    mints: z
      .array(z.object({ recipientAddress: field.recipientAddressInput, tokenId: tokenIdSchema, amount: tokenAmountSchema }))
      .min(1, "must hold at least one mint")
      .openapi({ description: "The mints: recipient, token type and amount of each" }),
  })
  .openapi("BatchMintErc1155Request");

export const writeResponse = z
  .object({ success: field.success, transactionHash: field.transactionHash, transactionUrl: field.transactionUrl, operationId: operationIdSchema })
  .openapi("TransactionSent");

const tokenCreated = { contractAddress: field.contractAddress, name: field.tokenName, symbol: field.tokenSymbol };
const tokenCreatedDescription = "GroupOS's description of what was deployed (contractAddress repeats the top-level one)";

export const createErc20Response = writeResponse
  .extend({ contractAddress: field.contractAddress, token: z.object({ ...tokenCreated, decimals: z.number().int().openapi({ description: "Its decimals" }) }).openapi({ description: tokenCreatedDescription }) })
  .openapi("Erc20Created");

export const createCollectionResponse = writeResponse
  .extend({ contractAddress: field.contractAddress, token: z.object({ ...tokenCreated, transferable: z.boolean().openapi({ description: "false: soulbound" }) }).openapi({ description: tokenCreatedDescription }) })
  .openapi("CollectionCreated");

export const createTokenTypeResponse = z.object({ success: field.success, tokenId: field.tokenId, operationId: operationIdSchema }).openapi("Erc1155TokenTypeCreated");

export const createErc1155Response = z.union([createCollectionResponse, createTokenTypeResponse]);

export const mintedTokenSchema = z
  .object({
    contractAddress: field.contractAddress,
    recipientAddress: field.recipientAddress,
    tokenId: z.string().nullable().openapi({ description: "null for ERC-20" }),
    amount: z.string().openapi({ description: "Human-readable (decimals applied for ERC-20 tokens this service manages)" }),
    amountRaw: field.amountRaw,
  })
  .openapi("MintedToken");

export const transactionResponse = z
  .object({
    success: field.success,
    chainId: field.chainId,
    transactionHash: field.transactionHash,
    status: z.enum(["pending", "success", "failure"]).openapi({
      description: "pending until a receipt is seen, then success or failure (reverted); pending again if its block is reorganised away",
    }),
    blockNumber: field.blockNumber.nullable(),
    blockHash: field.blockHash.nullable(),
    confirmations: z.number().int().openapi({
      description: "Blocks on top of the transaction's, its own included, up to the head the receipt pass last read (checkedAt): 1 in the head block, 0 while pending",
    }),
    finalized: z.boolean().openapi({
      description: "Its block is final by the chain's finality (the RPC's finalized block, or a number of confirmations): no reorganisation can undo it",
    }),
    reorgedFrom: z
      .object({ blockNumber: field.blockNumber, blockHash: field.blockHash })
      .nullable()
      .openapi({ description: "The block it was in before that block was reorganised away; it was broadcast again and stays this once mined again" }),
    gasUsed: z.string().nullable().openapi({ description: "Gas it used; null while pending" }),
    fee: z.string().nullable().openapi({ description: "gasUsed × effectiveGasPrice in the native unit, decimals applied" }),
    previousHashes: z.array(z.string()).openapi({ description: "Earlier attempts (replaced by a fee bump)" }),
    purpose: z.string().openapi({ description: "What it does: erc721.mint, erc1155.batchMint, erc20.create, metadata.propagate, account.executeBatch, ..." }),
    failureReason: z.string().nullable().openapi({ description: "Why it failed (the decoded revert reason), when it did" }),
    minted: field.list("The tokens it minted (once mined)", mintedTokenSchema),
    checkedAt: field.checkedAt,
  })
  .openapi("Transaction");

export const writeWaitQuery = z.object({
  wait: z
    .enum(["mined", "final"])
    .optional()
    .openapi({
      description:
        "Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: \"pending\"`; nothing is lost, the transaction goes on.",
    }),
});

export const writeOutcomeSchema = z
  .object({
    status: z.enum(["pending", "success", "failure"]).optional().openapi({ description: "With `wait`: the transaction's status when the answer left (pending: the bound passed first)" }),
    blockNumber: field.blockNumber.nullable().optional().openapi({ description: "With `wait`: the block that holds it; null while pending" }),
    finalized: z.boolean().optional().openapi({ description: "With `wait`: its block is final by the chain's finality" }),
    minted: z.array(mintedTokenSchema).optional().openapi({ description: "With `wait`: what this request minted once mined, as GET /api/v1/operations/{operationId} tells" }),
    tokenId: z.string().optional().openapi({ description: "With `wait`, once mined: the id of the one token this request minted (the id the contract assigned to an ERC-721 mint)" }),
    tokenIds: z.array(z.string()).optional().openapi({ description: "With `wait`, once mined: the ids of the tokens this request minted, in order" }),
  })
  .openapi("WriteOutcome");
