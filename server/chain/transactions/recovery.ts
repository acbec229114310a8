import type { Hex } from "viem";
import type pg from "pg";
import { ChainUnavailableError } from "../../errors.js";
import { ensureSignerNonce, loadPendingLatestAttempts } from "../../store/transactions.js";
import { refusals } from "./broadcaster.js";
import type { ChainRuntime } from "./chainRuntime.js";
import { recordGapFillers } from "./gapFiller.js";

/**
 * Start-up for one chain, before anything is sent on it. For each signer: create or reconcile its nonce row with the
 * chain (moving it forward if the chain is ahead), record self-transfers for nonces no transaction uses, then
 * rebroadcast the exact signed bytes of every transaction still pending, in nonce order: a crash between recording
 * and broadcasting, or a node that lost its pool, then costs nothing.
 */
export async function recoverChain(deps: { pool: pg.Pool; runtime: ChainRuntime }): Promise<void> {
  const { pool, runtime } = deps;
  for (const signer of runtime.signers) {
    const [mined, pending] = await runtime.rpc.batch([
      { method: "eth_getTransactionCount", params: [signer.address, "latest"] },
      { method: "eth_getTransactionCount", params: [signer.address, "pending"] },
    ]);
    if (!mined?.ok || !pending?.ok) {
      throw new ChainUnavailableError(`The chain's RPC did not give the nonce of signer ${signer.address}.`);
    }
    const minedNonce = Number(mined.result as Hex);
    const row = await ensureSignerNonce(pool, runtime.id, signer.address, Number(pending.result as Hex));
    if (row.previous !== undefined && row.nextNonce > row.previous) {
      runtime.logger.warn("signer nonce moved forward to the chain's", { signer: signer.address, from: row.previous, to: row.nextNonce });
    }
    await recordGapFillers(deps, signer, minedNonce);
    const recorded = await loadPendingLatestAttempts(pool, runtime.id, signer.address);
    if (recorded.length > 0) {
      runtime.logger.info("rebroadcasting recorded transactions", {
        signer: signer.address,
        count: recorded.length,
        nonces: `${recorded[0]!.nonce}..${recorded.at(-1)!.nonce}`,
      });
    }
    const refused = refusals(recorded, await runtime.broadcaster.send(signer.address, recorded));
    if (refused.length > 0) runtime.logger.warn("rebroadcast refused; offered again by the receipt loop", { refused });
  }
}
