import { z } from "@hono/zod-openapi";
import { zeroAddress } from "viem";
import { checksummedAddress } from "../chain/checksummedAddress.js";
import { ERROR_CODES } from "../errors.js";

/** The issues zod raises when a value has the wrong type or form: about a value that is not there, it is missing. */
const MISSING_WHEN_UNDEFINED = new Set(["invalid_type", "invalid_union", "invalid_value"]);

/**
 * Every missing required field is told as chainId's is, "is required", rather than as zod's "Invalid input: expected
 * string, received undefined", which reads as a wrong value sent. Zod's setting is the process's; a schema's own
 * message still comes first.
 */
z.config({ customError: (issue) => (issue.input === undefined && MISSING_WHEN_UNDEFINED.has(issue.code) ? "is required" : undefined) });

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Any case is accepted; a mixed-case address must pass its EIP-55 checksum. Parsed to the checksummed form. */
export const addressSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (!HEX_ADDRESS.test(value)) {
      ctx.addIssue({ code: "custom", message: "must be a 0x-prefixed 20-byte hex address" });
      return;
    }
    const body = value.slice(2);
    const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
    if (mixedCase && checksummedAddress(value.toLowerCase()) !== value) ctx.addIssue({ code: "custom", message: "fails its EIP-55 checksum" });
  })
  .transform((value) => checksummedAddress(value.toLowerCase()))
  .openapi({ type: "string", pattern: HEX_ADDRESS.source, example: "0x5FbDB2315678afecb367f032d93F642f64180aa3", description: "EVM address" });

/**
 * Where a mint sends tokens, now or by a permit. The token contracts revert on the zero address
 * (ERC721InvalidReceiver and its ERC-20 and ERC-1155 kin): refused here, it is a 400 before anything is simulated,
 * recorded or sent. Reads may still filter on it.
 */
export const recipientAddressSchema = addressSchema.refine((address) => address !== zeroAddress, "may not be the zero address");

const digits = /^\d+$/;

/**
 * Query strings carry numbers as text; bodies may send either a JSON number or a digit string. A number past `max`
 * is told so, with the maximum, rather than as "not an integer".
 */
function integerFrom(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? "is required" : `must be an integer of at least ${min}`),
    })
    .transform((value, ctx) => {
      const number = typeof value === "number" ? value : digits.test(value) ? Number(value) : Number.NaN;
      if (number > max) {
        ctx.addIssue({ code: "custom", message: `is too large; the maximum is ${max}` });
        return z.NEVER;
      }
      if (!Number.isSafeInteger(number) || number < min) {
        ctx.addIssue({ code: "custom", message: `must be an integer of at least ${min}` });
        return z.NEVER;
      }
      return number;
    })
    .openapi({ type: ["integer", "string"], pattern: "^[0-9]+$", minimum: min, maximum: max });
}

export const PAGE_SIZE = 50;

/** The last page whose first item's offset is still an exact integer. */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / PAGE_SIZE);

export const blockNumberSchema = integerFrom(0);
export const chainIdSchema = integerFrom(1).openapi({ example: 31337, description: "Chain id (a JSON integer, or its digits as a string)" });
export const pageSchema = integerFrom(0, MAX_PAGE)
  .optional()
  .default(0)
  .openapi({ description: "0-based page index; 50 items a page" });

/** Every accepted write request's own id, in its answer: what a client keys on when requests share a transaction. */
export const operationIdSchema = z.string().uuid().openapi({
  description:
    "This request's id, unique per request even when requests share one transaction (mints that arrive together are joined into one); GET /api/v1/operations/{operationId} answers its status, transaction and what it minted",
});

export const errorBodySchema = z
  .object({
    success: z.literal(false).openapi({ description: "Always false: the request failed" }),
    error: z.string().openapi({ description: "What went wrong and what to do about it, for a person to read" }),
    code: z.enum(ERROR_CODES).openapi({ description: "The kind of error, for a program to branch on" }),
    details: z
      .array(
        z.object({
          path: z.string().openapi({ description: "The field at fault, dotted (`metadata.name`, `calls.0.data`), or where it was (`body`, `query`)" }),
          message: z.string().openapi({ description: "What is wrong with it" }),
        }),
      )
      .optional()
      .openapi({ description: "On VALIDATION_ERROR: every invalid field" }),
    progress: z
      .array(
        z.object({
          chainId: z.number().int().openapi({ description: "The chain" }),
          name: z.string().openapi({ description: "The chain's name in the chains file" }),
          indexedBlock: z.number().int().nullable().openapi({ description: "The last block its index holds (null: none yet)" }),
          headBlock: z.number().int().nullable().openapi({ description: "The chain's head (null: its RPC did not answer)" }),
          blocksDone: z.number().int().openapi({ description: "Blocks indexed, from the chain's start block" }),
          blocksTotal: z.number().int().nullable().openapi({ description: "Blocks from the start block to the head" }),
          percent: z.number().nullable().openapi({ description: "blocksDone of blocksTotal, in percent" }),
          eventsPerSecond: z.number().nullable().openapi({ description: "Events indexed per second over the last few seconds (null: not measured yet, or while several chains backfill at once: Ponder counts a build's events together)" }),
          secondsLeft: z.number().nullable().openapi({ description: "Time left at that pace (null: not measured yet)" }),
        }),
      )
      .optional()
      .openapi({ description: "On NOT_READY while the index catches up: each chain waited for, with the numbers the indexer logs" }),
  })
  .openapi("Error", { description: "The error envelope: every answer that is not a success has this form" });

export const errorResponses = {
  400: { description: "Invalid input", content: { "application/json": { schema: errorBodySchema } } },
  401: { description: "Missing, unknown, revoked or expired token", content: { "application/json": { schema: errorBodySchema } } },
  403: { description: "The token lacks the scope", content: { "application/json": { schema: errorBodySchema } } },
  404: { description: "Not found", content: { "application/json": { schema: errorBodySchema } } },
} as const;

/** Routes answered from the index: while a chain still backfills they refuse rather than answer partially. */
export const notReadyResponse = {
  503: { description: "NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set)", content: { "application/json": { schema: errorBodySchema } } },
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * The items of one query-string value: `a,b`, or the bracketed `[a,b]` / `["a", "b"]` that GroupOS's own examples
 * send (spaces, raw or percent-encoded, are decoded before this). Brackets count only as a pair around the whole
 * value; one alone stays part of an item, whose error then names it.
 */
function listItems(value: string): string[] {
  const trimmed = value.trim();
  const inner = trimmed.startsWith("[") && trimmed.endsWith("]") ? trimmed.slice(1, -1) : trimmed;
  return inner
    .split(",")
    .map((part) => part.trim().replace(/^(["'])(.*)\1$/, "$2").trim())
    .filter(Boolean);
}

/**
 * A list in a query string, however a client spells it: `k=a,b`, `k=[a,b]`, repeated `k=a&k=b`, or `k[]=a` (the
 * route merges `k[]`). Each item is parsed by `item`; the first bad one is named in the error.
 */
export function listParameter<Item extends z.ZodType>(item: Item, description: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const parsed: z.output<Item>[] = [];
      // An array (a repeated key, a JSON body's list) names its bad element by index, as any JSON field is named.
      for (const [index, element] of (Array.isArray(value) ? value : [value]).entries()) {
        for (const part of listItems(element)) {
          const result = item.safeParse(part);
          if (!result.success) {
            ctx.addIssue({ code: "custom", path: Array.isArray(value) ? [index] : [], message: `${part}: ${result.error.issues[0]?.message ?? "invalid"}` });
            return z.NEVER;
          }
          parsed.push(result.data);
        }
      }
      return parsed;
    })
    // Each spelling the parser takes: one string (comma or bracketed list) or the key repeated (an array).
    .openapi({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }], description });
}

/** A list parameter's two keys, `k` and `k[]`, as one list; undefined when neither was given. */
export function listOfBothKeys<Item>(plain: Item[] | undefined, bracketed: Item[] | undefined): Item[] | undefined {
  return plain === undefined && bracketed === undefined ? undefined : [...(plain ?? []), ...(bracketed ?? [])];
}
