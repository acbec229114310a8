/**
 * No stored null that looks final (issue 25, Deliver 4): an external contract whose views cannot be read while it is
 * indexed (its RPC refuses every eth_call) is stored as not described after a short bound, without holding the
 * backfill; the gap is visible (GraphQL's `described`, a log line with a count); once the RPC answers, the service's
 * description pass reads the views and every read serves them.
 */
import fs from "node:fs";
import path from "node:path";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { compileBurnableTokens } from "../helpers/burnableTokens.js";
import { chainClient, minedReceipt } from "../helpers/chainClient.js";
import { type LimitingProxy, startLimitingProxy } from "../helpers/limitingProxy.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const CHAIN_ID = 31339;
let service: TestService;
let node: AnvilInstance;
let proxy: LimitingProxy;
let nft: Address;

type Body = Record<string, any>;
async function get(pathAndQuery: string): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return { status: response.status, body: (await response.json()) as Body };
}

async function graphql(query: string): Promise<Body | undefined> {
  const response = await fetch(`${service.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify({ query }),
  });
  return ((await response.json()) as { data?: Body }).data;
}

async function graphqlCollection(): Promise<Body | undefined> {
  const data = await graphql(`{ collections(where: { chainId: ${CHAIN_ID} }) { items { address name symbol described } } }`);
  return data?.collections.items[0];
}

beforeAll(async () => {
  node = await startAnvil({ chainId: CHAIN_ID, quiet: true });
  const chain = chainClient(node.rpcUrl, CHAIN_ID);
  const { BurnableNft } = compileBurnableTokens();
  const receipt = await minedReceipt(
    chain,
    await chain.client.deployContract({ abi: BurnableNft.abi, bytecode: BurnableNft.bytecode, account: chain.accounts[0]!, chain: chain.client.chain }),
  );
  nft = getAddress(receipt.contractAddress!);
  await chain.client.writeContract({ address: nft, abi: BurnableNft.abi, functionName: "mint", args: [chain.accounts[1]!.address, 7n], account: chain.accounts[0]!, chain: chain.client.chain } as never);
  proxy = await startLimitingProxy(node.rpcUrl);
  proxy.refuse((call) => call.method === "eth_call");

  service = await startTestService();
  const chainsFile = path.join(service.dataDir, "chains.json");
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({
      chains: [
        { id: 31337, name: "local" },
        { id: CHAIN_ID, name: "flaky", rpcUrl: proxy.url, contracts: [{ address: nft, kind: "erc721", startBlock: Number(receipt.blockNumber) }] },
      ],
    }),
  );
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
}, 120_000);

afterAll(async () => {
  await service?.destroy();
  await proxy?.stop();
  await node?.stop();
});

describe("a collection whose views cannot be read while it is indexed", () => {
  it("is indexed without waiting on the RPC, marked not described, and the gap is logged with a count", async () => {
    await service.start();
    // From the moment Ponder indexes the chain to the row: the reads' bound, not Ponder's minute of retries per view.
    await waitFor(() => service.output().includes("Started live indexing chain=flaky"), { timeoutMs: 120_000, intervalMs: 50, message: () => "the flaky chain was not indexed" });
    const started = Date.now();
    const item = await waitFor(async () => (await graphqlCollection()) ?? false, { timeoutMs: 90_000, intervalMs: 100, message: () => "the flaky chain's collection was not indexed" });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(item).toEqual({ address: nft.toLowerCase(), name: null, symbol: null, described: false });
    // Its token is indexed too: the backfill went on past the collection.
    // (Asked through GraphQL, as the row: the chain's REST reads answer 503 once its RPC has failed every call for 10 s.)
    expect(await graphql(`{ erc721Tokens(where: { chainId: ${CHAIN_ID} }) { items { tokenId } } }`)).toEqual({ erc721Tokens: { items: [{ tokenId: "7" }] } });
    await waitFor(() => /1 collection\(s\) on chain 31339 have no name or symbol yet/.test(service.output()), {
      timeoutMs: 30_000,
      message: () => "no log line counted the undescribed collection",
    });
  }, 180_000);

  it("gets its name and symbol in every read once the RPC answers, while the index row stays as indexed", async () => {
    proxy.refuse("none");
    const listed = await waitFor(
      async () => {
        const { body } = await get(`/api/v1/collections?chainId=${CHAIN_ID}`);
        return body.collections?.[0]?.name !== null && body.collections;
      },
      { timeoutMs: 30_000, message: () => "the description pass did not fill the collection's name" },
    );
    expect(listed).toMatchObject([{ contractAddress: nft, type: "erc721", name: "Burnable", symbol: "BRN", transferable: true, source: "external" }]);
    const [holder] = (await get(`/api/holders?chainId=${CHAIN_ID}&contractAddresses=${nft}`)).body.holders;
    expect(holder.collections).toMatchObject([{ contractAddress: nft, name: "Burnable", symbol: "BRN" }]);
    expect(await graphqlCollection()).toEqual({ address: nft.toLowerCase(), name: null, symbol: null, described: false });
    expect(service.output()).toMatch(/read the name and symbol of 1 collection\(s\) the index could not describe/);
  }, 60_000);
});
