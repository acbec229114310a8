import { ponder } from "ponder:registry";
import { erc721Token } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import { creditMintToPermit } from "./permits.js";

type TransferArgs = { from: Address; to: Address; tokenId: bigint };
type Block = { number: bigint; timestamp: bigint };

/**
 * One row per live token: minted on the first transfer from zero, moved on every transfer, removed on burn.
 * `mintsAreNew`: the contract never mints an id twice (tokenhub's own count up from totalMinted), so a mint is a plain
 * insert, which Ponder writes without first reading the row; any other contract might, so there it is an upsert.
 */
async function applyTransfer(
  context: any,
  contract: Address,
  args: TransferArgs,
  block: Block,
  transactionHash: `0x${string}`,
  mintsAreNew: boolean,
) {
  const key = { chainId: context.chain.id as number, contract, tokenId: args.tokenId };
  if (args.to === zeroAddress) {
    await context.db.delete(erc721Token, key);
    return;
  }
  if (args.from === zeroAddress) {
    await creditMintToPermit(context, { contract, transactionHash, tokenId: args.tokenId, amount: 1n, once: false });
  }
  const row = { ...key, owner: args.to, ownerSince: block.timestamp, mintedAt: block.timestamp, mintedBlock: block.number, mintTransaction: transactionHash };
  if (args.from === zeroAddress && mintsAreNew) {
    await context.db.insert(erc721Token).values(row);
    return;
  }
  await context.db.insert(erc721Token).values(row).onConflictDoUpdate({ owner: args.to, ownerSince: block.timestamp });
}

ponder.on("Erc721Collection:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event.block, event.transaction.hash, true);
});

ponder.on("ExternalErc721:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event.block, event.transaction.hash, false);
});
