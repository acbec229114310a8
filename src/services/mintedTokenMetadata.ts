import { type Hex, parseEventLogs, zeroAddress } from "viem";
import type pg from "pg";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { findMintsAwaitingMetadata, recordMintedTokenMetadata } from "../store/tokenMetadata.js";
import type { ChainWriter } from "./chainWriter.js";

/**
 * One pass of the job that gives an ERC-721 mint's `metadata` to the token it minted: the token id is only known
 * from the receipt, so the metadata waits with the transaction until then. Durable: a crash leaves the mint
 * unmarked and the next pass does it.
 */
export async function attachMintedTokenMetadata(pool: pg.Pool, writer: Pick<ChainWriter, "publicClient">): Promise<number> {
  const mints = await findMintsAwaitingMetadata(pool, 100);
  for (const mint of mints) {
    const receipt = await writer.publicClient(mint.chainId).getTransactionReceipt({ hash: mint.hash as Hex });
    const tokenIds = parseEventLogs({ abi: tokenHubERC721Abi, logs: receipt.logs, eventName: "Transfer", strict: false })
      .filter((log) => log.address.toLowerCase() === mint.contract.toLowerCase() && log.args.from === zeroAddress && log.topics.length === 4)
      .map((log) => log.args.tokenId!);
    await recordMintedTokenMetadata(pool, mint, tokenIds);
  }
  return mints.length;
}
