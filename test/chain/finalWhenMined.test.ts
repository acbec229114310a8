import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLimitingProxy, type LimitingProxy } from "../helpers/limitingProxy.js";
import { waitFor } from "../helpers/waitFor.js";
import { mintToData, recipient, startPipelineWorld, type PipelineWorld } from "./fixtures.js";

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

describe("a chain whose blocks are final when mined", () => {
  // The local chain's rule is 0 confirmations; 1 (the block holding it) is the same.
  it.each([0, 1])(
    "records a transaction final with its receipt when its block came after the head the pass read (%i confirmations)",
    async (confirmations) => {
      const signer = await world.newSigner();
      const collection = await world.erc721([signer.address]);
      const pipeline = await world.pipeline([signer], { rpcUrl: proxy.url, finality: confirmations });
      await world.chain.client.setAutomine(false);
      let minedBlock: bigint | undefined;
      try {
        const sent = await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(confirmations)), purpose: "test.mint" });
        // cacheTime 0: viem answers getBlockNumber from a cache for the client's cacheTime (4 s) otherwise.
        const headBefore = await world.chain.client.getBlockNumber({ cacheTime: 0 });
        // The pass has read the head (before the receipts, always): the block comes now, between the two reads, as
        // automine makes it come when a send lands while a pass is under way. Nothing is answered after this pass,
        // so no later pass can make up for it.
        proxy.beforeForward(async (calls) => {
          if (minedBlock !== undefined || !calls.some((call) => call.method === "eth_getTransactionReceipt" && call.params?.[0] === sent.hash)) return;
          await world.chain.client.mine({ blocks: 1 });
          minedBlock = await world.chain.client.getBlockNumber({ cacheTime: 0 });
          proxy.refuse("all");
        });
        const record = await waitFor(
          async () => {
            const found = await pipeline.get(world.chain.chainId, sent.hash);
            return found?.status === "success" ? found : undefined;
          },
          { timeoutMs: 30_000, intervalMs: 50, message: () => "the receipt was never recorded" },
        );
        expect(minedBlock).toBe(headBefore + 1n);
        expect(record.blockNumber).toBe(minedBlock);
        expect(record.final).toBe(true);
      } finally {
        proxy.beforeForward(undefined);
        proxy.refuse("none");
        await world.chain.client.setAutomine(true);
      }
    },
    60_000,
  );
});
