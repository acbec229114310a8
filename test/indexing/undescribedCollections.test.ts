/**
 * No stored null that looks final (issue 25, Deliver 4): an external contract whose views cannot be read while it is
 * indexed (its RPC refuses every eth_call) is stored as not described after a short bound, without holding the
 * backfill; the gap is visible (GraphQL's `described`, a log line with a count); once the RPC answers, the service's
 * description pass reads the views and every read serves them. Collections created by a call of tokenhub's factory
 * need no read at all: the index takes their name, symbol, decimals and transferability from that call; one created
 * through a contract is read like an external one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryAbi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore, predictCoreAddresses } from "../../server/chain/deployCore.js";
import { compileBurnableTokens } from "../helpers/burnableTokens.js";
import { chainClient, createCollectionOnChain, minedReceipt } from "../helpers/chainClient.js";
import { type LimitingProxy, startLimitingProxy } from "../helpers/limitingProxy.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const CHAIN_ID = 31339;
let service: TestService;
let node: AnvilInstance;
let proxy: LimitingProxy;
let nft: Address;
/** Created by calls of the factory (a coin, and a club whose tokens cannot be transferred), and through a contract. */
let calledCoin: Address;
let calledClub: Address;
let createdThroughContract: Address;
let chainsDir: string | undefined;

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

async function graphqlCollections(): Promise<Map<string, Body>> {
  const data = await graphql(`{ collections(where: { chainId: ${CHAIN_ID} }) { items { address name symbol decimals transferable described } } }`);
  return new Map(((data?.collections.items ?? []) as Body[]).map((item) => [item.address, item]));
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
  const account = chain.accounts[0]!;
  await deployCore(chain.client, account);
  const factory = predictCoreAddresses().tokenFactory;
  calledCoin = (await createCollectionOnChain(chain, factory, "erc20", { name: "Called coin", symbol: "CLC" })).address;
  const createdBy = async (hash: `0x${string}`) =>
    parseEventLogs({ abi: tokenFactoryAbi, logs: (await minedReceipt(chain, hash)).logs, eventName: "CollectionCreated" })[0]!.args.collection;
  calledClub = await createdBy(
    await chain.client.writeContract({
      address: factory,
      abi: tokenFactoryAbi,
      functionName: "createERC721",
      args: ["Called club", "CCL", false, account.address, [account.address], "http://localhost/metadata/"],
      account,
      chain: chain.client.chain,
    }),
  );
  const { CollectionCreator } = compileBurnableTokens();
  const creator = getAddress(
    (await minedReceipt(chain, await chain.client.deployContract({ abi: CollectionCreator.abi, bytecode: CollectionCreator.bytecode, account, chain: chain.client.chain })))
      .contractAddress!,
  );
  createdThroughContract = await createdBy(
    await chain.client.writeContract({ address: creator, abi: CollectionCreator.abi, functionName: "createERC721", args: [factory, "Creator club", "CRC"], account, chain: chain.client.chain } as never),
  );
  proxy = await startLimitingProxy(node.rpcUrl);
  proxy.refuse((call) => call.method === "eth_call");

  // Written before the one start: the flaky chain is there from the service's first moment.
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-undescribed-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({
      chains: [
        { id: 31337, name: "local" },
        { id: CHAIN_ID, name: "flaky", rpcUrl: proxy.url, contracts: [{ address: nft, kind: "erc721", startBlock: Number(receipt.blockNumber) }] },
      ],
    }),
  );
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
}, 180_000);

afterAll(async () => {
  await service?.destroy();
  await proxy?.stop();
  await node?.stop();
  if (chainsDir) fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("a collection whose views cannot be read while it is indexed", () => {
  it("is indexed without waiting on the RPC, marked not described, and the gap is logged with a count", async () => {
    // From the moment Ponder indexes the chain to the row: the reads' bound, not Ponder's minute of retries per view.
    await waitFor(() => service.output().includes("Started live indexing chain=flaky"), { timeoutMs: 120_000, intervalMs: 50, message: () => "the flaky chain was not indexed" });
    const started = Date.now();
    const items = await waitFor(async () => ((await graphqlCollections()).size === 4 ? await graphqlCollections() : false), {
      timeoutMs: 90_000,
      intervalMs: 100,
      message: () => "the flaky chain's collections were not indexed",
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(items.get(nft.toLowerCase())).toEqual({ address: nft.toLowerCase(), name: null, symbol: null, decimals: null, transferable: true, described: false });
    // No eth_call answered, yet the factory's calls told everything: the arguments they were created with.
    expect(items.get(calledCoin.toLowerCase())).toEqual({ address: calledCoin.toLowerCase(), name: "Called coin", symbol: "CLC", decimals: 6, transferable: true, described: true });
    expect(items.get(calledClub.toLowerCase())).toEqual({ address: calledClub.toLowerCase(), name: "Called club", symbol: "CCL", decimals: null, transferable: false, described: true });
    expect(items.get(createdThroughContract.toLowerCase())).toEqual({
      address: createdThroughContract.toLowerCase(),
      name: null,
      symbol: null,
      decimals: null,
      transferable: null,
      described: false,
    });
    // Its token is indexed too: the backfill went on past the collection.
    // (Asked through GraphQL, as the row: the chain's REST reads answer 503 once its RPC has failed every call for 10 s.)
    expect(await graphql(`{ erc721Tokens(where: { chainId: ${CHAIN_ID} }) { items { tokenId } } }`)).toEqual({ erc721Tokens: { items: [{ tokenId: "7" }] } });
    // A pass asks each undescribed collection in turn, each read through the service's retries (seconds when refused).
    await waitFor(() => /2 collection\(s\) on chain 31339 have no name or symbol yet/.test(service.output()), {
      timeoutMs: 90_000,
      message: () => `no log line counted the two undescribed collections; the service said:\n${service.output().split("\n").filter((line) => line.includes("collection(s)")).join("\n")}`,
    });
  }, 180_000);

  it("gets its name and symbol in every read once the RPC answers, while the index row stays as indexed", async () => {
    proxy.refuse("none");
    const listed = await waitFor(
      async () => {
        const { body } = await get(`/api/v1/collections?chainId=${CHAIN_ID}`);
        return (body.collections as Body[] | undefined)?.every((listed) => listed.name !== null) && body.collections;
      },
      { timeoutMs: 30_000, message: () => "the description pass did not fill the collections' names" },
    );
    const byAddress = new Map((listed as Body[]).map((listed) => [listed.contractAddress, listed]));
    expect(byAddress.get(nft)).toMatchObject({ contractAddress: nft, type: "erc721", name: "Burnable", symbol: "BRN", transferable: true, source: "external" });
    expect(byAddress.get(getAddress(createdThroughContract))).toMatchObject({ type: "erc721", name: "Creator club", symbol: "CRC", transferable: true, source: "factory" });
    expect(byAddress.get(getAddress(calledClub))).toMatchObject({ type: "erc721", name: "Called club", symbol: "CCL", transferable: false, source: "factory" });
    const [holder] = (await get(`/api/holders?chainId=${CHAIN_ID}&contractAddresses=${nft}`)).body.holders;
    expect(holder.collections).toMatchObject([{ contractAddress: nft, name: "Burnable", symbol: "BRN" }]);
    expect((await graphqlCollections()).get(nft.toLowerCase())).toMatchObject({ name: null, symbol: null, described: false });
    expect(service.output()).toMatch(/read the name and symbol of [12] collection\(s\) the index could not describe/);
  }, 60_000);
});
