import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PipelineObserver } from "../../chain/transactions/observer.js";

/**
 * tokenhub's Prometheus series, registered beside Ponder's in Ponder's registry, so one scrape of /metrics has both
 * (docs/deploy.md, "Metrics"). Created once by the composition root.
 */
export type Metrics = ReturnType<typeof createMetrics>;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CHAIN_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

export function createMetrics(registry: Registry) {
  const registers = [registry];
  return {
    httpRequests: new Counter({ name: "tokenhub_http_requests_total", help: "HTTP requests answered, by route and status", labelNames: ["method", "route", "status"] as const, registers }),
    httpSeconds: new Histogram({ name: "tokenhub_http_request_duration_seconds", help: "Time to answer an HTTP request, by route", labelNames: ["method", "route"] as const, buckets: SECONDS, registers }),
    loopSeconds: new Histogram({ name: "tokenhub_loop_duration_seconds", help: "Duration of a background loop's pass", labelNames: ["loop"] as const, buckets: SECONDS, registers }),
    loopFailures: new Counter({ name: "tokenhub_loop_failures_total", help: "Background loop passes that failed", labelNames: ["loop"] as const, registers }),
    transactions: new Gauge({ name: "tokenhub_transactions", help: "Transactions the service recorded, by chain and state", labelNames: ["chain_id", "status"] as const, registers }),
    signerPending: new Gauge({
      name: "tokenhub_signer_pending_transactions",
      help: "Transactions of a signer recorded and not yet mined: the depth of its lane's queue on chain",
      labelNames: ["chain_id", "signer"] as const,
      registers,
    }),
    nonceGap: new Gauge({
      name: "tokenhub_signer_nonce_gap",
      help: "Next nonce the service hands out minus the chain's nonce of the signer (latest block): transactions not mined yet",
      labelNames: ["chain_id", "signer"] as const,
      registers,
    }),
    signerBalance: new Gauge({ name: "tokenhub_signer_balance", help: "A signer's balance in the chain's native unit", labelNames: ["chain_id", "signer"] as const, registers }),
    feeBumps: new Gauge({
      name: "tokenhub_transaction_fee_bumps",
      help: "Fee bumps recorded (attempts beyond a transaction's first), since the store was created",
      labelNames: ["chain_id"] as const,
      registers,
    }),
    broadcastSeconds: new Histogram({
      name: "tokenhub_transaction_broadcast_seconds",
      help: "Time from a write reaching the pipeline to its transaction's broadcast (the write's answer)",
      labelNames: ["chain_id", "purpose"] as const,
      buckets: CHAIN_SECONDS,
      registers,
    }),
    receiptSeconds: new Histogram({
      name: "tokenhub_transaction_receipt_seconds",
      help: "Time from a write reaching the pipeline to its transaction's receipt, by outcome",
      labelNames: ["chain_id", "status"] as const,
      buckets: CHAIN_SECONDS,
      registers,
    }),
    rpcErrors: new Counter({ name: "tokenhub_rpc_errors_total", help: "JSON-RPC requests of the pipeline that got no usable answer, by kind", labelNames: ["chain_id", "kind"] as const, registers }),
    resubmissions: new Counter({
      name: "tokenhub_transaction_resubmissions_total",
      help: "Attempts sent again: `rebroadcast` (the same bytes) or `fee_bump` (a replacement with higher fees)",
      labelNames: ["chain_id", "kind"] as const,
      registers,
    }),
  };
}

/** The pipeline's reports as these series; its receipt loop counts as the loop `receipt`. */
export function pipelineObserver(metrics: Metrics): PipelineObserver {
  return {
    rpcError: (chainId, kind) => metrics.rpcErrors.inc({ chain_id: chainId, kind }),
    resubmitted: (chainId, kind, count) => metrics.resubmissions.inc({ chain_id: chainId, kind }, count),
    receiptPass: (_chainId, seconds, failed) => {
      metrics.loopSeconds.observe({ loop: "receipt" }, seconds);
      if (failed) metrics.loopFailures.inc({ loop: "receipt" });
    },
  };
}

/** A background loop's pass, timed, its failures counted (the loop itself logs them and tries again). */
export function measuredPass(metrics: Metrics, name: string, pass: () => Promise<void>): () => Promise<void> {
  const loop = name.replaceAll(" ", "_");
  return async () => {
    const end = metrics.loopSeconds.startTimer({ loop });
    try {
      await pass();
    } catch (error) {
      metrics.loopFailures.inc({ loop });
      throw error;
    } finally {
      end();
    }
  };
}
