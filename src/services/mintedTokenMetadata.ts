import type { Hex } from "viem";
import type pg from "pg";
import type { Logger } from "../logger.js";
import { findMintsAwaitingMetadata, recordMintedTokenMetadata } from "../store/tokenMetadata.js";
import { type ChainWriter, readReceipt } from "./chainWriter.js";
import { mintedFromLogs } from "./transactions.js";

/**
 * One pass of the job that gives an ERC-721 mint's `metadata` to the token it minted: the token id is only known
 * from the receipt, so the metadata waits with the transaction until then. Durable: a crash leaves the mint
 * unmarked and the next pass does it.
 */
export async function attachMintedTokenMetadata(
  pool: pg.Pool,
  writer: Pick<ChainWriter, "publicClient">,
  logger: Logger,
): Promise<number> {
  const mints = await findMintsAwaitingMetadata(pool, 100);
  for (const mint of mints) {
    // One receipt that cannot be read now must not hold back the others: it is tried again on the next pass.
    try {
      const receipt = await readReceipt(writer, mint.chainId, mint.hash as Hex);
      const tokenIds = mintedFromLogs(receipt.logs)
        .filter((minted) => minted.contractAddress.toLowerCase() === mint.contract.toLowerCase() && minted.tokenId !== null)
        .map((minted) => BigInt(minted.tokenId!));
      await recordMintedTokenMetadata(pool, mint, tokenIds);
    } catch (error) {
      logger.warn("could not attach a mint's metadata yet", { transactionHash: mint.hash, error });
    }
  }
  return mints.length;
}
