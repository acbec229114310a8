import { type Address, formatEther, type PublicClient } from "viem";
import type pg from "pg";
import type { TransactionPipeline } from "../../chain/transactions/pipeline.js";
import { findSettledTransactions, readPipelineCounts } from "../../store/pipelineMetrics.js";
import type { Metrics } from "./metrics.js";

export type PipelineMetricsDeps = {
  pool: pg.Pool;
  metrics: Metrics;
  chains: { id: number; signers: readonly Address[]; publicClient: PublicClient }[];
};

/** Transactions this process sent whose receipt has not been seen yet: when each of their requests reached the pipeline. */
const MAX_AWAITED = 50_000;

/**
 * The transaction pipeline's series, observed from outside it: the time to broadcast around `send`, everything else
 * from the transaction tables and the chain, sampled by a loop. The tables are shared, so every replica reports the
 * same counts (aggregate them with max, not sum); the timings are each replica's own requests.
 */
export function createPipelineMetrics(deps: PipelineMetricsDeps) {
  const awaited = new Map<string, { chainId: number; startedAt: number[] }>();

  const remember = (id: string, chainId: number, startedAt: number) => {
    const entry = awaited.get(id);
    if (entry) entry.startedAt.push(startedAt);
    else awaited.set(id, { chainId, startedAt: [startedAt] });
    if (awaited.size > MAX_AWAITED) awaited.delete(awaited.keys().next().value!);
  };

  const observeReceipts = async () => {
    for (const settled of await findSettledTransactions(deps.pool, [...awaited.keys()])) {
      const entry = awaited.get(settled.id)!;
      awaited.delete(settled.id);
      for (const startedAt of entry.startedAt) {
        deps.metrics.receiptSeconds.observe({ chain_id: entry.chainId, status: settled.status }, Math.max(0, settled.settledAt.getTime() - startedAt) / 1000);
      }
    }
  };

  const observeCounts = async () => {
    const counts = await readPipelineCounts(deps.pool);
    const { metrics } = deps;
    metrics.transactions.reset();
    for (const row of counts.byStatus) metrics.transactions.set({ chain_id: row.chainId, status: row.status }, row.count);
    metrics.signerPending.reset();
    for (const chain of deps.chains) for (const signer of chain.signers) metrics.signerPending.set({ chain_id: chain.id, signer }, 0);
    for (const row of counts.pendingBySigner) metrics.signerPending.set({ chain_id: row.chainId, signer: row.signer }, row.count);
    metrics.feeBumps.reset();
    for (const row of counts.feeBumps) metrics.feeBumps.set({ chain_id: row.chainId }, row.count);

    const nextNonce = new Map(counts.nextNonces.map((row) => [`${row.chainId}:${row.signer}`, row.nextNonce]));
    await Promise.allSettled(
      deps.chains.flatMap((chain) =>
        chain.signers.map(async (signer) => {
          const [onChain, balance] = await Promise.all([
            chain.publicClient.getTransactionCount({ address: signer, blockTag: "latest" }),
            chain.publicClient.getBalance({ address: signer }),
          ]);
          metrics.nonceGap.set({ chain_id: chain.id, signer }, (nextNonce.get(`${chain.id}:${signer}`) ?? onChain) - onChain);
          metrics.signerBalance.set({ chain_id: chain.id, signer }, Number(formatEther(balance)));
        }),
      ),
    );
  };

  return {
    /** The pipeline, its `send` timed to the broadcast and its transactions remembered for their receipts. */
    instrument(pipeline: TransactionPipeline): TransactionPipeline {
      return {
        ...pipeline,
        async send(request) {
          const startedAt = Date.now();
          const sent = await pipeline.send(request);
          deps.metrics.broadcastSeconds.observe({ chain_id: request.chainId, purpose: request.purpose }, (Date.now() - startedAt) / 1000);
          remember(sent.id, request.chainId, startedAt);
          return sent;
        },
      };
    },
    /** One pass of the sampling loop. */
    async sample(): Promise<void> {
      await observeCounts();
      await observeReceipts();
    },
  };
}
