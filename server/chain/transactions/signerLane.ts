import type { Address, Hex, LocalAccount } from "viem";
import type pg from "pg";
import { ChainUnavailableError } from "../../errors.js";
import type { Logger } from "../../logger.js";
import { loadPendingLatestAttempts, readNextNonce } from "../../store/transactions.js";
import type { Broadcaster, BroadcastOutcome } from "./broadcaster.js";
import type { TransactionEvents } from "./events.js";
import type { FeeOracle } from "./fees.js";
import { joinCalls, joinKey, type LaneCall } from "./joinCalls.js";
import { withSignerLock } from "../../store/coordination/signerLock.js";
import { signAndRecord } from "./signAndRecord.js";
import { simulateUnits } from "./simulateUnits.js";

/** How long a lane keeps its signer's lock while requests keep arriving, before it lets other replicas have a turn. */
const MAX_HOLD_MS = 1_000;
/** How often a lane whose in-flight window is full looks again whether blocks took some of it. */
const WINDOW_POLL_MS = 500;
/** A joined transaction takes at most this share of a block: a dozen fit, and the one that does not wastes little. */
const JOINED_SHARE_OF_BLOCK = 12n;
/** The longest pause after the node's pool refuses sends. */
const MAX_POOL_BACKOFF_MS = 10_000;

/** Answers of a node whose pool holds all it takes from this sender (or from everyone) for now: slow down, send again later. */
const POOL_LIMIT_MESSAGE = /txpool is full|transaction pool is full|pool is full|replacement transaction underpriced|nonce too high|too many pending|queue is full|exceeds? .*limit/i;

export type SentTransaction = { id: string; chainId: number; hash: Hex; signer: Address; nonce: number };

export type SignerLane = {
  submit(call: LaneCall): Promise<SentTransaction>;
  /** Resolves once every submitted transaction is recorded and its broadcast attempted. */
  idle(): Promise<void>;
  /** From now on, calls that wait for room in flight are refused (nothing of them was recorded) instead of waiting. */
  close(): void;
};

/**
 * Where one signer's requests meet. While one batch is being signed and recorded, new requests queue; the next
 * batch takes them all. Under load this turns N requests into one nonce allocation, one insert and one broadcast
 * batch, instead of N database and RPC round trips in series; joinable calls of a batch to the same contract share
 * one transaction (joinCalls.ts), sized by gas to a twelfth of a block. Recording of the next batch overlaps the
 * broadcast of the previous one; the broadcaster keeps them in nonce order.
 *
 * The lane keeps a window in flight (recorded, not mined yet): inFlight.blocks blocks' worth of gas, at most
 * inFlight.maxTransactions transactions. That is enough for every block the chain makes to find a full block's worth
 * waiting; beyond it, requests wait in the queue and join into full transactions, rather than pile up in the node's
 * pool as small ones. When the node's pool refuses sends for its limits, the lane pauses (doubling while it goes on);
 * the refused transactions are recorded, and the receipt loop offers them again. The broadcaster sends them ahead of
 * the lane's next batch too: the refusals may stop just before it, and a batch taken without them waits behind them.
 *
 * Across replicas, the lane works under its signer's lock (server/store/coordination/signerLock.ts): it takes it when requests wait,
 * records batch after batch while more arrive (up to MAX_HOLD_MS, so the lane of another replica gets its turn), and
 * lets it go once its broadcasts are done. The next holder's nonces are therefore never sent before these.
 */
export function createSignerLane(deps: {
  pool: pg.Pool;
  chainId: number;
  signer: LocalAccount;
  fees: FeeOracle;
  broadcaster: Broadcaster;
  maxBatchSize: number;
  maxJoinedCalls: number;
  inFlight: { blocks: number; maxTransactions: number };
  poolBackoffMs: number;
  /** What one block of the chain holds. */
  blockGasLimit(): Promise<bigint>;
  /** The signer's next nonce as the chain's latest block has it, and as the node's pool has it (mined and waiting). */
  nonces(): Promise<{ mined: number; pending: number }>;
  /** Simulates a call as this signer and returns the gas limit to send it with; throws ChainRejectedError on a revert. */
  gasLimitFor(call: LaneCall): Promise<bigint>;
  events: TransactionEvents;
  logger: Logger;
}): SignerLane {
  type Waiting = { call: LaneCall; resolve: (sent: SentTransaction) => void; reject: (error: unknown) => void };
  type Room = { transactions: number; gas: bigint; empty: boolean };
  let queue: Waiting[] = [];
  let running: Promise<void> | undefined;
  let closed = false;
  const broadcasts = new Set<Promise<unknown>>();
  // The gas limit of each transaction this lane recorded that the chain has not mined yet, by nonce.
  const sentGas = new Map<number, bigint>();
  let mined: number | undefined;
  let checkedAt = 0;
  let wake: (() => void) | undefined;
  // Gas per call of each kind of joinable call, from its last joined simulation: sizes the next joins before simulating.
  const gasPerCall = new Map<string, bigint>();
  const backoff = { delayMs: 0, until: 0 };

  const room = async (client: pg.PoolClient, blockGas: bigint, maxGas: bigint): Promise<Room> => {
    // The nonces handed out, by this replica or another: each is a transaction in flight until the chain mines it.
    const next = (await readNextNonce(client, deps.chainId, deps.signer.address)) ?? 0;
    const measure = (): Room => {
      const from = Math.min(mined ?? next, next);
      for (const nonce of sentGas.keys()) if (nonce < from) sentGas.delete(nonce);
      let gas = 0n;
      for (let nonce = from; nonce < next; nonce++) gas += sentGas.get(nonce) ?? maxGas;
      return { transactions: deps.inFlight.maxTransactions - (next - from), gas: BigInt(deps.inFlight.blocks) * blockGas - gas, empty: next === from };
    };
    let measured = measure();
    if (mined === undefined || measured.transactions <= 0 || measured.gas < maxGas || Date.now() - checkedAt >= WINDOW_POLL_MS) {
      // Sends still on their way would look dropped.
      await Promise.all(broadcasts);
      await resendDropped(next);
      measured = measure();
    }
    return measured;
  };

  const slowDownOnPoolLimits = (outcomes: readonly BroadcastOutcome[]) => {
    const refused = outcomes.filter((outcome) => outcome.status === "rejected" && POOL_LIMIT_MESSAGE.test(outcome.reason)).length;
    if (refused === 0) {
      backoff.delayMs = 0;
      return;
    }
    backoff.delayMs = Math.min(MAX_POOL_BACKOFF_MS, backoff.delayMs === 0 ? deps.poolBackoffMs : backoff.delayMs * 2);
    backoff.until = Date.now() + backoff.delayMs;
    deps.logger.warn("the node's pool refused sends: slowing down", { signer: deps.signer.address, refused, pauseMs: backoff.delayMs });
  };

  /** Records what fits in flight; returns the calls that did not, in their order. */
  const recordBatch = async (client: pg.PoolClient, batch: Waiting[], space: Room, maxGas: bigint): Promise<Waiting[]> => {
    const callOf = (waiting: Waiting) => waiting.call;
    const joined = joinCalls(batch, callOf, { maxCalls: deps.maxJoinedCalls, maxGas, expectedGas: (call) => gasPerCall.get(joinKey(call)) });
    const { ready, refused } = await simulateUnits(joined, callOf, { gasLimitFor: deps.gasLimitFor, maxGas });
    refused.forEach(({ member, error }) => member.reject(error));
    for (const unit of ready) {
      const first = unit.members[0]!.call;
      if (first.joinable) gasPerCall.set(joinKey(first), unit.prepared.gasLimit / BigInt(unit.members.length));
    }
    // In order, while they fit; with nothing in flight, the first goes whatever its gas (a call never waits for itself).
    let gas = 0n;
    let fitting = 0;
    while (fitting < ready.length && fitting < space.transactions) {
      const next = gas + ready[fitting]!.prepared.gasLimit;
      if (next > space.gas && !(space.empty && fitting === 0)) break;
      gas = next;
      fitting++;
    }
    const units = ready.slice(0, fitting);
    const order = new Map(batch.map((waiting, index) => [waiting, index]));
    const later = ready.slice(units.length).flatMap((unit) => unit.members).sort((a, b) => order.get(a)! - order.get(b)!);
    if (units.length === 0) return later;
    let recorded;
    try {
      const fees = await deps.fees.current();
      recorded = await signAndRecord({ client, chainId: deps.chainId, events: deps.events }, deps.signer, units.map((unit) => unit.prepared), fees);
    } catch (error) {
      // Nothing of this batch was recorded (the database transaction rolled back): the callers may safely retry.
      units.forEach((unit) => unit.members.forEach((waiting) => waiting.reject(error)));
      return later;
    }
    recorded.forEach((transaction) => sentGas.set(transaction.nonce, transaction.gasLimit));
    deps.logger.debug("recorded", { signer: deps.signer.address, firstNonce: recorded[0]!.nonce, count: recorded.length, calls: batch.length - later.length });
    const broadcast = deps.broadcaster
      .send(deps.signer.address, recorded.map((transaction) => ({ nonce: transaction.nonce, ...transaction.attempt })))
      .then((outcomes) => {
        slowDownOnPoolLimits(outcomes);
        recorded.forEach((transaction, index) => {
          const outcome = outcomes[index]!;
          if (outcome.status === "rejected") {
            deps.logger.warn("broadcast rejected; the receipt loop will offer it again", {
              hash: transaction.attempt.hash,
              nonce: transaction.nonce,
              reason: outcome.reason,
            });
          }
          const sent = { id: transaction.id, chainId: deps.chainId, hash: transaction.attempt.hash, signer: deps.signer.address, nonce: transaction.nonce };
          units[index]!.members.forEach((waiting) => waiting.resolve(sent));
        });
      });
    broadcasts.add(broadcast);
    void broadcast.finally(() => broadcasts.delete(broadcast));
    return later;
  };

  /** Records batches while requests wait and room is left in flight; true when the window filled up. */
  const recordWhileHeld = async (client: pg.PoolClient): Promise<boolean> => {
    const since = Date.now();
    let full = false;
    while (queue.length > 0 && Date.now() - since < MAX_HOLD_MS && Date.now() >= backoff.until) {
      const blockGas = await deps.blockGasLimit();
      const maxGas = blockGas / JOINED_SHARE_OF_BLOCK;
      const space = await room(client, blockGas, maxGas);
      if (space.transactions <= 0 || (space.gas <= 0n && !space.empty)) {
        full = true;
        break;
      }
      // A batch is counted in transactions; joined calls make many requests one transaction.
      const batch = queue.slice(0, Math.min(deps.maxBatchSize, space.transactions) * deps.maxJoinedCalls);
      queue = queue.slice(batch.length);
      const later = await recordBatch(client, batch, space, maxGas);
      queue = [...later, ...queue];
      if (later.length === batch.length) {
        full = true;
        break;
      }
      // What did not fit may fit once these are sent: a chain that mines on arrival (the local one) has mined them then.
      if (later.length > 0) await Promise.all(broadcasts);
    }
    await Promise.all(broadcasts);
    return full;
  };

  /**
   * Reads the signer's nonces; transactions recorded and sent that the node's pool no longer holds go again. A node
   * may drop them (anvil drops a sender's later nonces when one did not fit in the block it built; pools evict under
   * pressure); the receipt loop would find them only after dropGraceMs, and meanwhile blocks pass without them.
   * `next` is the signer's next nonce, read from the database when not given.
   */
  const resendDropped = async (next?: number): Promise<void> => {
    const nonces = await deps.nonces();
    mined = nonces.mined;
    checkedAt = Date.now();
    const handedOut = next ?? (await readNextNonce(deps.pool, deps.chainId, deps.signer.address));
    if (handedOut === undefined || nonces.pending >= handedOut) return;
    const lost = (await loadPendingLatestAttempts(deps.pool, deps.chainId, deps.signer.address)).filter((attempt) => attempt.nonce >= nonces.pending);
    if (lost.length === 0) return;
    deps.logger.info("sending again transactions the node's pool dropped", { signer: deps.signer.address, firstNonce: lost[0]!.nonce, count: lost.length });
    slowDownOnPoolLimits(await deps.broadcaster.send(deps.signer.address, lost));
  };

  /** Whether transactions this lane sent may still be unmined, as far as the last look at the chain tells. */
  const inFlight = () => [...sentGas.keys()].some((nonce) => nonce >= (mined ?? 0));

  const refuseQueued = (error: unknown) => {
    for (const waiting of queue.splice(0)) waiting.reject(error);
  };

  const run = async (): Promise<void> => {
    for (;;) {
      if (queue.length === 0) {
        // Until what this lane sent is mined, it keeps looking for sends the node dropped.
        if (closed || !inFlight()) break;
        // A request arriving meanwhile ends the wait: it is not kept waiting for the look. The look sends again what
        // the node dropped, so it waits for the pause after the node's pool refused sends.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(WINDOW_POLL_MS, backoff.until - Date.now()));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        if (queue.length > 0) continue;
        await resendDropped().catch((error: unknown) => deps.logger.warn("could not look for dropped transactions; the receipt loop will", { signer: deps.signer.address, error }));
        continue;
      }
      const pauseMs = backoff.until - Date.now();
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      let full = false;
      try {
        full = await withSignerLock(deps.pool, deps.chainId, deps.signer.address, recordWhileHeld);
      } catch (error) {
        // The lock could not be had, or the chain's RPC failed: nothing queued was recorded, the callers may retry.
        refuseQueued(error);
      }
      if (!full) continue;
      if (closed) refuseQueued(new ChainUnavailableError("The transaction pipeline is stopping; nothing of this call was sent."));
      await new Promise((resolve) => setTimeout(resolve, WINDOW_POLL_MS));
    }
    running = undefined;
  };

  return {
    submit(call) {
      return new Promise<SentTransaction>((resolve, reject) => {
        queue.push({ call, resolve, reject });
        wake?.();
        // Start on the next turn of the event loop, so requests arriving together share the first batch too.
        running ??= new Promise<void>((started) => setImmediate(started)).then(run);
      });
    },
    async idle() {
      while (running !== undefined || broadcasts.size > 0) {
        await running;
        await Promise.all(broadcasts);
      }
    },
    close() {
      closed = true;
    },
  };
}
