import type pg from "pg";
import type { Logger } from "../../logger.js";
import { findRedeemedPermitsAwaitingMetadata, recordPermitTokenMetadata } from "../../store/permits.js";

/**
 * One pass of the job that gives a permit's metadata to what its redemption minted. The recipient sends that
 * transaction, not the service, so the minted token ids are known only once the index has seen it. Durable: a
 * permit stays unmarked until its metadata is recorded, and the next pass tries again.
 */
export async function attachPermitTokenMetadata(pool: pg.Pool, indexSchema: string, logger: Logger): Promise<number> {
  const redeemed = await findRedeemedPermitsAwaitingMetadata(pool, indexSchema, 100);
  for (const permit of redeemed) {
    // An ERC-721 permit's tokens are at most its amount, whatever else its transaction minted.
    const tokenIds = permit.kind === "erc721" ? permit.mintedTokenIds.slice(0, Number(permit.amount)) : permit.mintedTokenIds.slice(0, 1);
    try {
      await recordPermitTokenMetadata(pool, permit, tokenIds);
    } catch (error) {
      logger.warn("could not attach a permit's metadata yet", { permitId: permit.id, error });
    }
  }
  return redeemed.length;
}
