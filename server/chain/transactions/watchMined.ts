import { numberToHex, type Address, type Hex } from "viem";
import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { loadRawAttempts } from "../../store/transactions.js";
import { loadAttemptsOf, loadWatched, markFinal, markReorged, type WatchedTransactionRow } from "../../store/transactionWatch.js";
import { refusals, type Broadcast } from "./broadcaster.js";
import type { ChainRuntime } from "./chainRuntime.js";
import type { ChainView } from "./finality.js";
import type { PipelineOptions } from "./options.js";
import { finalized, reorged, restoredMined } from "./states.js";

export type MinedWatch = {
  /**
   * One pass over the mined transactions that are not final: each whose block is no longer the chain's block at its
   * height goes back to pending and is broadcast again with the signed bytes that were mined (same nonce, so still
   * valid); each whose block is final stops being watched. Returns the ids of those it checked against the chain.
   */
  pass(view: ChainView): Promise<string[]>;
};

type RpcBlock = { hash: Hex } | null;

/**
 * The watch costs one database read (of unfinal transactions only, through a partial index) and one JSON-RPC batch of
 * block headers per pass, one per height that holds a watched transaction; a head seen before answers for the heights
 * it was asked about already (a block's hash fixes every block below it), so while no block is mined a pass asks the
 * chain nothing. Only transactions that change state have their attempts read, once in their life or on a reorg.
 */
export function createMinedWatch(deps: { pool: pg.Pool; runtime: ChainRuntime; options: PipelineOptions }): MinedWatch {
  const { pool, runtime, options } = deps;
  let canonical: { head: Hex | undefined; hashes: Map<bigint, Hex> } = { head: undefined, hashes: new Map() };

  const canonicalHashes = async (heights: readonly bigint[], view: ChainView): Promise<ReadonlyMap<bigint, Hex>> => {
    if (canonical.head !== view.head.blockHash) {
      canonical = { head: view.head.blockHash, hashes: new Map([[view.head.blockNumber, view.head.blockHash]]) };
    }
    const missing = heights.filter((height) => !canonical.hashes.has(height));
    if (missing.length > 0) {
      const answers = await runtime.rpc.batch(missing.map((height) => ({ method: "eth_getBlockByNumber", params: [numberToHex(height), false] })));
      missing.forEach((height, index) => {
        const answer = answers[index]!;
        // No block below a head we know is a node behind that head (another URL of the chain): decide next pass.
        if (answer.ok && answer.result !== null) canonical.hashes.set(height, (answer.result as NonNullable<RpcBlock>).hash);
      });
    }
    return canonical.hashes;
  };

  const rebroadcast = async (rows: readonly WatchedTransactionRow[]) => {
    const raw = await loadRawAttempts(pool, rows.map((row) => row.minedHash));
    const bySigner = new Map<Address, Broadcast[]>();
    for (const row of rows) {
      bySigner.set(row.signer, [...(bySigner.get(row.signer) ?? []), { nonce: row.nonce, hash: row.minedHash, raw: raw.get(row.minedHash)! }]);
    }
    await Promise.all(
      [...bySigner].map(async ([signer, transactions]) => {
        const refused = refusals(transactions, await runtime.broadcaster.send(signer, transactions));
        if (refused.length > 0) runtime.logger.warn("rebroadcast after a reorganisation refused; offered again by the receipt loop", { refused });
      }),
    );
  };

  return {
    async pass(view) {
      const rows = await loadWatched(pool, runtime.id, runtime.signers.map((signer) => signer.address), options.maxWatchedPerTick);
      if (rows.length === 0) return [];
      // A block above the head this pass read was mined since: it is judged on the next pass, against a newer head.
      const judged = rows.filter((row) => row.blockNumber <= view.head.blockNumber);
      const hashes = await canonicalHashes([...new Set(judged.map((row) => row.blockNumber))], view);
      const checked = judged.filter((row) => hashes.has(row.blockNumber)).map((row) => row.id);
      const changing = judged.flatMap((row): { row: WatchedTransactionRow; change: "reorged" | "finalized" }[] => {
        const hash = hashes.get(row.blockNumber);
        if (hash === undefined) return [];
        if (hash !== row.blockHash) return [{ row, change: "reorged" }];
        return row.blockNumber <= view.finalBlock ? [{ row, change: "finalized" }] : [];
      });
      if (changing.length === 0) return checked;
      const attempts = await loadAttemptsOf(pool, changing.map(({ row }) => row.id));
      const gone: { id: string; blockHash: Hex }[] = [];
      const done: { id: string; blockHash: Hex }[] = [];
      for (const { row, change } of changing) {
        const inclusion = { hash: row.minedHash, blockNumber: row.blockNumber, blockHash: row.blockHash, gasUsed: row.gasUsed, effectiveGasPrice: row.effectiveGasPrice };
        const state = restoredMined({ status: row.status, attempts: attempts.get(row.id)!, inclusion, reorgedFrom: row.reorgedFrom, reason: row.failureReason });
        if (change === "reorged") gone.push({ id: row.id, blockHash: reorged(state).reorgedFrom!.blockHash });
        else done.push({ id: row.id, blockHash: finalized(state).inclusion.blockHash });
      }
      const changed = await withTransaction(pool, async (client) => {
        await runtime.events.finalized(client, [...(await markFinal(client, done))]);
        const reorganised = await markReorged(client, gone);
        await runtime.events.reorged(client, [...reorganised]);
        return reorganised;
      });
      const back = judged.filter((row) => changed.has(row.id));
      if (back.length === 0) return checked;
      runtime.logger.warn("blocks reorganised away: their transactions are pending again and broadcast again", {
        blocks: [...new Set(back.map((row) => `${row.blockNumber} ${row.blockHash}`))],
        transactions: back.map((row) => ({ hash: row.minedHash, signer: row.signer, nonce: row.nonce })),
      });
      await rebroadcast(back);
      return checked;
    },
  };
}
