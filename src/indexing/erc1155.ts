import { ponder } from "ponder:registry";
import { erc1155Balance } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import type { ActivityEvent } from "./activity.js";
import { recordErc1155Balance } from "./history.js";
import { creditMintToPermit } from "./permits.js";
import { recordTransfer } from "./transfers.js";

/** Balances per (contract, token id, owner), with the same `ownerSince` rule as ERC-20 balances. */
async function applyMove(context: any, contract: Address, from: Address, to: Address, tokenId: bigint, value: bigint, event: ActivityEvent, part: number) {
  const { block } = event;
  const transactionHash = event.transaction.hash;
  const chainId: number = context.chain.id;
  if (value === 0n || from === to) return;
  if (from === zeroAddress) {
    await creditMintToPermit(context, { contract, blockHash: event.block.hash, transactionHash, tokenId, amount: value, once: true });
  } else {
    const key = { chainId, contract, tokenId, owner: from };
    const row = await context.db.find(erc1155Balance, key);
    const balance = (row?.balance ?? 0n) - value;
    if (balance <= 0n) {
      if (row) await context.db.delete(erc1155Balance, key);
    } else {
      await context.db.update(erc1155Balance, key).set({ balance });
    }
    const left = balance > 0n ? balance : 0n;
    await recordErc1155Balance(context, event, part, 0, { contract, tokenId, owner: from, balance: left, ownerSince: left > 0n ? row.ownerSince : 0n });
  }
  if (to !== zeroAddress) {
    const row = await context.db
      .insert(erc1155Balance)
      .values({ chainId, contract, tokenId, owner: to, balance: value, ownerSince: block.timestamp })
      .onConflictDoUpdate((row: { balance: bigint }) => ({ balance: row.balance + value }));
    await recordErc1155Balance(context, event, part, 1, { contract, tokenId, owner: to, balance: row.balance, ownerSince: row.ownerSince });
  }
  await recordTransfer(context, event, { standard: "erc1155", contract, tokenId, from, to, amount: value }, part);
}

type SingleArgs = { from: Address; to: Address; id: bigint; value: bigint };
type BatchArgs = { from: Address; to: Address; ids: readonly bigint[]; values: readonly bigint[] };

async function applySingle(context: any, contract: Address, args: SingleArgs, event: ActivityEvent) {
  await applyMove(context, contract, args.from, args.to, args.id, args.value, event, 0);
}

async function applyBatch(context: any, contract: Address, args: BatchArgs, event: ActivityEvent) {
  for (const [index, id] of args.ids.entries()) {
    await applyMove(context, contract, args.from, args.to, id, args.values[index] ?? 0n, event, index);
  }
}

ponder.on("Erc1155Collection:TransferSingle", async ({ event, context }) => {
  await applySingle(context, event.log.address, event.args, event);
});
ponder.on("Erc1155Collection:TransferBatch", async ({ event, context }) => {
  await applyBatch(context, event.log.address, event.args, event);
});
ponder.on("ExternalErc1155:TransferSingle", async ({ event, context }) => {
  await applySingle(context, event.log.address, event.args, event);
});
ponder.on("ExternalErc1155:TransferBatch", async ({ event, context }) => {
  await applyBatch(context, event.log.address, event.args, event);
});
