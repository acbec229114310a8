/** What the pipeline reports as it works, for its metrics (server/services/observability/metrics.ts); nothing by default. */
export type PipelineObserver = {
  /** A JSON-RPC request that got no usable answer (each try, retried or not). */
  rpcError(chainId: number, kind: "timeout" | "connection" | "rate_limited" | "http_4xx" | "http_5xx" | "bad_response"): void;
  /** Attempts sent again: the same bytes (`rebroadcast`) or a replacement with higher fees (`fee_bump`). */
  resubmitted(chainId: number, kind: "rebroadcast" | "fee_bump", count: number): void;
  /** One pass of a chain's receipt loop. */
  receiptPass(chainId: number, seconds: number, failed: boolean): void;
};

export const NO_OBSERVER: PipelineObserver = { rpcError: () => undefined, resubmitted: () => undefined, receiptPass: () => undefined };
