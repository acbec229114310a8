import { ponder } from "ponder:registry";
import { erc20Balance } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import type { ActivityEvent } from "./activity.js";
import { recordErc20Balance } from "./history.js";
import { creditMintToPermit } from "./permits.js";
import { recordTransfer } from "./transfers.js";

type TransferArgs = { from: Address; to: Address; value: bigint };

/**
 * Balances per (contract, owner). A holder's `ownerSince` is when its balance last rose from zero; a balance that
 * returns to zero removes the row, so holders are exactly the rows.
 */
async function applyTransfer(context: any, contract: Address, args: TransferArgs, event: ActivityEvent) {
  const { block } = event;
  const transactionHash = event.transaction.hash;
  const chainId: number = context.chain.id;
  if (args.value === 0n || args.from === args.to) return;
  if (args.from === zeroAddress) {
    await creditMintToPermit(context, { contract, blockHash: event.block.hash, transactionHash, tokenId: null, amount: args.value, once: true });
  } else {
    const key = { chainId, contract, owner: args.from };
    const row = await context.db.find(erc20Balance, key);
    const balance = (row?.balance ?? 0n) - args.value;
    if (balance <= 0n) {
      if (row) await context.db.delete(erc20Balance, key);
    } else {
      await context.db.update(erc20Balance, key).set({ balance });
    }
    const left = balance > 0n ? balance : 0n;
    await recordErc20Balance(context, event, 0, { contract, owner: args.from, balance: left, ownerSince: left > 0n ? row.ownerSince : 0n });
  }
  if (args.to !== zeroAddress) {
    const row = await context.db
      .insert(erc20Balance)
      .values({ chainId, contract, owner: args.to, balance: args.value, ownerSince: block.timestamp })
      .onConflictDoUpdate((row: { balance: bigint }) => ({ balance: row.balance + args.value }));
    await recordErc20Balance(context, event, 1, { contract, owner: args.to, balance: row.balance, ownerSince: row.ownerSince });
  }
  await recordTransfer(context, event, { standard: "erc20", contract, tokenId: null, from: args.from, to: args.to, amount: args.value });
}

ponder.on("Erc20Collection:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event);
});

ponder.on("ExternalErc20:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event);
});
