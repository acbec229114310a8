import type pg from "pg";
import { BlockNotFoundError } from "viem";
import type { RuntimeChain } from "../../config/runtime.js";
import type { ChainWriter } from "../../services/transactions/chainWriter.js";
import { findTransactionByHash } from "../../store/transactionRecord.js";
import { recentFinalTransactions } from "../../store/recentFinalTransactions.js";
import { finalityRule } from "./finality.js";

/** How far below the head final transactions are checked: deeper than any rollback of the local chain seen in use. */
const CHECKED_BLOCKS = 64n;

/**
 * A chain whose finality is a number of confirmations the service chose (the local chain: 0, final at once) can still
 * lose a final block: `anvil_rollback`, a restored state. The receipt loop stops watching final transactions, so
 * nothing would notice until a client read the transaction. This pass does, by a head check rather than from the
 * index's reorganisation signal: the index sees only blocks with events it indexes, runs in another process, and lags;
 * the chain's own block hashes are the truth and cost one batch of block reads per pass, and only while there are
 * final transactions in the newest blocks. A transaction whose recorded block is no longer the chain's block at that
 * height is watched again (the pipeline's reopen), and the receipt loop sends it again.
 */
export async function reopenRolledBackFinal(deps: { pool: pg.Pool; writer: ChainWriter; chains: RuntimeChain[] }): Promise<void> {
  for (const chain of deps.chains) {
    if (chain.unavailable !== undefined || finalityRule(chain).kind !== "confirmations") continue;
    const client = deps.writer.publicClient(chain.id);
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const recent = await recentFinalTransactions(deps.pool, chain.id, head > CHECKED_BLOCKS ? head - CHECKED_BLOCKS : 0n);
    if (recent.length === 0) continue;
    const heights = [...new Set(recent.map((transaction) => transaction.blockNumber))];
    // null: the chain has no block at that height any more; undefined: the RPC did not answer, so nothing is concluded.
    const blocks = await Promise.all(
      heights.map((blockNumber) =>
        client.getBlock({ blockNumber }).then(
          (block) => block.hash,
          (error: unknown) => (error instanceof BlockNotFoundError ? null : undefined),
        ),
      ),
    );
    const current = new Map(heights.map((height, index) => [height, blocks[index]]));
    for (const transaction of recent) {
      const hash = current.get(transaction.blockNumber);
      if (hash === undefined || hash === transaction.blockHash) continue;
      const record = await findTransactionByHash(deps.pool, chain.id, transaction.hash);
      if (record !== undefined) await deps.writer.pipeline.reopenLost(record);
    }
  }
}
