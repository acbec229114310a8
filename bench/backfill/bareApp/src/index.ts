import { ponder } from "ponder:registry";
import { collection, erc1155Transfer, erc20Transfer, erc721Transfer } from "ponder:schema";

ponder.on("TokenFactory:CollectionCreated", async ({ event, context }) => {
  await context.db.insert(collection).values({ address: event.args.collection, kind: Number(event.args.kind), admin: event.args.admin });
});

ponder.on("Erc20Collection:Transfer", async ({ event, context }) => {
  const { from, to, value } = event.args;
  await context.db.insert(erc20Transfer).values({ id: event.id, contract: event.log.address, from, to, value, blockNumber: event.block.number });
});

ponder.on("Erc721Collection:Transfer", async ({ event, context }) => {
  const { from, to, tokenId } = event.args;
  await context.db.insert(erc721Transfer).values({ id: event.id, contract: event.log.address, from, to, tokenId, blockNumber: event.block.number });
});

ponder.on("Erc1155Collection:TransferSingle", async ({ event, context }) => {
  const { from, to, id, value } = event.args;
  await context.db.insert(erc1155Transfer).values({ id: event.id, contract: event.log.address, from, to, tokenId: id, value, blockNumber: event.block.number });
});

ponder.on("Erc1155Collection:TransferBatch", async ({ event, context }) => {
  const { from, to, ids, values } = event.args;
  for (const [index, id] of ids.entries()) {
    await context.db.insert(erc1155Transfer).values({ id: `${event.id}${index}`, contract: event.log.address, from, to, tokenId: id, value: values[index]!, blockNumber: event.block.number });
  }
});
