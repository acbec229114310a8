import { transfer } from "ponder:schema";
import type { ActivityEvent } from "./activity.js";

type Hex = `0x${string}`;

export type TransferMove = { standard: "erc20" | "erc721" | "erc1155"; contract: Hex; tokenId: bigint | null; from: Hex; to: Hex; amount: bigint };

/**
 * Records one move of tokens (ponder.schema.ts, `transfer`) in the indexing function's own transaction: a
 * reorganisation that reverts the move reverts the row with it. `part` numbers the moves of one log (an ERC-1155
 * batch's position); the id is activity's, so the two sort together.
 */
export async function recordTransfer(context: any, event: ActivityEvent, move: TransferMove, part = 0): Promise<void> {
  await context.db.insert(transfer).values({
    id: `${event.id}${String(part).padStart(5, "0")}`,
    chainId: context.chain.id,
    ...move,
    blockNumber: event.block.number,
    blockHash: event.block.hash,
    timestamp: event.block.timestamp,
    transactionHash: event.transaction.hash,
    logIndex: event.log.logIndex,
  });
}
