import { ponder } from "ponder:registry";
import { accountCall, accountTransaction, erc6551Account } from "ponder:schema";
import { predictCoreAddresses } from "../../server/chain/deployCore.js";
import { recordActivity } from "./activity.js";

/** Our implementation has the same CREATE2 address on every chain, so it is known without configuration. */
const TOKENHUB_ACCOUNT_IMPLEMENTATION = predictCoreAddresses().accountImplementation.toLowerCase();

ponder.on("Erc6551Registry:ERC6551AccountCreated", async ({ event, context }) => {
  await context.db
    .insert(erc6551Account)
    .values({
      chainId: context.chain.id,
      address: event.args.account,
      implementation: event.args.implementation,
      tokenhubImplementation: event.args.implementation.toLowerCase() === TOKENHUB_ACCOUNT_IMPLEMENTATION,
      salt: event.args.salt,
      tokenChainId: event.args.chainId,
      tokenContract: event.args.tokenContract,
      tokenId: event.args.tokenId,
      createdAt: event.block.timestamp,
      createdBlock: event.block.number,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoNothing();
  await recordActivity(context, event, "account_created", event.args.tokenContract, {
    account: event.args.account,
    implementation: event.args.implementation,
    tokenChainId: event.args.chainId.toString(),
    tokenId: event.args.tokenId.toString(),
  });
});

/**
 * Each `Executed` log is one call; the calls of one transaction form the batch the account executed, and the
 * transaction's receipt says what it cost. Reverted batches emit nothing, so they never appear here.
 */
ponder.on("TokenhubAccount:Executed", async ({ event, context }) => {
  const chainId = context.chain.id;
  const account = event.log.address;
  const transactionHash = event.transaction.hash;
  await context.db.insert(accountCall).values({
    chainId,
    account,
    transactionHash,
    logIndex: event.log.logIndex,
    executor: event.args.executor,
    to: event.args.to,
    value: event.args.value,
    data: event.args.data,
  });
  await context.db
    .insert(accountTransaction)
    .values({
      chainId,
      account,
      transactionHash,
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
      gasUsed: event.transactionReceipt.gasUsed,
      effectiveGasPrice: event.transactionReceipt.effectiveGasPrice,
      callCount: 1,
    })
    .onConflictDoUpdate((row) => ({ callCount: row.callCount + 1 }));
});
