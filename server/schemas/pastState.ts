import { z } from "@hono/zod-openapi";
import { blockNumberSchema } from "./common.js";

/** A read of the state at a past block (decisions.md, "State at a past block"). */
export const atBlockParameter = {
  atBlock: blockNumberSchema.optional().openapi({
    example: 1042,
    description:
      "The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false.",
  }),
};

/** What an answer at a past block adds: the block and whether it is final. */
export const pastBlockFields = {
  atBlock: z.number().int().optional().openapi({ description: "With atBlock: the block whose end state this is" }),
  finalized: z.boolean().optional().openapi({ description: "With atBlock: whether that block is final (false: a reorganisation may still change this answer)" }),
};
