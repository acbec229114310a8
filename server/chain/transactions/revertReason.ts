import { decodeErrorResult, isHex, slice, type Abi, type Hex } from "viem";
import { formatAbiItem } from "viem/utils";
import * as abis from "../../../abis/index.js";

type AbiError = Extract<Abi[number], { type: "error" }>;

/** Every custom error our contracts (and the OpenZeppelin code they inherit) can raise, once each. */
const KNOWN_ERRORS: Abi = (() => {
  const bySignature = new Map<string, AbiError>();
  for (const exported of Object.values(abis)) {
    if (!Array.isArray(exported)) continue;
    for (const item of exported as Abi) {
      if (item.type === "error") bySignature.set(formatAbiItem(item), item);
    }
  }
  return [...bySignature.values()];
})();

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and Error via require"). */
const PANIC_REASONS: Record<number, string> = {
  0x01: "assertion failed",
  0x11: "arithmetic underflow or overflow",
  0x12: "division or modulo by zero",
  0x21: "invalid enum value",
  0x22: "invalid storage byte array",
  0x31: "pop on an empty array",
  0x32: "array index out of bounds",
  0x41: "out of memory",
  0x51: "call to an uninitialised function",
};

/**
 * Turns revert data into the sentence a client sees: `Error(string)` gives its string, a panic its meaning, a custom
 * error its name and arguments as Solidity would print them (`AccessControlUnauthorizedAccount(0x…, 0x…)`,
 * `Soulbound()`).
 */
export function decodeRevertReason(data: Hex | undefined): string {
  if (data === undefined || !isHex(data) || data.length < 10) return "execution reverted";
  try {
    const decoded = decodeErrorResult({ abi: KNOWN_ERRORS, data });
    const args = decoded.args ?? [];
    if (decoded.errorName === "Error") return String(args[0]);
    if (decoded.errorName === "Panic") {
      const code = Number(args[0]);
      return `Panic(0x${code.toString(16).padStart(2, "0")}: ${PANIC_REASONS[code] ?? "unknown panic code"})`;
    }
    return `${decoded.errorName}(${args.map(formatArgument).join(", ")})`;
  } catch {
    return `execution reverted with an unknown custom error ${slice(data, 0, 4)}`;
  }
}

function formatArgument(value: unknown): string {
  if (typeof value === "string") return isHex(value) ? value : JSON.stringify(value);
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(formatArgument).join(", ")}]`;
  if (value !== null && typeof value === "object") return `(${Object.values(value).map(formatArgument).join(", ")})`;
  return String(value);
}

