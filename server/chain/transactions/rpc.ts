import type { Logger } from "../../logger.js";
import { UNLIMITED_BUDGET, type RpcBudget } from "../rpc/rpcBudget.js";
import type { RpcHealth } from "../rpc/rpcHealth.js";
import type { PipelineObserver } from "./observer.js";
import { RpcTransportError, withRpcRetry, type RpcRetryOptions } from "./rpcRetry.js";

export type RpcCall = { method: string; params: readonly unknown[] };
export type RpcErrorObject = { code: number; message: string; data?: unknown };
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: RpcErrorObject };

/** A JSON-RPC error the node answered on purpose (a revert, a rejected transaction): never retried. */
export class RpcResponseError extends Error {
  override name = "RpcResponseError";
  readonly code: number;
  readonly data: unknown;
  /** The node's own words, without the method name. */
  readonly nodeMessage: string;
  constructor(
    readonly method: string,
    error: RpcErrorObject,
  ) {
    super(`${method}: ${error.message}`);
    this.code = error.code;
    this.data = error.data;
    this.nodeMessage = error.message;
  }
}

export type RpcClient = {
  /** One call. Calls made together travel in one HTTP request; a JSON-RPC error rejects with RpcResponseError. */
  call<T>(method: string, params?: readonly unknown[]): Promise<T>;
  /** Several calls in one HTTP request (chunked at maxBatchSize), answered in order, each outcome on its own. */
  batch(calls: readonly RpcCall[]): Promise<RpcOutcome[]>;
  /** The most calls one HTTP request carries: the chain's batchSize. */
  readonly maxBatchSize: number;
};

export type RpcClientOptions = {
  urls: readonly string[];
  timeoutMs: number;
  retry: RpcRetryOptions;
  maxBatchSize: number;
  logger: Logger;
  /** The chain's calls a second this process may spend, each call of a batch counted; absent: unlimited. */
  budget?: RpcBudget;
  /** Told whether each request got an answer. */
  health?: RpcHealth;
  /** Each try that got no usable answer, by kind. */
  onTransportError?: (kind: Parameters<PipelineObserver["rpcError"]>[1]) => void;
};

function kindOf(error: RpcTransportError): Parameters<PipelineObserver["rpcError"]>[1] {
  if (error.status === 429) return "rate_limited";
  if (error.status !== undefined) return error.status >= 500 ? "http_5xx" : "http_4xx";
  if (error.message.startsWith("request failed")) return /timeout|aborted/i.test(error.message) ? "timeout" : "connection";
  return "bad_response";
}

// Node error codes meaning "the provider throttled us", which some providers put inside a 200 response.
const RATE_LIMIT_CODES = new Set([-32005, 429]);
const RATE_LIMIT_MESSAGE = /rate limit|too many requests/i;

// Enough for a stalled request (held until its timeout) not to hold up the calls behind it.
const MAX_CALL_REQUESTS_IN_FLIGHT = 4;

/**
 * The one boundary between the pipeline and a chain's RPC: JSON-RPC over HTTP, batched, with every transport failure
 * retried with backoff (rotating through the configured URLs) and turned into ChainUnavailableError when retries run
 * out. Batches keep their order, which broadcasting a signer's nonces relies on.
 */
export function createRpcClient(options: RpcClientOptions): RpcClient {
  if (options.urls.length === 0) throw new Error("createRpcClient needs at least one URL");
  let nextId = 1;
  let queued: { call: RpcCall; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];

  const budget = options.budget ?? UNLIMITED_BUDGET;
  const post = async (calls: readonly RpcCall[], tryIndex: number): Promise<RpcOutcome[]> => {
    // Each try spends the budget: a provider counts the calls it refused as well.
    await budget.take(calls.length);
    try {
      const outcomes = await postOnce(calls, tryIndex);
      options.health?.succeeded();
      return outcomes;
    } catch (error) {
      if (error instanceof RpcTransportError) {
        options.onTransportError?.(kindOf(error));
        options.health?.failed(error.message);
      }
      throw error;
    }
  };

  const postOnce = async (calls: readonly RpcCall[], tryIndex: number): Promise<RpcOutcome[]> => {
    const url = options.urls[tryIndex % options.urls.length]!;
    const firstId = nextId;
    nextId += calls.length;
    const body = JSON.stringify(calls.map((call, index) => ({ jsonrpc: "2.0", id: firstId + index, method: call.method, params: call.params })));
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new RpcTransportError(`request failed: ${describeFetchError(error)}`, { cause: error });
    }
    if (!response.ok) {
      throw new RpcTransportError(`HTTP ${response.status}`, { status: response.status, retryAfterMs: retryAfterMs(response) });
    }
    const outcomes = parseBatchResponse(text, firstId, calls.length);
    const throttled = outcomes.find((outcome) => !outcome.ok && isRateLimit(outcome.error));
    if (throttled && !throttled.ok) throw new RpcTransportError(`rate limited: ${throttled.error.message}`, { status: 429 });
    return outcomes;
  };

  const batch = async (calls: readonly RpcCall[]): Promise<RpcOutcome[]> => {
    const outcomes: RpcOutcome[] = [];
    for (let start = 0; start < calls.length; start += options.maxBatchSize) {
      const chunk = calls.slice(start, start + options.maxBatchSize);
      const answered = await withRpcRetry(
        options.retry,
        (tryIndex) => post(chunk, tryIndex),
        (error, tryIndex, delayMs) =>
          options.logger.warn("rpc retry", { method: chunk[0]!.method, calls: chunk.length, try: tryIndex + 1, delayMs, error: error.message }),
      );
      outcomes.push(...answered);
    }
    return outcomes;
  };

  // Single calls wait while MAX_CALL_REQUESTS_IN_FLIGHT requests are out: under load, calls made by many concurrent
  // requests (a simulation each) travel together, one HTTP request per batch instead of one per call, for both sides.
  let inFlight = 0;
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    while (queued.length > 0 && inFlight < MAX_CALL_REQUESTS_IN_FLIGHT) {
      const chunk = queued.slice(0, options.maxBatchSize);
      queued = queued.slice(chunk.length);
      inFlight++;
      batch(chunk.map((entry) => entry.call))
        .then(
          (outcomes) =>
            outcomes.forEach((outcome, index) => {
              const entry = chunk[index]!;
              if (outcome.ok) entry.resolve(outcome.result);
              else entry.reject(new RpcResponseError(entry.call.method, outcome.error));
            }),
          (error: unknown) => chunk.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          inFlight--;
          flush();
        });
    }
  };

  return {
    call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queued.push({ call: { method, params }, resolve: resolve as (value: unknown) => void, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },
    batch,
    maxBatchSize: options.maxBatchSize,
  };
}

function parseBatchResponse(text: string, firstId: number, count: number): RpcOutcome[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RpcTransportError(`response is not JSON: ${text.slice(0, 120)}`, { cause: error });
  }
  if (!Array.isArray(parsed)) {
    // A node that cannot parse the batch answers one error object for all of it.
    const message = (parsed as { error?: { message?: string } } | null)?.error?.message ?? text.slice(0, 120);
    throw new RpcTransportError(`batch not answered as a batch: ${message}`);
  }
  const byId = new Map<number, { result?: unknown; error?: RpcErrorObject }>();
  for (const item of parsed as { id?: unknown; result?: unknown; error?: RpcErrorObject }[]) {
    if (typeof item?.id === "number") byId.set(item.id, item);
  }
  return Array.from({ length: count }, (_, index): RpcOutcome => {
    const item = byId.get(firstId + index);
    if (item === undefined) throw new RpcTransportError(`batch answer lacks id ${firstId + index}`);
    if (item.error) return { ok: false, error: item.error };
    return { ok: true, result: item.result ?? null };
  });
}

function isRateLimit(error: RpcErrorObject): boolean {
  return RATE_LIMIT_CODES.has(error.code) || RATE_LIMIT_MESSAGE.test(error.message);
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/** undici reports "fetch failed" and hides the useful part (ECONNRESET, ECONNREFUSED, a timeout) in the cause. */
function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as Error & { code?: string }).code ?? error.cause.message}` : "";
  return `${error.name === "TimeoutError" ? "timeout" : error.message}${cause}`;
}
