import { type Hex, parseEventLogs, zeroAddress } from "viem";
import type pg from "pg";
import { tokenHubERC721Abi } from "../../abis/index.js";
import type { Logger } from "../logger.js";
import { findMintsAwaitingMetadata, recordMintedTokenMetadata } from "../store/tokenMetadata.js";
import { type ChainWriter, readReceipt } from "./chainWriter.js";

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
      const tokenIds = parseEventLogs({ abi: tokenHubERC721Abi, logs: receipt.logs, eventName: "Transfer", strict: false })
        .filter((log) => log.address.toLowerCase() === mint.contract.toLowerCase() && log.args.from === zeroAddress && log.topics.length === 4)
        .map((log) => log.args.tokenId!);
      await recordMintedTokenMetadata(pool, mint, tokenIds);
    } catch (error) {
      logger.warn("could not attach a mint's metadata yet", { transactionHash: mint.hash, error });
    }
  }
  return mints.length;
}
