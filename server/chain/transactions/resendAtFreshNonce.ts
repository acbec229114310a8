import type { Address } from "viem";
import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { allocateNonces, loadTransactionBodies, type PendingTransactionRow } from "../../store/transactions.js";
import { moveToFreshNonce } from "../../store/transactionWatch.js";
import { refusals, type Broadcast } from "./broadcaster.js";
import type { ChainRuntime } from "./chainRuntime.js";
import { signTransaction } from "./signTransaction.js";
import { latestAttempt, resentAtFreshNonce, restored } from "./states.js";

// Thrown inside the database transaction to roll back the nonce it allocated: the row moved on meanwhile.
class RowMovedOnError extends Error {
  override name = "RowMovedOnError";
}

/**
 * Signs the calls of pending transactions whose nonce was used, in a final block, by none of their attempts, again at
 * fresh nonces of the same signer, and broadcasts them. Each move is one database transaction: the nonce is allocated
 * and the row moved to it with its new attempt, or nothing happens (another replica moved it first). The record keeps
 * every earlier attempt, so any hash a client holds still finds it.
 */
export async function resendAtFreshNonces(deps: { pool: pg.Pool; runtime: ChainRuntime }, rows: readonly PendingTransactionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { pool, runtime } = deps;
  const fees = await runtime.fees.current();
  const bodies = await loadTransactionBodies(pool, rows.map((row) => row.id));
  const sent = new Map<Address, Broadcast[]>();
  for (const row of [...rows].sort((a, b) => a.nonce - b.nonce)) {
    const signer = runtime.signers.find((account) => account.address === row.signer)!;
    const body = bodies.get(row.id)!;
    try {
      const moved = await withTransaction(pool, async (client) => {
        const nonce = await allocateNonces(client, runtime.id, signer.address, 1);
        const signed = await signTransaction(signer, { chainId: runtime.id, nonce, to: body.to, data: body.data, value: body.value, gas: body.gasLimit, ...fees });
        const next = { ...signed, ...fees };
        resentAtFreshNonce(restored(row.attempts, row.reorgedFrom), next);
        if (!(await moveToFreshNonce(client, { id: row.id, fromNonce: row.nonce, toNonce: nonce, attemptIndex: row.attempts.length, attempt: next }))) {
          throw new RowMovedOnError();
        }
        await runtime.events.replaced(client, [{ id: row.id, previousHash: latestAttempt(restored(row.attempts)).hash, hash: next.hash, reason: "fresh_nonce" }]);
        return { nonce, hash: next.hash, raw: next.raw };
      });
      runtime.logger.warn("nonce used by another transaction in a final block: the call is sent again at a fresh nonce", {
        signer: row.signer,
        previousNonce: row.nonce,
        previousHash: latestAttempt(restored(row.attempts)).hash,
        nonce: moved.nonce,
        hash: moved.hash,
      });
      sent.set(row.signer, [...(sent.get(row.signer) ?? []), moved]);
    } catch (error) {
      if (!(error instanceof RowMovedOnError)) throw error;
    }
  }
  await Promise.all(
    [...sent].map(async ([signer, transactions]) => {
      const refused = refusals(transactions, await runtime.broadcaster.send(signer, transactions));
      if (refused.length > 0) runtime.logger.warn("re-sent transaction refused; offered again by the receipt loop", { refused });
    }),
  );
}
