import type { Address, Hex } from "viem";
import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import {
  insertAttempt,
  loadRawAttempts,
  loadTransactionBodies,
  type PendingTransactionRow,
} from "../../store/transactions.js";
import type { Broadcast } from "./broadcaster.js";
import type { ChainRuntime } from "./chainRuntime.js";
import { bumpFees } from "./fees.js";
import type { PipelineOptions } from "./options.js";
import { signTransaction } from "./signTransaction.js";
import { latestAttempt, replaced, restored } from "./states.js";

export type Resubmitter = {
  /**
   * `stale`: pending longer than resubmitAfterMs, replaced by a fee bump. `unconfirmed`: old enough to be in the
   * node's pool; those the node does not know (dropped, or never broadcast) are rebroadcast with the same bytes, so
   * the hash a client holds stays the one that lands whenever fees allow.
   */
  run(stale: readonly PendingTransactionRow[], unconfirmed: readonly PendingTransactionRow[]): Promise<void>;
};

type Resend = { signer: Address; transaction: Broadcast };

export function createResubmitter(deps: { pool: pg.Pool; runtime: ChainRuntime; options: PipelineOptions }): Resubmitter {
  const { pool, runtime, options } = deps;
  // Warned once per transaction: the cap holds it back on every pass until the base fee drops.
  const cappedWarned = new Set<string>();

  const latestHash = (row: PendingTransactionRow): Hex => latestAttempt(restored(row.attempts)).hash;

  /** Sends per signer (the broadcaster keeps each signer's nonces in order); returns the refusals by hash. */
  const resend = async (entries: readonly Resend[]): Promise<Map<Hex, string>> => {
    const bySigner = new Map<Address, Broadcast[]>();
    for (const { signer, transaction } of entries) bySigner.set(signer, [...(bySigner.get(signer) ?? []), transaction]);
    const refused = new Map<Hex, string>();
    await Promise.all(
      [...bySigner].map(async ([signer, transactions]) => {
        const outcomes = await runtime.broadcaster.send(signer, transactions);
        outcomes.forEach((outcome, index) => {
          if (outcome.status === "rejected") refused.set(transactions[index]!.hash, outcome.reason);
        });
      }),
    );
    return refused;
  };

  const rebroadcastUnknown = async (rows: readonly PendingTransactionRow[], capped: ReadonlySet<string>) => {
    if (rows.length === 0) return;
    const answers = await runtime.rpc.batch(rows.map((row) => ({ method: "eth_getTransactionByHash", params: [latestHash(row)] })));
    const unknown = rows.filter((_, index) => {
      const answer = answers[index]!;
      return answer.ok && answer.result === null;
    });
    if (unknown.length === 0) return;
    const raw = await loadRawAttempts(pool, unknown.map(latestHash));
    const dropped = unknown.filter((row) => !capped.has(row.id));
    if (dropped.length > 0) {
      runtime.logger.info("rebroadcasting transactions the node does not know", { nonces: dropped.map((row) => row.nonce) });
      runtime.observer.resubmitted(runtime.id, "rebroadcast", dropped.length);
    }
    if (dropped.length < unknown.length) {
      runtime.logger.debug("offering capped transactions again", { nonces: unknown.filter((row) => capped.has(row.id)).map((row) => row.nonce) });
    }
    const refused = await resend(
      unknown.map((row) => ({ signer: row.signer, transaction: { nonce: row.nonce, hash: latestHash(row), raw: raw.get(latestHash(row))! } })),
    );
    for (const row of dropped) {
      const reason = refused.get(latestHash(row));
      if (reason !== undefined) runtime.logger.warn("rebroadcast refused", { hash: latestHash(row), nonce: row.nonce, reason });
    }
  };

  /** Returns the transactions the cap holds back. */
  const bump = async (stale: readonly PendingTransactionRow[]): Promise<PendingTransactionRow[]> => {
    const capped: PendingTransactionRow[] = [];
    if (stale.length === 0) return capped;
    const now = await runtime.fees.current();
    const bodies = await loadTransactionBodies(pool, stale.map((row) => row.id));
    const bumped: Resend[] = [];
    for (const row of stale) {
      const state = restored(row.attempts);
      const previous = latestAttempt(state);
      const fees = bumpFees(previous, now, { bumpPercent: options.feeBumpPercent, maxFeePerGasCap: options.maxFeePerGasCap });
      if (fees === undefined) {
        capped.push(row);
        if (!cappedWarned.has(row.id)) {
          cappedWarned.add(row.id);
          runtime.logger.warn("fee cap reached: waiting for lower fees", {
            hash: previous.hash,
            nonce: row.nonce,
            maxFeePerGas: previous.maxFeePerGas,
            cap: options.maxFeePerGasCap,
          });
        }
        continue;
      }
      const body = bodies.get(row.id)!;
      const signer = runtime.signers.find((account) => account.address === row.signer)!;
      const signed = await signTransaction(signer, { chainId: runtime.id, nonce: row.nonce, ...body, gas: body.gasLimit, ...fees });
      const next = { ...signed, ...fees };
      replaced(state, next);
      // Another replica bumped this transaction first: its attempt is the one to keep.
      const inserted = await withTransaction(pool, async (client) => {
        if (!(await insertAttempt(client, row.id, row.attempts.length, next))) return false;
        await runtime.events.replaced(client, [{ id: row.id, previousHash: previous.hash, hash: next.hash, reason: "fee_bump" }]);
        return true;
      });
      if (!inserted) continue;
      runtime.logger.info("fee bump", { nonce: row.nonce, signer: row.signer, previousHash: previous.hash, hash: next.hash, maxFeePerGas: next.maxFeePerGas });
      bumped.push({ signer: row.signer, transaction: { nonce: row.nonce, hash: next.hash, raw: next.raw } });
    }
    if (bumped.length > 0) runtime.observer.resubmitted(runtime.id, "fee_bump", bumped.length);
    const refused = await resend(bumped);
    for (const [hash, reason] of refused) runtime.logger.warn("fee bump refused; offered again on later passes", { hash, reason });
    return capped;
  };

  return {
    async run(stale, unconfirmed) {
      const staleIds = new Set(stale.map((row) => row.id));
      for (const id of cappedWarned) if (!staleIds.has(id)) cappedWarned.delete(id);
      const capped = await bump(stale);
      // A capped transaction's latest attempt may have been refused when it was sent (fee below the base fee then):
      // offered again on every pass, it lands as soon as the base fee comes down to it.
      await rebroadcastUnknown([...unconfirmed, ...capped], new Set(capped.map((row) => row.id)));
    },
  };
}
