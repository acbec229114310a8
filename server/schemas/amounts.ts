import { z } from "@hono/zod-openapi";
import { maxUint256 } from "viem";
import { ValidationError } from "../errors.js";

const DECIMAL_INTEGER = /^(0|[1-9]\d*)$/;
const HUMAN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/** A JSON number is accepted where it is a safe integer; anything larger must come as a decimal string. */
function integerString(value: string | number, ctx: z.RefinementCtx): string | typeof z.NEVER {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      ctx.addIssue({ code: "custom", message: "must be a safe integer or a decimal string" });
      return z.NEVER;
    }
    return String(value);
  }
  return value;
}

function uint256(options: { min: bigint; description: string; example: string }) {
  return z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? "is required" : "must be a decimal string or a number") })
    .transform((input, ctx) => {
      const text = integerString(input, ctx);
      if (text === z.NEVER) return z.NEVER;
      if (!DECIMAL_INTEGER.test(text as string)) {
        ctx.addIssue({ code: "custom", message: "must be a non-negative integer in decimal digits (no sign, fraction or exponent)" });
        return z.NEVER;
      }
      const value = BigInt(text as string);
      if (value > maxUint256) {
        ctx.addIssue({ code: "custom", message: "exceeds the uint256 range" });
        return z.NEVER;
      }
      if (value < options.min) {
        ctx.addIssue({ code: "custom", message: `must be at least ${options.min}` });
        return z.NEVER;
      }
      return value;
    })
    .openapi({
      // As accepted: a string is digits alone; a JSON number is an integer Number can hold exactly.
      type: ["string", "integer"],
      pattern: options.min === 0n ? "^(0|[1-9][0-9]*)$" : "^[1-9][0-9]*$",
      minimum: Number(options.min),
      maximum: Number.MAX_SAFE_INTEGER,
      description: `${options.description}; a JSON integer up to 2^53-1 is accepted too`,
      example: options.example,
    });
}

export const tokenIdSchema = uint256({ min: 0n, description: "Token id (uint256, decimal)", example: "1" });
export const tokenAmountSchema = uint256({ min: 1n, description: "Quantity (uint256, decimal, at least 1)", example: "10" });
export const weiValueSchema = uint256({ min: 0n, description: "Native currency to send, in wei (uint256, decimal)", example: "0" });

/** A human-readable quantity ("1.5"): scaled by the token's decimals once those are known. */
export const humanAmountSchema = z
  .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? "is required" : "must be a decimal string or a number") })
  .transform((input, ctx) => {
    // A JSON integer past 2^53 was already rounded by the JSON parser: refuse it rather than mint a rounded amount.
    const unsafe = typeof input === "number" && Number.isInteger(input) && !Number.isSafeInteger(input);
    const text = typeof input === "number" ? (Number.isFinite(input) && !unsafe ? String(input) : "") : input.trim();
    if (!HUMAN_DECIMAL.test(text)) {
      ctx.addIssue({ code: "custom", message: "must be a positive decimal number like 10 or 1.5 (no sign or exponent)" });
      return z.NEVER;
    }
    return text;
  })
  .openapi({
    type: ["string", "number"],
    pattern: "^\\s*(0|[1-9][0-9]*)(\\.[0-9]+)?\\s*$",
    exclusiveMinimum: 0,
    description: "Human-readable amount, scaled by the token's decimals; a JSON number is accepted too (a string keeps every digit)",
    example: "1.5",
  });

/** "1.5" with 6 decimals is 1500000. More fractional digits than the token has is refused, never rounded. */
export function scaleAmount(amount: string, decimals: number, path = "amount"): bigint {
  const [whole, fraction = ""] = amount.split(".") as [string, string | undefined];
  if (fraction.replace(/0+$/, "").length > decimals) {
    throw new ValidationError(`The ${path} has more decimal places than the token's ${decimals}.`, [
      { path, message: `at most ${decimals} decimal places` },
    ]);
  }
  const raw = BigInt(whole + fraction.padEnd(decimals, "0").slice(0, decimals));
  if (raw === 0n) throw new ValidationError(`The ${path} must be greater than zero.`, [{ path, message: "must be greater than zero" }]);
  if (raw > maxUint256) throw new ValidationError(`The ${path} exceeds the uint256 range.`, [{ path, message: "exceeds the uint256 range" }]);
  return raw;
}

/** 1500000 with 6 decimals is "1.5". */
export function formatAmount(raw: bigint, decimals: number): string {
  if (decimals === 0) return raw.toString();
  const text = raw.toString().padStart(decimals + 1, "0");
  const fraction = text.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${text.slice(0, -decimals)}.${fraction}` : text.slice(0, -decimals);
}
