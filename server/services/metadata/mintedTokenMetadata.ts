import type { Hex } from "viem";
import type pg from "pg";
import type { Logger } from "../../logger.js";
import { detachMovedMintMetadata, findMintsAwaitingMetadata, findMintsWithMovedMetadata, recordMintedTokenMetadata } from "../../store/tokenMetadata.js";
import { type ChainWriter, readReceipt } from "../transactions/chainWriter.js";
import { mintedFromLogs } from "../../chain/transactions/mintedTokens.js";

/**
 * One pass of the job that gives an ERC-721 mint's `metadata` to the token it minted: the token id is only known
 * from the receipt, so the metadata waits with the transaction until then. Durable: a crash leaves the mint
 * unmarked and the next pass does it. A mint whose block was reorganised away may mint another token id on the new
 * branch, and its old token id may be another mint's there: its metadata is first taken back from the old token,
 * then given to the new one once it is mined again.
 */
export async function attachMintedTokenMetadata(
  pool: pg.Pool,
  writer: Pick<ChainWriter, "publicClient">,
  logger: Logger,
): Promise<number> {
  const moved = await findMintsWithMovedMetadata(pool, 100);
  if (moved.length > 0) {
    await detachMovedMintMetadata(pool, moved);
    logger.info("metadata taken back from tokens of mints whose block was reorganised away", { transactions: moved.length });
  }
  const mints = await findMintsAwaitingMetadata(pool, 100);
  for (const mint of mints) {
    // One receipt that cannot be read now must not hold back the others: it is tried again on the next pass.
    try {
      const receipt = await readReceipt(writer, mint.chainId, mint.hash as Hex);
      // Mined again elsewhere since the receipt loop's last pass: attached once the loop has recorded the new block.
      if (mint.blockHash !== null && receipt.blockHash !== mint.blockHash) continue;
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
