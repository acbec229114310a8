import { type Address, getAddress, type Hex, type Log, parseEventLogs, zeroAddress } from "viem";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../../abis/index.js";

/** `amount` is human-readable (ERC-20 decimals applied where the token's decimals are known); `amountRaw` never is. */
export type MintedToken = { contractAddress: Address; recipientAddress: Address; tokenId: string | null; amount: string; amountRaw: string };

/**
 * What one transaction minted, read from its receipt's logs (viem's, or the JSON-RPC node's as the receipt pass
 * reads them): transfers from the zero address.
 */
export function mintedFromLogs(receiptLogs: readonly { address: Hex; topics: readonly Hex[]; data: Hex }[]): MintedToken[] {
  // Decoding reads only the address, topics and data every log form has.
  const logs = receiptLogs as unknown as Log[];
  const minted: MintedToken[] = [];
  const erc721 = parseEventLogs({ abi: tokenHubERC721Abi, logs, eventName: "Transfer", strict: false });
  for (const log of erc721) {
    if (log.args.from !== zeroAddress || log.args.tokenId === undefined || log.topics.length !== 4) continue;
    minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to!, tokenId: log.args.tokenId.toString(), amount: "1", amountRaw: "1" });
  }
  const erc20 = parseEventLogs({ abi: tokenHubERC20Abi, logs, eventName: "Transfer", strict: false });
  for (const log of erc20) {
    if (log.args.from !== zeroAddress || log.topics.length !== 3 || log.args.value === undefined) continue;
    minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to!, tokenId: null, amount: log.args.value.toString(), amountRaw: log.args.value.toString() });
  }
  for (const log of parseEventLogs({ abi: tokenHubERC1155Abi, logs, eventName: ["TransferSingle", "TransferBatch"] })) {
    if (log.args.from !== zeroAddress) continue;
    if (log.eventName === "TransferSingle") {
      minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to, tokenId: log.args.id.toString(), amount: log.args.value.toString(), amountRaw: log.args.value.toString() });
    } else {
      log.args.ids.forEach((id, index) =>
        minted.push({ contractAddress: getAddress(log.address), recipientAddress: log.args.to, tokenId: id.toString(), amount: (log.args.values[index] ?? 0n).toString(), amountRaw: (log.args.values[index] ?? 0n).toString() }),
      );
    }
  }
  return minted;
}
