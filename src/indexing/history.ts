import { erc1155BalanceHistory, erc20BalanceHistory } from "ponder:schema";
import type { ActivityEvent } from "./activity.js";

type Hex = `0x${string}`;

/**
 * The id of one change a log made to past state: the log's checkpoint (chain order), the part of the log (an
 * ERC-1155 batch's position) and the side (0 the sender's balance, 1 the recipient's), so that the last change at
 * or below a block sorts last. It is the id of the transfer row with the side appended: the webhooks' dispatcher finds
 * a recipient's `ownerSince` after a transfer by it.
 */
function changeId(event: ActivityEvent, part: number, side: 0 | 1): string {
  return `${event.id}${String(part).padStart(5, "0")}${side}`;
}

/** An owner's ERC-20 balance after a transfer (0 once emptied), with the holding's ownerSince (0 once emptied). */
export async function recordErc20Balance(context: any, event: ActivityEvent, side: 0 | 1, change: { contract: Hex; owner: Hex; balance: bigint; ownerSince: bigint }) {
  await context.db.insert(erc20BalanceHistory).values({ id: changeId(event, 0, side), chainId: context.chain.id, blockNumber: event.block.number, ...change });
}

/** An owner's ERC-1155 balance of a token id after a transfer, as recordErc20Balance. */
export async function recordErc1155Balance(
  context: any,
  event: ActivityEvent,
  part: number,
  side: 0 | 1,
  change: { contract: Hex; tokenId: bigint; owner: Hex; balance: bigint; ownerSince: bigint },
) {
  await context.db.insert(erc1155BalanceHistory).values({ id: changeId(event, part, side), chainId: context.chain.id, blockNumber: event.block.number, ...change });
}
