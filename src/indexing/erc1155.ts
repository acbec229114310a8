import { ponder } from "ponder:registry";
import { erc1155Balance } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import { creditMintToPermit } from "./permits.js";

type Block = { timestamp: bigint };
type Hash = `0x${string}`;

/** Balances per (contract, token id, owner), with the same `ownerSince` rule as ERC-20 balances. */
async function applyMove(context: any, contract: Address, from: Address, to: Address, tokenId: bigint, value: bigint, block: Block, transactionHash: Hash) {
  const chainId: number = context.chain.id;
  if (value === 0n || from === to) return;
  if (from === zeroAddress) {
    await creditMintToPermit(context, { contract, transactionHash, tokenId, amount: value, once: true });
  } else {
    const key = { chainId, contract, tokenId, owner: from };
    const row = await context.db.find(erc1155Balance, key);
    const balance = (row?.balance ?? 0n) - value;
    if (balance <= 0n) {
      if (row) await context.db.delete(erc1155Balance, key);
    } else {
      await context.db.update(erc1155Balance, key).set({ balance });
    }
  }
  if (to !== zeroAddress) {
    await context.db
      .insert(erc1155Balance)
      .values({ chainId, contract, tokenId, owner: to, balance: value, ownerSince: block.timestamp })
      .onConflictDoUpdate((row: { balance: bigint }) => ({ balance: row.balance + value }));
  }
}

type SingleArgs = { from: Address; to: Address; id: bigint; value: bigint };
type BatchArgs = { from: Address; to: Address; ids: readonly bigint[]; values: readonly bigint[] };

async function applySingle(context: any, contract: Address, args: SingleArgs, block: Block, transactionHash: Hash) {
  await applyMove(context, contract, args.from, args.to, args.id, args.value, block, transactionHash);
}

async function applyBatch(context: any, contract: Address, args: BatchArgs, block: Block, transactionHash: Hash) {
  for (const [index, id] of args.ids.entries()) {
    await applyMove(context, contract, args.from, args.to, id, args.values[index] ?? 0n, block, transactionHash);
  }
}

ponder.on("Erc1155Collection:TransferSingle", async ({ event, context }) => {
  await applySingle(context, event.log.address, event.args, event.block, event.transaction.hash);
});
ponder.on("Erc1155Collection:TransferBatch", async ({ event, context }) => {
  await applyBatch(context, event.log.address, event.args, event.block, event.transaction.hash);
});
ponder.on("ExternalErc1155:TransferSingle", async ({ event, context }) => {
  await applySingle(context, event.log.address, event.args, event.block, event.transaction.hash);
});
ponder.on("ExternalErc1155:TransferBatch", async ({ event, context }) => {
  await applyBatch(context, event.log.address, event.args, event.block, event.transaction.hash);
});
