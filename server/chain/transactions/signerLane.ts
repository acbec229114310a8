import type { Address, Hex, LocalAccount } from "viem";
import type pg from "pg";
import type { Logger } from "../../logger.js";
import type { Broadcaster } from "./broadcaster.js";
import type { TransactionEvents } from "./events.js";
import type { FeeOracle } from "./fees.js";
import { joinCalls, type JoinLimits, type LaneCall } from "./joinCalls.js";
import { withSignerLock } from "../../store/coordination/signerLock.js";
import { signAndRecord } from "./signAndRecord.js";
import { simulateUnits } from "./simulateUnits.js";

/** How long a lane keeps its signer's lock while requests keep arriving, before it lets other replicas have a turn. */
const MAX_HOLD_MS = 1_000;

export type SentTransaction = { id: string; chainId: number; hash: Hex; signer: Address; nonce: number };

export type SignerLane = {
  submit(call: LaneCall): Promise<SentTransaction>;
  /** Resolves once every submitted transaction is recorded and its broadcast attempted. */
  idle(): Promise<void>;
};

/**
 * Where one signer's requests meet. While one batch is being signed and recorded, new requests queue; the next
 * batch takes them all. Under load this turns N requests into one nonce allocation, one insert and one broadcast
 * batch, instead of N database and RPC round trips in series; joinable calls of a batch to the same contract share
 * one transaction (joinCalls.ts). Recording of the next batch overlaps the broadcast of
 * the previous one; the broadcaster keeps them in nonce order.
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
  join: JoinLimits;
  /** Simulates a call as this signer and returns the gas limit to send it with; throws ChainRejectedError on a revert. */
  gasLimitFor(call: LaneCall): Promise<bigint>;
  events: TransactionEvents;
  logger: Logger;
}): SignerLane {
  type Waiting = { call: LaneCall; resolve: (sent: SentTransaction) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running: Promise<void> | undefined;
  const broadcasts = new Set<Promise<unknown>>();

  const recordBatch = async (client: pg.PoolClient, batch: Waiting[]): Promise<void> => {
    const callOf = (waiting: Waiting) => waiting.call;
    const { ready: units, refused } = await simulateUnits(joinCalls(batch, callOf, deps.join), callOf, {
      gasLimitFor: deps.gasLimitFor,
      maxGas: deps.join.maxGas,
    });
    refused.forEach(({ member, error }) => member.reject(error));
    if (units.length === 0) return;
    let recorded;
    try {
      const fees = await deps.fees.current();
      recorded = await signAndRecord({ client, chainId: deps.chainId, events: deps.events }, deps.signer, units.map((unit) => unit.prepared), fees);
    } catch (error) {
      // Nothing of this batch was recorded (the database transaction rolled back): the callers may safely retry.
      units.forEach((unit) => unit.members.forEach((waiting) => waiting.reject(error)));
      return;
    }
    deps.logger.debug("recorded", { signer: deps.signer.address, firstNonce: recorded[0]!.nonce, count: recorded.length, calls: batch.length });
    const broadcast = deps.broadcaster
      .send(deps.signer.address, recorded.map((transaction) => ({ nonce: transaction.nonce, ...transaction.attempt })))
      .then((outcomes) =>
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
        }),
      );
    broadcasts.add(broadcast);
    void broadcast.finally(() => broadcasts.delete(broadcast));
  };

  const recordWhileHeld = async (client: pg.PoolClient): Promise<void> => {
    const since = Date.now();
    while (queue.length > 0 && Date.now() - since < MAX_HOLD_MS) {
      // A batch is counted in transactions; joined calls make many requests one transaction.
      const batch = queue.slice(0, deps.maxBatchSize * deps.join.maxCalls);
      queue = queue.slice(batch.length);
      await recordBatch(client, batch);
    }
    await Promise.all(broadcasts);
  };

  const run = async (): Promise<void> => {
    while (queue.length > 0) {
      try {
        await withSignerLock(deps.pool, deps.chainId, deps.signer.address, recordWhileHeld);
      } catch (error) {
        // The lock could not be had (the database is unreachable): nothing queued was recorded, the callers may retry.
        for (const waiting of queue.splice(0)) waiting.reject(error);
      }
    }
    running = undefined;
  };

  return {
    submit(call) {
      return new Promise<SentTransaction>((resolve, reject) => {
        queue.push({ call, resolve, reject });
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
  };
}
