import { z } from "@hono/zod-openapi";

/**
 * Text fields hold any Unicode scalar value except NUL (decisions.md, "Text fields"). PostgreSQL refuses a NUL in
 * text and a lone surrogate in jsonb: let through, either became a 500 after the chain had been written to. Every
 * text field of a request is built here, so the refusal is a 400 naming the field, before a service runs.
 */
const NUL = "\u0000";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_MESSAGE = "must not contain a NUL character (U+0000)";
export const SURROGATE_MESSAGE = "must not contain a lone UTF-16 surrogate (not a Unicode scalar value)";

/** Why a string cannot be stored, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (value.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return undefined;
}

/** A string field of a request: `z.string(params)` that refuses what PostgreSQL cannot store. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => textProblem(value) === undefined, { error: (issue) => textProblem(issue.input as string) ?? "is not valid text" });
}

/** Adds an issue, at its own path, for every string in a JSON value (object keys included) that `text` would refuse. */
function checkNestedText(value: unknown, path: (string | number)[], ctx: z.RefinementCtx): void {
  if (typeof value === "string") {
    const problem = textProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path, message: problem });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => checkNestedText(item, [...path, index], ctx));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) ctx.addIssue({ code: "custom", path: [...path, key], message: `key ${problem}` });
      checkNestedText(item, [...path, key], ctx);
    }
  }
}

/** A JSON object of any shape (EIP-712 domains and messages), whose strings at any depth are `text`. */
export function textRecord() {
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => checkNestedText(value, [], ctx));
}
