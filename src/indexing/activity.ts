import { activity } from "ponder:schema";

type Hex = `0x${string}`;

/** The parts of a Ponder log event an activity or transfer row records. */
export type ActivityEvent = {
  id: string;
  log: { logIndex: number };
  block: { number: bigint; hash: Hex; timestamp: bigint };
  transaction: { hash: Hex };
};

/** What each kind of activity row holds in `data` (numbers as decimal strings, addresses lowercase). */
export type ActivityData = {
  account_created: { account: Hex; implementation: Hex; tokenChainId: string; tokenId: string };
  permit_used: { signer: Hex; nonce: string; sender: Hex };
  permit_invalidated: { signer: Hex; nonce: string };
};

/**
 * Records one change the index made (ponder.schema.ts, `activity`), in the indexing function's own transaction: a
 * reorganisation that reverts the change reverts the row with it. `part` numbers the changes of one log.
 */
export async function recordActivity<Kind extends keyof ActivityData>(
  context: any,
  event: ActivityEvent,
  kind: Kind,
  contract: Hex,
  data: ActivityData[Kind],
  part = 0,
): Promise<void> {
  await context.db.insert(activity).values({
    id: `${event.id}${String(part).padStart(5, "0")}`,
    chainId: context.chain.id,
    kind,
    contract,
    blockNumber: event.block.number,
    blockHash: event.block.hash,
    timestamp: event.block.timestamp,
    transactionHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    data,
  });
}
