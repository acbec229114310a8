import { z } from "@hono/zod-openapi";
import { addressSchema, recipientAddressSchema } from "./common.js";

/**
 * The fields many requests and answers share, each described once for the OpenAPI document. The examples are those of
 * test/http/examples.test.ts's run, each address a different account so that no example reads as another field's.
 */
export const EXAMPLE = {
  contract: "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
  recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  owner: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  transactionHash: "0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae",
} as const;

const addressInput = (description: string, example: string, schema = addressSchema) => schema.openapi({ type: "string", description, example });

/** Request fields. */
export const contractAddressInput = addressInput("The token contract (for writes: one the calling project created or imported)", EXAMPLE.contract);
export const recipientAddressInput = addressInput("Who receives the tokens (not the zero address)", EXAMPLE.recipient, recipientAddressSchema);
export const ownerAddressFilter = addressInput("Only what this address holds", EXAMPLE.owner);

/** Answer fields. */
export const success = z.literal(true).openapi({ description: "Always true: a failure answers the Error envelope instead" });
export const page = z.number().int().openapi({ description: "The page answered (0-based)" });
export const nextPage = z.number().int().nullable().openapi({ description: "The next page to ask for; null on the last page" });
export const chainId = z.number().int().openapi({ description: "Chain id", example: 31337 });
export const contractAddress = z.string().openapi({ description: "The token contract's address (EIP-55 checksummed)", example: EXAMPLE.contract });
export const ownerAddress = z.string().openapi({ description: "The holder's address (EIP-55 checksummed)", example: EXAMPLE.owner });
export const recipientAddress = z.string().openapi({ description: "Who receives the tokens (EIP-55 checksummed)", example: EXAMPLE.recipient });
export const tokenId = z.string().openapi({ description: "Token id (uint256, decimal)", example: "1" });
export const transactionHash = z.string().openapi({ description: "The transaction's hash", example: EXAMPLE.transactionHash });
export const transactionUrl = z.string().openapi({ description: "Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash}" });
export const checkedAt = z.string().nullable().openapi({
  description:
    "When the service's receipt pass last checked the transaction against the chain (ISO-8601); a final one's, when it last read the head its confirmations count to. Status is answered from these records, not asked of the chain per read; null until the first pass after it was sent",
});
export const blockNumber = z.string().openapi({ description: "Block number (decimal)" });
export const blockHash = z.string().openapi({ description: "Block hash" });
export const amountRaw = z.string().openapi({ description: "The amount in the token's smallest unit (uint256, decimal; no decimals applied)" });
export const tokenName = z.string().openapi({ description: "The token's or collection's name" });
export const tokenSymbol = z.string().openapi({ description: "Its ticker symbol" });
export const txStatus = z.enum(["pending", "success", "failure"]).openapi({ description: "pending until mined; success, or failure if it reverted" });
export const timestamp = z.number().int().openapi({ description: "Unix seconds of the block" });
export const paging = { page, nextPage };

/** An array of answers, described: `field.list("The tokens", z.object(...))`. */
export const list = <Item extends z.ZodType>(description: string, item: Item) => z.array(item).openapi({ description });
