import { ChainUnavailableError } from "../../errors.js";

export type RpcRetryOptions = {
  /** Retries after the first try; 0 tries once. */
  count: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

/**
 * No usable answer from the node: a connection refused or reset, a timeout, an HTTP 429 or 5xx, a body that is not
 * the JSON-RPC response asked for, or a rate-limit error inside a batch. Always worth another try: every call the
 * pipeline makes is idempotent (reads, estimates, and raw transactions, which a node recognises by hash).
 */
export class RpcTransportError extends Error {
  override name = "RpcTransportError";
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * Runs `attempt` until it succeeds, retrying transport failures with exponential backoff and jitter. Anything else
 * (a JSON-RPC error the node answered on purpose) is not retried. When the retries run out the caller gets a
 * ChainUnavailableError, the one error the layers above need to know.
 */
export async function withRpcRetry<T>(
  options: RpcRetryOptions,
  attempt: (tryIndex: number) => Promise<T>,
  onRetry: (error: RpcTransportError, tryIndex: number, delayMs: number) => void = () => undefined,
): Promise<T> {
  for (let tryIndex = 0; ; tryIndex++) {
    try {
      return await attempt(tryIndex);
    } catch (error) {
      if (!(error instanceof RpcTransportError)) throw error;
      if (tryIndex >= options.count) {
        throw new ChainUnavailableError(`The chain's RPC did not answer after ${tryIndex + 1} attempts: ${error.message}`, {
          cause: error,
        });
      }
      const delayMs = backoffMs(options, tryIndex, error.retryAfterMs);
      onRetry(error, tryIndex, delayMs);
      await sleep(delayMs);
    }
  }
}

function backoffMs(options: RpcRetryOptions, tryIndex: number, retryAfterMs: number | undefined): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** tryIndex);
  // Full jitter on half the delay: replicas that failed together do not retry together.
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.min(options.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
