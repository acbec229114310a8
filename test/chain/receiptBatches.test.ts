import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRpcBudget } from "../../server/chain/rpc/rpcBudget.js";
import { createRpcHealth } from "../../server/chain/rpc/rpcHealth.js";
import type { SentTransaction } from "../../server/chain/transactions/pipeline.js";
import { startLimitingProxy, type LimitingProxy } from "../helpers/limitingProxy.js";
import { waitFor } from "../helpers/waitFor.js";
import { memoryLogger, mintToData, recipient, startPipelineWorld, totalMinted, type PipelineWorld } from "./fixtures.js";

let world: PipelineWorld;
let proxy: LimitingProxy;
beforeAll(async () => {
  world = await startPipelineWorld();
  proxy = await startLimitingProxy(world.chain.node.rpcUrl);
});
afterAll(async () => {
  await proxy?.stop();
  await world?.stop();
});

describe("the receipt pass under a provider's refusals", () => {
  it("asks receipts in batches of the chain's batch size; a refused batch waits for the next pass while the rest of the pass records, finalises and goes on", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const { logger, lines } = memoryLogger();
    const pipeline = await world.pipeline([signer], {
      logger,
      rpcUrl: proxy.url,
      finality: 2,
      maxJoinedCalls: 1,
      rpcRetry: { count: 1, baseDelayMs: 20, maxDelayMs: 50 },
      rpcLimits: { budget: createRpcBudget(1_000), health: createRpcHealth(), batchSize: 2 },
    });
    await world.chain.client.setAutomine(false);
    const sent: SentTransaction[] = [];
    try {
      for (let index = 0; index < 6; index++) {
        sent.push(await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(index)), purpose: "test.mint" }));
      }
      // Every request asking the first transaction's receipt is refused: its batch (it and the next) goes unanswered.
      const refusedHash = sent[0]!.hash;
      proxy.refuse((call) => call.method === "eth_getTransactionReceipt" && (call.params?.[0] as Hex) === refusedHash);
      await world.chain.client.mine({ blocks: 1 });
    } finally {
      await world.chain.client.setAutomine(true);
    }
    const record = (transaction: SentTransaction) => pipeline.get(transaction.chainId, transaction.hash);

    // The other batches are recorded, and their transactions become final two blocks on: the watch of mined
    // transactions ran in the same passes as the refused batch.
    await waitFor(async () => (await Promise.all(sent.slice(2).map(record))).every((row) => row?.status === "success"), { timeoutMs: 30_000, intervalMs: 100 });
    await world.chain.client.mine({ blocks: 3 });
    await waitFor(async () => (await Promise.all(sent.slice(2).map(record))).every((row) => row?.final === true), { timeoutMs: 30_000, intervalMs: 100 });
    expect((await Promise.all(sent.slice(0, 2).map(record))).map((row) => row?.status)).toEqual(["pending", "pending"]);
    expect(proxy.refused.all).toBeGreaterThan(0);
    expect(lines.join("")).toContain("batches of receipts not answered; asked again on the next pass");

    // Once the provider answers again, the refused batch is recorded on the next pass.
    proxy.refuse("none");
    await waitFor(async () => (await Promise.all(sent.map(record))).every((row) => row?.status === "success" && row.final), { timeoutMs: 30_000, intervalMs: 100 });
    expect(await totalMinted(world, collection)).toBe(6n);
  });
});
