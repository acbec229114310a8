import { randomUUID } from "node:crypto";
import type { LocalAccount } from "viem";
import type pg from "pg";
import { findNonceGaps, insertTransactions, type NewTransaction } from "../../store/transactions.js";
import type { ChainRuntime } from "./chainRuntime.js";
import { signTransaction } from "./signTransaction.js";

export const NONCE_GAP_PURPOSE = "nonce-gap";
const SELF_TRANSFER_GAS = 21_000n;
// Gaps come from rare events (a crash mid-allocation, an operator): a bounded number per pass is plenty.
const MAX_GAPS_PER_PASS = 256;

/**
 * Records a zero-value self-transfer for every nonce of the signer, from `fromNonce` (the chain's count of the
 * signer's mined transactions) up to its next nonce, that no transaction uses. Such a nonce would never be sent, and
 * every later nonce of the signer would wait behind it forever. Returns the recorded fillers, for the caller to
 * broadcast; another replica filling the same gap at once is harmless (the unique nonce keeps one).
 */
export async function recordGapFillers(
  deps: { pool: pg.Pool; runtime: ChainRuntime },
  signer: LocalAccount,
  fromNonce: number,
): Promise<NewTransaction[]> {
  const gaps = await findNonceGaps(deps.pool, deps.runtime.id, signer.address, fromNonce, MAX_GAPS_PER_PASS);
  if (gaps.length === 0) return [];
  const fees = await deps.runtime.fees.current();
  const fillers = await Promise.all(
    gaps.map(async (nonce): Promise<NewTransaction> => {
      const transfer = { to: signer.address, data: "0x" as const, value: 0n };
      const signed = await signTransaction(signer, { chainId: deps.runtime.id, nonce, gas: SELF_TRANSFER_GAS, ...transfer, ...fees });
      return {
        id: randomUUID(),
        chainId: deps.runtime.id,
        signer: signer.address,
        nonce,
        purpose: NONCE_GAP_PURPOSE,
        projectId: null,
        metadata: {},
        gasLimit: SELF_TRANSFER_GAS,
        ...transfer,
        attempt: { ...signed, ...fees },
      };
    }),
  );
  const inserted = await insertTransactions(deps.pool, fillers, { skipTakenNonces: true });
  const recorded = fillers.filter((filler) => inserted.has(filler.id));
  if (recorded.length > 0) {
    deps.runtime.logger.warn("filling nonce gaps", { signer: signer.address, nonces: recorded.map((filler) => filler.nonce) });
  }
  return recorded;
}
