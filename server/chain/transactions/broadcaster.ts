import type { Address, Hex } from "viem";
import { ChainUnavailableError } from "../../errors.js";
import type { Logger } from "../../logger.js";
import type { RpcClient } from "./rpc.js";

export type Broadcast = { nonce: number; hash: Hex; raw: Hex };

/**
 * - `accepted`: the node took it now;
 * - `known`: the node has it already, or its nonce is used (a retry of a send whose answer was lost, or an attempt
 *   already mined); the receipt monitor sorts out which;
 * - `rejected`: the node refused it (underpriced, insufficient funds): it stays recorded and is retried later;
 * - `unsent`: the RPC could not be reached, even after retries: the receipt monitor rebroadcasts it.
 * Rejections are left to the caller to log: a first send refused is news, a capped transaction re-offered is not.
 */
export type BroadcastOutcome =
  | { status: "accepted" | "known" | "unsent" }
  | { status: "rejected"; reason: string };

export type Broadcaster = {
  /** Sends a signer's raw transactions; whatever else is queued for that signer goes out in nonce order with them. */
  send(signer: Address, transactions: readonly Broadcast[]): Promise<BroadcastOutcome[]>;
  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void>;
};

/** The transactions of a send that the node refused, with its reasons, for the caller's log. */
export function refusals(transactions: readonly Broadcast[], outcomes: readonly BroadcastOutcome[]) {
  return transactions.flatMap((transaction, index) => {
    const outcome = outcomes[index];
    return outcome?.status === "rejected" ? [{ hash: transaction.hash, nonce: transaction.nonce, reason: outcome.reason }] : [];
  });
}

const isTaken = (outcome: BroadcastOutcome) => outcome.status === "accepted" || outcome.status === "known";

const KNOWN_MESSAGE = /already (imported|known)|known transaction|nonce too low/i;

/**
 * One ordered queue per signer. A transaction that reaches a node before a lower nonce of the same signer waits in
 * the node's queue (on anvil, until another block is mined), so a signer's transactions leave in nonce order: each
 * drain takes everything queued, sorts it by nonce and sends it as JSON-RPC batches, which nodes apply in order.
 * Nothing here throws: the transactions are already recorded, so a failed broadcast only delays them.
 *
 * A transaction whose last send the node refused, or that could not be sent, goes again before the newer ones with
 * every later drain of its signer until the node takes it (or a newer send of its nonce replaces it): when refusals
 * stop between its last send and the next, a later nonce sent alone would wait in the node's queue behind it until
 * someone sent it again (the signer lane after its pause, the receipt loop after dropGraceMs).
 */
export function createBroadcaster(deps: { rpc: RpcClient; logger: Logger }): Broadcaster {
  type Entry = { transaction: Broadcast; resolve?: (outcome: BroadcastOutcome) => void };
  const queues = new Map<Address, Entry[]>();
  const draining = new Map<Address, Promise<void>>();
  // Per signer, by nonce: the transactions not taken by the node at their last send.
  const untaken = new Map<Address, Map<number, Broadcast>>();

  const drain = async (signer: Address): Promise<void> => {
    for (let queued = queues.get(signer); queued !== undefined && queued.length > 0; queued = queues.get(signer)) {
      queues.set(signer, []);
      const carried = untaken.get(signer) ?? new Map<number, Broadcast>();
      for (const entry of queued) carried.delete(entry.transaction.nonce);
      const entries: Entry[] = [...[...carried.values()].map((transaction) => ({ transaction })), ...queued];
      entries.sort((a, b) => a.transaction.nonce - b.transaction.nonce);
      const outcomes = await sendInOrder(entries.map((entry) => entry.transaction));
      const taken = new Set(entries.flatMap((entry, index) => (isTaken(outcomes[index]!) ? [entry.transaction.nonce] : [])));
      carried.clear();
      for (const { transaction } of entries) if (!taken.has(transaction.nonce)) carried.set(transaction.nonce, transaction);
      if (carried.size > 0) untaken.set(signer, carried);
      else untaken.delete(signer);
      entries.forEach((entry, index) => entry.resolve?.(outcomes[index]!));
    }
    draining.delete(signer);
  };

  const sendInOrder = async (transactions: Broadcast[]): Promise<BroadcastOutcome[]> => {
    try {
      const answers = await deps.rpc.batch(transactions.map((transaction) => ({ method: "eth_sendRawTransaction", params: [transaction.raw] })));
      return answers.map((answer): BroadcastOutcome => {
        if (answer.ok) return { status: "accepted" };
        if (KNOWN_MESSAGE.test(answer.error.message)) return { status: "known" };
        return { status: "rejected", reason: answer.error.message };
      });
    } catch (error) {
      // Whatever went wrong, the transactions are recorded: report them unsent rather than stall this signer's queue.
      const unavailable = error instanceof ChainUnavailableError;
      deps.logger[unavailable ? "warn" : "error"]("broadcast deferred", {
        transactions: transactions.length,
        firstNonce: transactions[0]?.nonce,
        error,
      });
      return transactions.map(() => ({ status: "unsent" }));
    }
  };

  return {
    send(signer, transactions) {
      if (transactions.length === 0) return Promise.resolve([]);
      const outcomes = transactions.map(
        (transaction) =>
          new Promise<BroadcastOutcome>((resolve) => {
            const queue = queues.get(signer) ?? [];
            queue.push({ transaction, resolve });
            queues.set(signer, queue);
          }),
      );
      if (!draining.has(signer)) draining.set(signer, drain(signer));
      return Promise.all(outcomes);
    },
    async idle() {
      while (draining.size > 0) await Promise.all(draining.values());
    },
  };
}
