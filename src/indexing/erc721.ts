import { ponder } from "ponder:registry";
import { erc721Token } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import { creditMintToPermit } from "./permits.js";

type TransferArgs = { from: Address; to: Address; tokenId: bigint };
type Block = { number: bigint; timestamp: bigint };

/** One row per live token: minted on the first transfer from zero, moved on every transfer, removed on burn. */
async function applyTransfer(context: any, contract: Address, args: TransferArgs, block: Block, transactionHash: `0x${string}`) {
  const key = { chainId: context.chain.id as number, contract, tokenId: args.tokenId };
  if (args.to === zeroAddress) {
    await context.db.delete(erc721Token, key);
    return;
  }
  if (args.from === zeroAddress) {
    await creditMintToPermit(context, { contract, transactionHash, tokenId: args.tokenId, amount: 1n, once: false });
  }
  await context.db
    .insert(erc721Token)
    .values({
      ...key,
      owner: args.to,
      ownerSince: block.timestamp,
      mintedAt: block.timestamp,
      mintedBlock: block.number,
      mintTransaction: transactionHash,
    })
    .onConflictDoUpdate({ owner: args.to, ownerSince: block.timestamp });
}

ponder.on("Erc721Collection:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event.block, event.transaction.hash);
});

ponder.on("ExternalErc721:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event.block, event.transaction.hash);
});
