import { createPublicClient, getAbiItem, http, HttpRequestError, RpcRequestError, InvalidParamsRpcError, InvalidRequestRpcError, LimitExceededRpcError, ResponseBodyTooLargeError } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryAbi } from "../../abis/index.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { limitedTransport } from "../../server/chain/rpc/limitedTransport.js";
import { providerOf, rangeRefusalOf } from "../../server/chain/rpc/rangeErrors.js";
import { createRpcBudget } from "../../server/chain/rpc/rpcBudget.js";
import { createCollectionReceipt } from "../contracts/fixtures.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";
import { alchemyRangeError, startLimitingProxy, type LimitingProxy } from "../helpers/limitingProxy.js";

/** A JSON-RPC error as viem hands it over when a node answers it in a 200 response. */
function answered(code: number, message: string): Error {
  const cause = new RpcRequestError({ body: { method: "eth_getLogs" }, error: { code, message }, url: "http://provider" });
  if (code === -32602) return new InvalidParamsRpcError(cause);
  if (code === -32005) return new LimitExceededRpcError(cause);
  if (code === -32600) return new InvalidRequestRpcError(cause);
  return cause;
}

/** A JSON-RPC error in a non-2xx answer, as viem's http transport reports it (QuickNode answers 413). */
function answeredWithStatus(status: number, code: number, message: string): Error {
  return new HttpRequestError({ status, url: "http://provider", body: { method: "eth_getLogs" }, details: JSON.stringify({ code, message }) });
}

// The providers' own words, from their answers as users reported them.
const WORDINGS: { provider: string; error: Error; maxBlocks: number | undefined }[] = [
  { provider: "Alchemy", error: answered(-32600, alchemyRangeError(2000, 0x100n).message), maxBlocks: 2000 },
  { provider: "Alchemy", error: answered(-32600, "You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x123c9b2, 0x123cba5]"), maxBlocks: 500 },
  {
    provider: "Alchemy",
    error: answered(-32602, "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [0x0, 0xd043b8]"),
    maxBlocks: 2000,
  },
  { provider: "Infura", error: answered(-32005, "query returned more than 10000 results. Try with this block range [0xBDE5F8, 0x102DBCC]."), maxBlocks: 0x102dbcc - 0xbde5f8 + 1 },
  { provider: "Infura", error: answered(-32005, "query returned more than 10000 results"), maxBlocks: undefined },
  { provider: "Infura", error: answered(-32602, "range 1000000 exceeds limit of 10000"), maxBlocks: 10000 },
  { provider: "QuickNode", error: answeredWithStatus(413, -32614, "eth_getLogs is limited to a 10,000 range"), maxBlocks: 10000 },
  { provider: "QuickNode", error: answered(-32614, "eth_getLogs and eth_newFilter are limited to a 10,000 blocks range"), maxBlocks: 10000 },
  { provider: "BlockPI", error: answered(-32000, "eth_getLogs is limited to 1,024 block range"), maxBlocks: 1024 },
  { provider: "BlastAPI", error: answered(-32000, "Requested block range exceeds the range allowed for your plan (5000 > 500)."), maxBlocks: 500 },
  { provider: "LlamaNodes", error: answered(-32602, "query exceeds max results 20000, retry with the range 24383075-24383096"), maxBlocks: 22 },
  { provider: "LlamaNodes", error: answered(-32602, "query exceeds max results 20000"), maxBlocks: undefined },
  { provider: "Moonbeam", error: answered(-32603, "block range is too wide (maximum 1024)"), maxBlocks: 1024 },
  { provider: "Ankr", error: answered(-32600, "block range is too wide"), maxBlocks: undefined },
  { provider: "Chainstack", error: answered(-32000, "Block range limit exceeded."), maxBlocks: undefined },
  { provider: "Cloudflare", error: answered(-32047, "Max range: 3500"), maxBlocks: 3500 },
  { provider: "Coinbase", error: answered(-32000, "please limit the query to at most 1000 blocks"), maxBlocks: 1000 },
  { provider: "PublicNode", error: answered(-32000, "exceed maximum block range: 50000"), maxBlocks: 50000 },
  { provider: "Avalanche", error: answered(-32000, "requested too many blocks from 0 to 5000, maximum is set to 2048"), maxBlocks: 2048 },
  { provider: "thirdweb", error: answered(-32000, "Maximum allowed number of requested blocks is 1000"), maxBlocks: 1000 },
  { provider: "dRPC", error: answered(35, "ranges over 10000 blocks are not supported on freetier"), maxBlocks: 10000 },
  { provider: "geth-derived", error: answered(-32000, "block range is larger than max block range, block range = 5120, max block range = 5000"), maxBlocks: 5000 },
  { provider: "various", error: answered(-32000, "block range is bigger than maxBlockRange"), maxBlocks: undefined },
  { provider: "various", error: answered(-32600, "block range too high"), maxBlocks: undefined },
  { provider: "various", error: answered(-32000, "Block range is too large"), maxBlocks: undefined },
  { provider: "viem", error: new ResponseBodyTooLargeError({ maxSize: 10_485_760, size: 10_894_266 }), maxBlocks: undefined },
];

describe("the providers' eth_getLogs range errors", () => {
  it.each(WORDINGS.map((wording) => [wording.provider, /Details: (.*)/.exec(wording.error.message)?.[1], wording] as const))("recognises %s: %s", (_, __, wording) => {
    expect(providerOf(wording.error)).toBe(wording.provider);
    expect(rangeRefusalOf(wording.error)).toEqual({ maxBlocks: wording.maxBlocks });
  });

  it("does not take other errors for range errors", () => {
    expect(rangeRefusalOf(answered(-32602, "invalid argument 0: hex string without 0x prefix"))).toBeUndefined();
    expect(rangeRefusalOf(answered(3, "execution reverted"))).toBeUndefined();
    expect(rangeRefusalOf(new HttpRequestError({ status: 429, url: "http://provider", details: "Too Many Requests" }))).toBeUndefined();
  });
});

describe("the limited transport against a provider's limits", { timeout: 300_000 }, () => {
  let chain: TestChain;
  let proxy: LimitingProxy;
  const created: bigint[] = [];
  const collectionCreated = getAbiItem({ abi: tokenFactoryAbi, name: "CollectionCreated" });
  let factory: `0x${string}`;

  beforeAll(async () => {
    chain = await startTestChain();
    const miner = createPublicClient({ transport: http(chain.node.rpcUrl, { timeout: 120_000, retryCount: 0 }) });
    ({ addresses: { tokenFactory: factory } } = await deployCore(chain.client, chain.accounts[0]!));
    // Collections created 1,500 blocks apart: their events spread over 6,000 blocks of history.
    for (let index = 0; index < 4; index++) {
      // Without an interval (viem's interval 0 makes anvil slower), and given the time a loaded machine needs.
      await miner.request({ method: "anvil_mine" as never, params: ["0x5dc"] as never });
      const receipt = await createCollectionReceipt(chain, factory, { kind: "ERC721", from: chain.accounts[0]!, admin: chain.accounts[0]!.address, minters: [] });
      created.push(receipt.blockNumber);
    }
    proxy = await startLimitingProxy(chain.node.rpcUrl, { maxGetLogsBlocks: 2_000, callsPerSecond: 20 });
  }, 300_000);
  afterAll(async () => {
    await proxy?.stop();
    await chain?.stop();
  });

  it("asks a range over the provider's limit again in pieces it accepts, and gets every log", async () => {
    const client = createPublicClient({ transport: limitedTransport(http(proxy.url), { budget: createRpcBudget(15), retries: 3, maxDelayMs: 2_000 }) });
    const head = await chain.client.getBlockNumber({ cacheTime: 0 });
    const logs = await client.getLogs({ address: factory, event: collectionCreated, fromBlock: 0n, toBlock: head });
    expect(logs.map((log) => log.blockNumber)).toEqual(created);
    // The whole range was refused once with Alchemy's words; the pieces asked after it were within 2,000 blocks.
    expect(proxy.refused.range).toBe(1);
    expect(proxy.widestGetLogs).toBeLessThanOrEqual(2_000);
    expect(proxy.forwarded.get("eth_getLogs")).toBe(Math.ceil(Number(head + 1n) / 2_000));
  });

  it("keeps within the budget: 100 calls at once meet no 429", async () => {
    proxy.refused.rateLimited = 0;
    // 12 a second against the provider's 20: a one-second window of sends holds at most 14.4 (the bucket's burst), and
    // the margin covers sends the event loop held back and let go together, which reach the provider in one window.
    const client = createPublicClient({ transport: limitedTransport(http(proxy.url), { budget: createRpcBudget(12), retries: 0, maxDelayMs: 1_000 }) });
    const balances = await Promise.all(chain.accounts.flatMap((account) => Array.from({ length: 20 }, () => client.getBalance({ address: account.address }))));
    expect(balances).toHaveLength(100);
    expect(proxy.refused.rateLimited).toBe(0);
  });

  it("tries a call the provider refused for the rate again, until it is answered", async () => {
    proxy.refused.rateLimited = 0;
    // A budget above the provider's: the provider refuses some, and every call still gets its answer.
    const client = createPublicClient({ transport: limitedTransport(http(proxy.url), { budget: createRpcBudget(200), retries: 20, maxDelayMs: 1_000 }) });
    const expected = await chain.client.getBalance({ address: chain.accounts[1]!.address });
    const balances = await Promise.all(Array.from({ length: 60 }, () => client.getBalance({ address: chain.accounts[1]!.address })));
    expect(balances.every((balance) => balance === expected)).toBe(true);
    expect(proxy.refused.rateLimited).toBeGreaterThan(0);
  });
});
