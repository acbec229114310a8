import { ponder } from "ponder:registry";
import { tick } from "ponder:schema";

ponder.on("Tick:block", async ({ event, context }) => {
  await context.db.insert(tick).values({ id: event.id, number: event.block.number, timestamp: event.block.timestamp });
});

ponder.on("Collection:Transfer", async () => undefined);
