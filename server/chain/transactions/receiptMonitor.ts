import { numberToHex, type Address, type Hex } from "viem";
import type pg from "pg";
import {
  completeTransactions,
  loadPending,
  type CompletedTransaction,
  type PendingTransactionRow,
} from "../../store/transactions.js";
import { withTransaction } from "../../store/database/db.js";
import { recordChainHead, recordChecked, recordReceipts } from "../../store/transactionChecks.js";
import { refusals } from "./broadcaster.js";
import type { ChainRuntime } from "./chainRuntime.js";
import type { ReceiptLog } from "./events.js";
import type { ChainView } from "./finality.js";
import { mintedFromLogs } from "./mintedTokens.js";
import { NONCE_GAP_PURPOSE, recordGapFillers } from "./gapFiller.js";
import type { PipelineOptions } from "./options.js";
import { resendAtFreshNonces } from "./resendAtFreshNonce.js";
import { createResubmitter } from "./resubmit.js";
import type { RpcCall, RpcOutcome } from "./rpc.js";
import { included, restored, superseded, type FailedTransaction, type SucceededTransaction } from "./states.js";
import { createMinedWatch } from "./watchMined.js";

export type ReceiptMonitor = {
  /** One pass: receipts, the watch of mined transactions until final, resubmissions, gap repair. The pipeline's loop runs it every receiptPollMs. */
  tick(): Promise<void>;
};

/** The code of an outcome the RPC did not answer (its batch was refused): not a node's error code. */
const NOT_ANSWERED = 0;

type RpcReceipt = { transactionHash: Hex; status: Hex; blockNumber: Hex; blockHash: Hex; gasUsed: Hex; effectiveGasPrice: Hex; logs: ReceiptLog[] };

/**
 * The background loop of one chain. Per pass it reads the head and the final block, each signer's mined nonce, then
 * the receipts of every attempt of every pending transaction in JSON-RPC batches, and records the mined ones in one
 * update. What remains is either waiting, dropped (rebroadcast), stale (fee bump), or overtaken at its nonce by a
 * transaction that is none of its attempts (sent again at a fresh nonce once that is final); mined transactions are
 * watched until final (watchMined.ts); nonces that no transaction uses get a self-transfer.
 */
export function createReceiptMonitor(deps: { pool: pg.Pool; runtime: ChainRuntime; options: PipelineOptions }): ReceiptMonitor {
  const { pool, runtime, options } = deps;
  const resubmitter = createResubmitter(deps);
  const watch = createMinedWatch(deps);

  /** Each signer's mined nonce; none where the RPC did not answer (nothing is decided about its transactions then). */
  const minedNonces = async (): Promise<Map<Address, number>> => {
    const answers = await settledBatches(
      runtime.signers.map((signer) => ({ method: "eth_getTransactionCount", params: [signer.address, "latest"] })),
      "mined nonces",
    );
    const nonces = new Map<Address, number>();
    runtime.signers.forEach((signer, index) => {
      const answer = answers[index]!;
      if (answer.ok) nonces.set(signer.address, Number(answer.result as Hex));
    });
    return nonces;
  };

  /**
   * Records receipts (and ends gap fillers) with what the listener of transaction events writes for those that really
   * changed, in one database transaction.
   */
  const complete = async (completed: readonly CompletedTransaction[], logs: ReadonlyMap<string, ReceiptLog[]> = new Map()) => {
    if (completed.length === 0) return;
    await withTransaction(pool, async (client) => {
      const ended = await completeTransactions(client, completed);
      const mined = completed.filter((entry) => ended.has(entry.id) && entry.minedHash !== null);
      await recordReceipts(client, mined.map((entry) => ({ id: entry.id, minted: mintedFromLogs(logs.get(entry.id) ?? []) })));
      await runtime.events.mined(client, mined.map((entry) => ({ id: entry.id, logs: logs.get(entry.id) ?? [] })));
      await runtime.events.finalized(client, mined.filter((entry) => entry.final).map((entry) => entry.id));
    });
  };

  const tick = async (): Promise<void> => {
    // Read before the receipts: a nonce seen as used here whose attempts have no receipt afterwards was not theirs.
    const [view, mined] = await Promise.all([runtime.chainView.read(), minedNonces()]);
    await recordChainHead(pool, runtime.id, view);
    const pending = await loadPending(pool, runtime.id, runtime.signers.map((signer) => signer.address), options.maxPendingPerTick);
    const hashes = pending.flatMap((row) => row.attempts.map((attempt) => attempt.hash));
    const answers = await settledBatches(hashes.map((hash) => ({ method: "eth_getTransactionReceipt", params: [hash] })), "receipts");
    const receipts = new Map<Hex, RpcOutcome>(hashes.map((hash, index) => [hash, answers[index]!]));

    const completed: CompletedTransaction[] = [];
    // What status reads tell as checked now: transactions whose every receipt this pass could read.
    const checked: string[] = [];
    const logs = new Map<string, ReceiptLog[]>();
    const stale: PendingTransactionRow[] = [];
    const unconfirmed: PendingTransactionRow[] = [];
    const overtaken: PendingTransactionRow[] = [];
    for (const row of pending) {
      const outcomes = row.attempts.map((attempt) => receipts.get(attempt.hash)!);
      const receipt = outcomes.find((outcome) => outcome.ok && outcome.result !== null);
      if (receipt?.ok || outcomes.every((outcome) => outcome.ok)) checked.push(row.id);
      if (receipt?.ok) {
        const inclusion = inclusionOf(receipt.result as RpcReceipt);
        const state = included(restored(row.attempts, row.reorgedFrom), inclusion, { final: inclusion.blockNumber <= view.finalBlock || view.finalWhenMined });
        completed.push(completion(row, state));
        logs.set(row.id, (receipt.result as RpcReceipt).logs ?? []);
        continue;
      }
      // A receipt we could not read is not a missing receipt: decide nothing about this one until the next pass.
      if (outcomes.some((outcome) => !outcome.ok)) continue;
      const ageMs = row.attempts.at(-1)!.ageMs;
      const minedNonce = mined.get(row.signer);
      if (minedNonce === undefined) continue;
      if (row.nonce < minedNonce) {
        // Give a lagging RPC node time to serve the receipt before concluding that another transaction took the nonce.
        if (ageMs >= options.dropGraceMs) overtaken.push(row);
      } else if (ageMs >= options.resubmitAfterMs) {
        stale.push(row);
      } else if (ageMs >= options.dropGraceMs) {
        unconfirmed.push(row);
      }
    }
    await complete(completed, logs);
    if (completed.length > 0) runtime.logger.debug("transactions completed", { count: completed.length });
    // Each part on its own: a refusal met by one (an RPC over its budget) leaves the others to run, and it runs again
    // on the next pass.
    await part("overtaken transactions", () => settleOvertaken(overtaken, view));
    await part("watch of mined transactions", async () => {
      checked.push(...(await watch.pass(view)));
    });
    await part("check times", () => recordChecked(pool, checked));
    await part("resubmissions", () => resubmitter.run(stale, unconfirmed));
    await part("nonce gaps", () => repairGaps(mined));
  };

  const part = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      runtime.logger.warn(`receipt pass: ${name} failed; the rest of the pass goes on, this part runs again on the next`, { error: (error as Error).message });
    }
  };

  /**
   * The calls in batches of the chain's batch size, each settled on its own: the calls of a batch whose request was
   * refused (after its retries) come back as not answered, and those of the other batches as answered.
   */
  const settledBatches = async (calls: readonly RpcCall[], what: string): Promise<RpcOutcome[]> => {
    const size = runtime.rpc.maxBatchSize;
    const batches = Array.from({ length: Math.ceil(calls.length / size) }, (_, index) => calls.slice(index * size, (index + 1) * size));
    const settled = await Promise.allSettled(batches.map((batch) => runtime.rpc.batch(batch)));
    const refused = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as Error] : []));
    if (refused.length > 0) {
      runtime.logger.warn(`receipt pass: ${refused.length} of ${batches.length} batches of ${what} not answered; asked again on the next pass`, { error: refused[0]!.message });
    }
    return settled.flatMap((result, index) =>
      result.status === "fulfilled"
        ? result.value
        : batches[index]!.map((): RpcOutcome => ({ ok: false, error: { code: NOT_ANSWERED, message: (result.reason as Error).message } })),
    );
  };

  /**
   * Transactions whose nonce the chain shows used while none of their attempts has a receipt. Until the block that
   * used it is final, a reorganisation may still bring one of their attempts back, so they wait; after, a gap filler
   * has done its job and ends, and any other transaction's call is sent again at a fresh nonce.
   */
  const settleOvertaken = async (rows: readonly PendingTransactionRow[], view: ChainView) => {
    if (rows.length === 0 || view.finalBlock < 0n) return;
    const signers = [...new Set(rows.map((row) => row.signer))];
    const answers = await runtime.rpc.batch(signers.map((signer) => ({ method: "eth_getTransactionCount", params: [signer, numberToHex(view.finalBlock)] })));
    const finalNonces = new Map(signers.flatMap((signer, index) => (answers[index]?.ok ? [[signer, Number(answers[index].result as Hex)] as const] : [])));
    const usedForGood = rows.filter((row) => row.nonce < (finalNonces.get(row.signer) ?? 0));
    const fillers = usedForGood.filter((row) => row.purpose === NONCE_GAP_PURPOSE);
    for (const row of fillers) runtime.logger.warn("nonce gap filled by another transaction", { signer: row.signer, nonce: row.nonce });
    await complete(fillers.map((row) => completion(row, superseded(restored(row.attempts, row.reorgedFrom)))));
    await resendAtFreshNonces(deps, usedForGood.filter((row) => row.purpose !== NONCE_GAP_PURPOSE));
  };

  const repairGaps = async (mined: Map<Address, number>) => {
    for (const signer of runtime.signers) {
      const minedNonce = mined.get(signer.address);
      if (minedNonce === undefined) continue;
      const fillers = await recordGapFillers({ pool, runtime }, signer, minedNonce);
      const transactions = fillers.map((filler) => ({ nonce: filler.nonce, ...filler.attempt }));
      const refused = refusals(transactions, await runtime.broadcaster.send(signer.address, transactions));
      if (refused.length > 0) runtime.logger.warn("gap filler refused; offered again by the receipt loop", { refused });
    }
  };

  return { tick };
}

function inclusionOf(receipt: RpcReceipt) {
  return {
    hash: receipt.transactionHash,
    status: receipt.status === "0x1" ? ("success" as const) : ("reverted" as const),
    blockNumber: BigInt(receipt.blockNumber),
    blockHash: receipt.blockHash,
    gasUsed: BigInt(receipt.gasUsed),
    effectiveGasPrice: BigInt(receipt.effectiveGasPrice),
  };
}

function completion(row: PendingTransactionRow, state: SucceededTransaction | FailedTransaction): CompletedTransaction {
  return {
    id: row.id,
    attemptCount: row.attempts.length,
    status: state.status,
    minedHash: state.inclusion?.hash ?? null,
    blockNumber: state.inclusion?.blockNumber ?? null,
    blockHash: state.inclusion?.blockHash ?? null,
    final: state.final,
    gasUsed: state.inclusion?.gasUsed ?? null,
    effectiveGasPrice: state.inclusion?.effectiveGasPrice ?? null,
    failureReason: state.status === "failure" ? state.reason : null,
  };
}
