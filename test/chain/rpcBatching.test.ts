import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRpcClient } from "../../server/chain/transactions/rpc.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";
import { startCountingRelay, type CountingRelay } from "./countingRelay.js";
import { memoryLogger } from "./fixtures.js";

let chain: TestChain;
let relay: CountingRelay;
// The relay answers nothing until every caller has called: how calls travel together then depends on the client
// alone, not on how fast a loaded machine turns its event loop.
let everyoneCalled: () => void;
beforeAll(async () => {
  chain = await startTestChain({ accounts: 60 });
  relay = await startCountingRelay(chain.node.rpcUrl, new Promise<void>((resolve) => (everyoneCalled = resolve)));
});
afterAll(async () => {
  await relay?.stop();
  await chain?.stop();
});

describe("RPC client", () => {
  it("sends calls made by many concurrent callers together, a few HTTP requests at a time, each call answered on its own", async () => {
    const rpc = createRpcClient({ urls: [relay.url], timeoutMs: 5_000, retry: { count: 0, baseDelayMs: 10, maxDelayMs: 10 }, maxBatchSize: 100, logger: memoryLogger().logger });
    await chain.client.setBalance({ address: chain.accounts[7]!.address, value: 7n });
    // Callers arrive one event-loop turn apart, as HTTP requests do: before, each one made its own HTTP request.
    const answers: Promise<string>[] = [];
    for (const account of chain.accounts) {
      answers.push(rpc.call<string>("eth_getBalance", [account.address, "latest"]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    everyoneCalled();
    const balances = await Promise.all(answers);
    const expected = await Promise.all(chain.accounts.map((account) => chain.client.getBalance({ address: account.address })));
    expect(balances.map(BigInt)).toEqual(expected);
    expect(balances[7]).toBe("0x7");
    expect(relay.stats.calls).toBe(60);
    expect(relay.stats.maxInFlight).toBeLessThanOrEqual(4);
    // Four calls went alone while the client had room; the 56 that waited travel in at most four batches.
    expect(relay.stats.requests).toBeLessThanOrEqual(8);
    // A failing call fails alone.
    const [good, bad] = await Promise.allSettled([rpc.call("eth_blockNumber"), rpc.call("eth_noSuchMethod")]);
    expect(good.status).toBe("fulfilled");
    expect(bad.status).toBe("rejected");
  });
});
