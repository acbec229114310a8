import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalMiner } from "../../server/chain/transactions/localMiner.js";
import { createRpcClient } from "../../server/chain/transactions/rpc.js";
import { memoryLogger } from "../chain/fixtures.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";

let chain: TestChain;
let slowNode: http.Server;
let slowNodeUrl: string;
beforeAll(async () => {
  chain = await startTestChain();
  // The node as the miner sees it while anvil is mining a transaction that has just arrived: automine on, the
  // transaction in the pool, the head not moved yet. anvil's own automine is off, so the moment lasts; the node in
  // front of it says it is on (anvil mines what waits the moment its automine is turned on).
  await chain.client.setAutomine(false);
  slowNode = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const calls = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string }[] | { id: number; method: string };
      const answers = (await (await fetch(chain.node.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(calls) })).json()) as { id: number; result?: unknown } | { id: number; result?: unknown }[];
      const automineOn = (answer: { id: number; result?: unknown }) =>
        [calls].flat().find((call) => call.id === answer.id)?.method === "anvil_getAutomine" ? { ...answer, result: true } : answer;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(Array.isArray(answers) ? answers.map(automineOn) : automineOn(answers)));
    });
  });
  await new Promise<void>((resolve) => slowNode.listen(0, "127.0.0.1", resolve));
  slowNodeUrl = `http://127.0.0.1:${(slowNode.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => slowNode?.close(resolve));
  await chain?.stop();
});

/** The embedded chain's miner (server/chain/transactions/localMiner.ts) in front of a real anvil. */
describe("the embedded chain's miner", () => {
  const waiting = () => chain.client.sendTransaction({ account: chain.accounts[1]!, to: chain.accounts[2]!.address, value: 1n, chain: null });

  it("mines a block for a transaction that waited through two of its passes, and none for one that has just arrived", async () => {
    const rpc = createRpcClient({ urls: [slowNodeUrl], timeoutMs: 5_000, retry: { count: 0, baseDelayMs: 10, maxDelayMs: 10 }, maxBatchSize: 100, logger: memoryLogger().logger });
    const miner = createLocalMiner({ rpc, logger: memoryLogger().logger });
    const head = await chain.client.getBlockNumber({ cacheTime: 0 });
    await miner.pass();

    // Arrived since the last pass, the head unchanged: anvil may be mining it; another block would be an empty one.
    const hash = await waiting();
    await miner.pass();
    expect(await chain.client.getBlockNumber({ cacheTime: 0 })).toBe(head);

    // Still there at the next pass, the head still unchanged: it did not fit, and nothing else would mine it.
    await miner.pass();
    expect(await chain.client.getBlockNumber({ cacheTime: 0 })).toBe(head + 1n);
    expect((await chain.client.getTransactionReceipt({ hash })).blockNumber).toBe(head + 1n);

    // The pool empty again: passes mine nothing.
    await miner.pass();
    await miner.pass();
    expect(await chain.client.getBlockNumber({ cacheTime: 0 })).toBe(head + 1n);
  });
});
