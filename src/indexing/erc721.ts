import { ponder } from "ponder:registry";
import { erc721Token } from "ponder:schema";
import { type Address, zeroAddress, zeroHash } from "viem";
import { erc6551AccountAddress } from "../../server/chain/erc6551Account.js";
import { predictCoreAddresses } from "../../server/chain/deployCore.js";
import type { ActivityEvent } from "./activity.js";
import { creditMintToPermit } from "./permits.js";
import { recordTransfer } from "./transfers.js";

/** The registry and our implementation have the same CREATE2 addresses on every chain (as in accounts.ts). */
const { erc6551Registry, accountImplementation } = predictCoreAddresses();

type TransferArgs = { from: Address; to: Address; tokenId: bigint };

/**
 * One row per live token: minted on the first transfer from zero, moved on every transfer, removed on burn.
 * `mintsAreNew`: the contract never mints an id twice (tokenhub's own count up from totalMinted), so a mint is a plain
 * insert, which Ponder writes without first reading the row; any other contract might, so there it is an upsert.
 */
async function applyTransfer(context: any, contract: Address, args: TransferArgs, event: ActivityEvent, mintsAreNew: boolean) {
  const { block } = event;
  const transactionHash = event.transaction.hash;
  const key = { chainId: context.chain.id as number, contract, tokenId: args.tokenId };
  await recordTransfer(context, event, { standard: "erc721", contract, tokenId: args.tokenId, from: args.from, to: args.to, amount: 1n });
  if (args.to === zeroAddress) {
    await context.db.delete(erc721Token, key);
    return;
  }
  if (args.from === zeroAddress) {
    await creditMintToPermit(context, { contract, blockHash: event.block.hash, transactionHash, tokenId: args.tokenId, amount: 1n, once: false });
  }
  const tbaAddress = erc6551AccountAddress({ registry: erc6551Registry, implementation: accountImplementation, salt: zeroHash, chainId: key.chainId, tokenContract: contract, tokenId: args.tokenId });
  const row = { ...key, owner: args.to, ownerSince: block.timestamp, mintedAt: block.timestamp, mintedBlock: block.number, mintTransaction: transactionHash, tbaAddress };
  if (args.from === zeroAddress && mintsAreNew) {
    await context.db.insert(erc721Token).values(row);
    return;
  }
  await context.db.insert(erc721Token).values(row).onConflictDoUpdate({ owner: args.to, ownerSince: block.timestamp });
}

ponder.on("Erc721Collection:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event, true);
});

ponder.on("ExternalErc721:Transfer", async ({ event, context }) => {
  await applyTransfer(context, event.log.address, event.args, event, false);
});
