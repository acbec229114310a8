import { errorWords } from "./rangeErrors.js";

/** What a failed RPC call was: refused for the rate, not answered at all, or any error of a chain's RPC. */

type ErrorLink = { status?: number; code?: number; headers?: Headers; cause?: unknown; name?: string };

function* chainOf(error: unknown): Generator<ErrorLink> {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 8; depth++) {
    yield current as ErrorLink;
    current = (current as ErrorLink).cause;
  }
}

/** A provider's refusal of the rate: HTTP 429, the -32005 and 429 codes, or the words of one in a 200 answer. */
const RATE_LIMIT_CODES = new Set([429, -32005]);
const RATE_LIMIT_WORDS = /rate limit|too many requests|exceeded .*(?:capacity|compute units|quota)|throughput limit/i;

export function isRateLimited(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link.status === 429 || (link.code !== undefined && RATE_LIMIT_CODES.has(link.code))) return true;
  }
  return RATE_LIMIT_WORDS.test(errorWords(error));
}

const NO_ANSWER = new Set(["HttpRequestError", "TimeoutError", "SocketClosedError", "WebSocketRequestError"]);

/** No usable answer at all: an HTTP error, a connection refused or reset, a timeout. */
export function isTransportFailure(error: unknown): boolean {
  for (const link of chainOf(error)) if (link.name !== undefined && NO_ANSWER.has(link.name)) return true;
  return false;
}

/** The Retry-After of an HTTP answer along the error's causes, in ms. */
export function retryAfterMsOf(error: unknown): number | undefined {
  for (const link of chainOf(error)) {
    const header = link.headers?.get?.("retry-after");
    const seconds = header === null || header === undefined ? Number.NaN : Number(header);
    if (Number.isFinite(seconds)) return seconds * 1000;
  }
  return undefined;
}

/**
 * Whether an error came from a chain's RPC: viem's request and JSON-RPC errors (Ponder's sync throws them), and the
 * pipeline's own (server/chain/transactions/rpc.ts, rpcRetry.ts).
 */
const RPC_ERROR_NAMES = new Set([...NO_ANSWER, "RpcRequestError", "RpcTransportError", "RpcResponseError", "ChainUnavailableError", "BlockNotFoundError"]);

export function isRpcError(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link.name !== undefined && (RPC_ERROR_NAMES.has(link.name) || link.name.endsWith("RpcError"))) return true;
  }
  return false;
}
