import { z } from "@hono/zod-openapi";
import * as field from "./fields.js";
import { mintedTokenSchema } from "./writes.js";

/**
 * What a webhook delivers: one event per request, `{ id, type, timestamp, data }` as JSON, signed as Standard Webhooks
 * defines (headers webhook-id, webhook-timestamp, webhook-signature). These schemas are the shapes the service builds
 * (server/services/webhooks/transactionEvents.ts, server/services/webhooks/activityEvents.ts) and the OpenAPI document's `webhooks` section.
 * They are left unnamed (inline in the document): the generator writes the webhooks before the paths, so named ones
 * would come first among the components and move every other.
 */

const hash = z.string().openapi({ description: "A hash", example: "0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e" });
const blockHash = hash.openapi({ description: "The block's hash" });
const transactionHash = hash.openapi({ description: "The transaction's hash" });
const address = z.string().openapi({ description: "An address (EIP-55 checksummed)", example: "0x5FbDB2315678afecb367f032d93F642f64180aa3" });
const contractAddress = address.openapi({ description: "The token contract" });
const blockNumber = z.string().openapi({ description: "Decimal block number", example: "42" });

const blockRef = z.object({ blockNumber, blockHash });

export const transactionEventData = z
  .object({
    chainId: field.chainId,
    transactionHash: hash.openapi({ description: "Its current hash: the mined attempt's once mined, else the latest attempt's" }),
    transactionUrl: z.string().openapi({ description: "The chain's explorer page, or the service's own GET /api/v1/transactions/<hash>" }),
    previousHashes: z.array(hash).openapi({ description: "Its other attempts' hashes (fee bumps, a call signed again), oldest first" }),
    status: z.enum(["pending", "success", "failure"]).openapi({ description: "pending until a receipt is seen; failure: it reverted" }),
    purpose: z.string().openapi({ description: "What it does: erc721.mint, erc1155.batchMint, metadata.propagate, account.executeBatch, ...", example: "erc721.mint" }),
    signer: address.openapi({ description: "The service signer that sent it" }),
    nonce: z.number().int().openapi({ description: "Its nonce (a call signed again at a fresh nonce has a new one)" }),
    blockNumber: blockNumber.nullable().openapi({ description: "The block holding it; null while pending" }),
    blockHash: hash.nullable().openapi({ description: "That block's hash; null while pending" }),
    gasUsed: z.string().nullable().openapi({ description: "Gas it used; null while pending" }),
    fee: z.string().nullable().openapi({ description: "gasUsed × effectiveGasPrice in the chain's native unit, decimals applied; null while pending" }),
    failureReason: z.string().nullable().openapi({ description: "Why it failed, when it did" }),
    final: z.boolean().openapi({ description: "Its block is final by the chain's finality: nothing can change it any more" }),
    reorgedFrom: blockRef.nullable().openapi({ description: "The block it was in before a reorganisation took that block away" }),
    operationIds: z.array(z.string()).openapi({ description: "The write requests (operationId of their answers) whose calls it carries, in call order" }),
  });

const accountCall = z.object({
  toAddress: address.openapi({ description: "The called address" }),
  value: z.string().openapi({ description: "Wei sent with the call (decimal)" }),
  data: z.string().openapi({ description: "The calldata (0x-prefixed hex)" }),
});

const permitId = z.string().openapi({ description: "The permit's id (permitId of its issue)" });

export const replacementData = z
  .object({
    previousHash: hash.openapi({ description: "The attempt it replaces" }),
    reason: z.enum(["fee_bump", "fresh_nonce"]).openapi({
      description: "fee_bump: the same nonce at a higher fee; fresh_nonce: another transaction used its nonce for good, so its call was signed again at a new one",
    }),
  });

const outcome = {
  operationId: z.string().nullable().openapi({ description: "The write request whose work it is (null for work no request started)" }),
  chainId: field.chainId,
  status: z.enum(["success", "failure"]).openapi({ description: "failure: the transaction reverted; nothing of it happened" }),
  transactionHash,
  transactionUrl: field.transactionUrl,
  blockNumber,
  blockHash,
};

export const mintConfirmedData = z
  .object({
    ...outcome,
    operationId: z.string().openapi({ description: "The mint request's operationId" }),
    purpose: z.string().openapi({ description: "What the mint was: erc20.mint, erc721.mint, erc1155.mint or erc1155.batchMint", example: "erc721.mint" }),
    contractAddress,
    minted: z.array(z.object(mintedTokenSchema.shape)).openapi({ description: "What this request minted (its own call's token in a joined transaction); empty on failure" }),
  });

export const accountCallConfirmedData = z
  .object({
    ...outcome,
    accountAddress: address.openapi({ description: "The ERC-6551 account that ran the calls" }),
    calls: z.array(accountCall).openapi({ description: "The calls, run atomically" }),
    gasSpent: z.string().openapi({ description: "The fee in the chain's native unit, decimals applied" }),
  });

export const metadataPropagatedData = z
  .object({
    ...outcome,
    contractAddress: address,
    tokenIds: z.array(z.string()).openapi({ description: "Tokens announced with ERC-4906 MetadataUpdate (empty when the whole collection was)" }),
    collection: z.boolean().openapi({ description: "The collection's defaults changed: BatchMetadataUpdate and ERC-7572 ContractURIUpdated were emitted" }),
  });

const indexed = {
  chainId: field.chainId,
  transactionHash,
  blockNumber,
  blockHash,
  logIndex: z.number().int().openapi({ description: "The event's position in its block's logs" }),
  reorgedEventId: z.string().optional().openapi({ description: "On a `.reorged` event only: the id of the event it takes back" }),
};

export const tokenTransferredData = z
  .object({
    ...indexed,
    contractAddress,
    standard: z.enum(["erc20", "erc721", "erc1155"]).openapi({ description: "The contract's kind" }),
    fromAddress: address.openapi({ description: "The zero address for a mint" }),
    toAddress: address.openapi({ description: "The zero address for a burn" }),
    tokenId: z.string().nullable().openapi({ description: "null for ERC-20" }),
    amount: z.string().openapi({ description: "Human-readable (decimals applied for ERC-20 tokens this service manages); 1 for ERC-721" }),
    amountRaw: field.amountRaw,
    ownerSince: z.number().int().nullable().openapi({ description: "Unix second at which the recipient's current holding began (null for a burn)" }),
  });

export const accountCreatedData = z
  .object({
    ...indexed,
    accountAddress: address.openapi({ description: "The ERC-6551 account" }),
    implementation: address.openapi({ description: "The account implementation it runs (tokenhub's)" }),
    tokenChainId: z.number().int().openapi({ description: "The NFT's chain" }),
    tokenContractAddress: address.openapi({ description: "The NFT's collection (one of the project's)" }),
    tokenId: field.tokenId,
  });

export const permitRedeemedData = z
  .object({
    ...indexed,
    permitId,
    contractAddress,
    recipientAddress: address.openapi({ description: "The recipient the permit was issued to" }),
    redeemedBy: address.openapi({ description: "The account that sent the redemption and paid its gas" }),
    mintedTokenIds: z.array(z.string()).openapi({ description: "ERC-721: the tokens minted; ERC-1155: the token type; ERC-20: empty" }),
    amountRaw: z.string().openapi({ description: "ERC-20 raw amount, ERC-1155 quantity, ERC-721 number of tokens" }),
  });

export const permitRevokedData = z
  .object({ ...indexed, permitId, contractAddress });

export const testEventData = z
  .object({
    webhookId: z.string().openapi({ description: "The endpoint tested" }),
    message: z.string().openapi({ description: "A sentence saying this is a test" }),
  });

/** Every event type an endpoint may subscribe to, with the shape of its `data` and what it tells. */
export const WEBHOOK_EVENTS = {
  "transaction.sent": { data: transactionEventData, summary: "A transaction was signed and recorded, and is being broadcast" },
  "transaction.confirmed": { data: transactionEventData, summary: "A transaction's receipt was seen: status success or failure" },
  "transaction.finalized": { data: transactionEventData, summary: "A transaction's block is final" },
  "transaction.reorged": { data: transactionEventData, summary: "A transaction's block was reorganised away: pending again, broadcast again with the same bytes" },
  "transaction.replaced": {
    data: transactionEventData.extend({ replacement: replacementData.openapi({ description: "The attempt it replaces, and why" }) }),
    summary: "A transaction got a new hash: a fee bump, or its call signed again at a fresh nonce",
  },
  "mint.confirmed": { data: mintConfirmedData, summary: "A mint request's transaction was mined: what it minted, with its operationId" },
  "permit.redeemed": { data: permitRedeemedData, summary: "A permit of the project was redeemed on chain (from the index)" },
  "permit.revoked": { data: permitRevokedData, summary: "A permit of the project was revoked on chain (from the index)" },
  "metadata.propagated": { data: metadataPropagatedData, summary: "The transaction announcing metadata changes (ERC-4906, ERC-7572) was mined" },
  "account.call.confirmed": { data: accountCallConfirmedData, summary: "Calls run through an ERC-6551 account were mined" },
  "token.transferred": {
    data: tokenTransferredData,
    summary: "A token of the project's collections moved on chain (mints and burns included), from the index",
  },
  "account.created": { data: accountCreatedData, summary: "An ERC-6551 account was created for an NFT of the project's collections, from the index" },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** Events from the index are taken back by a compensating `<type>.reorged` event when a reorganisation removes them. */
export const REVERSIBLE_EVENT_TYPES = ["token.transferred", "account.created", "permit.redeemed", "permit.revoked"] as const satisfies readonly WebhookEventType[];
export type ReversibleEventType = (typeof REVERSIBLE_EVENT_TYPES)[number];

export const TEST_EVENT_TYPE = "webhook.test";

/** The body of a delivery: the envelope around an event type's data. */
export function webhookEventEnvelope<Data extends z.ZodType>(type: string, data: Data, description: string) {
  return z
    .object({
      id: z.string().uuid().openapi({ description: "The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)" }),
      type: z.literal(type).openapi({ description: "The event type" }),
      timestamp: z.string().openapi({ description: "When the event was recorded (ISO-8601)", example: "2026-11-23T10:15:02.120Z" }),
      data: data.openapi({ description: "What happened: this event type's fields" }),
    })
    .openapi({ description });
}

export type TransactionEventData = z.infer<typeof transactionEventData>;
export type MintConfirmedData = z.infer<typeof mintConfirmedData>;
export type AccountCallConfirmedData = z.infer<typeof accountCallConfirmedData>;
export type MetadataPropagatedData = z.infer<typeof metadataPropagatedData>;
export type TokenTransferredData = z.infer<typeof tokenTransferredData>;
export type AccountCreatedData = z.infer<typeof accountCreatedData>;
export type PermitRedeemedData = z.infer<typeof permitRedeemedData>;
export type PermitRevokedData = z.infer<typeof permitRevokedData>;
