import { maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { formatAmount, humanAmountSchema, scaleAmount, tokenAmountSchema, tokenIdSchema } from "../../server/schemas/amounts.js";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);

describe("uint256 fields", () => {
  it("accept decimal strings and safe JSON integers", () => {
    expect(tokenIdSchema.parse("0")).toBe(0n);
    expect(tokenIdSchema.parse(42)).toBe(42n);
    expect(tokenIdSchema.parse(maxUint256.toString())).toBe(maxUint256);
  });

  it("refuse signs, fractions, exponents, overflow, unsafe numbers and zero amounts", () => {
    expect(messages(tokenIdSchema.safeParse("-1"))).toEqual(["must be a non-negative integer in decimal digits (no sign, fraction or exponent)"]);
    expect(messages(tokenIdSchema.safeParse("1.5"))).toEqual(["must be a non-negative integer in decimal digits (no sign, fraction or exponent)"]);
    expect(messages(tokenIdSchema.safeParse("1e3"))).toEqual(["must be a non-negative integer in decimal digits (no sign, fraction or exponent)"]);
    expect(messages(tokenIdSchema.safeParse("01"))).toEqual(["must be a non-negative integer in decimal digits (no sign, fraction or exponent)"]);
    expect(messages(tokenIdSchema.safeParse((maxUint256 + 1n).toString()))).toEqual(["exceeds the uint256 range"]);
    expect(messages(tokenIdSchema.safeParse(2 ** 60))).toEqual(["must be a safe integer or a decimal string"]);
    expect(messages(tokenIdSchema.safeParse(1.5))).toEqual(["must be a safe integer or a decimal string"]);
    expect(messages(tokenAmountSchema.safeParse("0"))).toEqual(["must be at least 1"]);
    expect(messages(tokenIdSchema.safeParse(undefined))).toEqual(["is required"]);
    expect(messages(tokenIdSchema.safeParse(true))).toEqual(["must be a decimal string or a number"]);
  });
});

describe("human amounts", () => {
  it("scale by the token's decimals without rounding", () => {
    expect(scaleAmount(humanAmountSchema.parse("1.5"), 6)).toBe(1_500_000n);
    expect(scaleAmount(humanAmountSchema.parse(2), 18)).toBe(2n * 10n ** 18n);
    expect(scaleAmount(humanAmountSchema.parse("0.000001"), 6)).toBe(1n);
    expect(scaleAmount(humanAmountSchema.parse("7.50"), 1)).toBe(75n);
    expect(() => scaleAmount("0.0000001", 6)).toThrow("The amount has more decimal places than the token's 6.");
    expect(() => scaleAmount("0.0", 6)).toThrow("The amount must be greater than zero.");
    expect(() => scaleAmount(maxUint256.toString(), 1)).toThrow("The amount exceeds the uint256 range.");
  });

  it("refuse signs, exponents and garbage", () => {
    for (const input of ["-1", "1e18", "+1", ".5", "1.", "abc", "", 1e21, 9007199254740993, Number.NaN]) {
      expect(humanAmountSchema.safeParse(input).success, String(input)).toBe(false);
    }
  });

  it("format raw amounts back", () => {
    expect(formatAmount(1_500_000n, 6)).toBe("1.5");
    expect(formatAmount(1n, 6)).toBe("0.000001");
    expect(formatAmount(5n * 10n ** 18n, 18)).toBe("5");
    expect(formatAmount(12n, 0)).toBe("12");
  });
});
