import { z } from "@hono/zod-openapi";
import { operationIdSchema } from "./common.js";

const blockNumber = z
  .string()
  .regex(/^(0|[1-9]\d{0,15})$/, "must be a block number (a non-negative integer)")
  .transform(Number);

const MIN_BLOCK = "The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at).";
const AFTER_OPERATION =
  "The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are).";

/** Read your writes (decisions.md): what a read of the index must include, in its query string. */
export const readAfterQuery = {
  minBlock: blockNumber.optional().openapi({ type: "integer", minimum: 0, example: 1042, description: MIN_BLOCK }),
  afterOperation: operationIdSchema.optional().openapi({ description: AFTER_OPERATION }),
};

/** A read's query schema with minBlock and afterOperation beside its own parameters. */
export function withReadAfter<Shape extends z.ZodRawShape>(query: z.ZodObject<Shape>): z.ZodObject<Shape & typeof readAfterQuery> {
  return query.extend(readAfterQuery) as z.ZodObject<Shape & typeof readAfterQuery>;
}

/** The same as headers, for clients that cannot change a query string (and for GraphQL and SQL over HTTP). */
export const readAfterHeaders = z.object({
  "X-Min-Block": blockNumber.optional().openapi({ type: "integer", minimum: 0, description: `As the minBlock query parameter. ${MIN_BLOCK}` }),
  "X-After-Operation": operationIdSchema.optional().openapi({ description: `As the afterOperation query parameter. ${AFTER_OPERATION}` }),
});

export type ReadAfter = { minBlock?: number; afterOperation?: string };
