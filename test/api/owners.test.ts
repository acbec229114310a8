import { type Address, getAddress, type Hex, keccak256, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi } from "../../abis/index.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

let service: SharedService;
let chain: ChainClient;
let items: Address;
let coin: Address;
let owners: Address[];
let bobCoinMint: Hex;

type Body = Record<string, unknown>;

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function settle(hash: string) {
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${hash}`)).body.status === "success");
}

/** The holders as the chain reports them (balanceOfBatch), in the order the API promises: owner address ascending. */
async function expectedErc1155Owners(candidates: Address[]) {
  const ids = [1n, 2n, 3n];
  const result = [];
  for (const owner of [...candidates].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    const balances = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOfBatch", args: [ids.map(() => owner), ids] });
    const tokens = ids.flatMap((id, index) => (balances[index]! > 0n ? [{ tokenId: id.toString(), balance: balances[index]!.toString() }] : []));
    if (tokens.length === 0) continue;
    result.push({ ownerAddress: owner, totalBalance: tokens.reduce((sum, token) => sum + BigInt(token.balance), 0n).toString(), tokens });
  }
  return result;
}

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  const [, alice, bob] = chain.accounts;
  items = (await call("POST", "/api/v1/erc1155/create", { chainId: 31337, name: "Items", symbol: "ITM" })).body.contractAddress as Address;
  for (let index = 0; index < 3; index++) await call("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items });
  // 49 holders nobody controls, plus alice and bob: 51 owners, one more than a page.
  const strangers = Array.from({ length: 49 }, (_, index) => getAddress(keccak256(toHex(`holder-${index}`)).slice(0, 42)));
  const mints = [
    ...strangers.map((recipientAddress, index) => ({ recipientAddress, tokenId: String((index % 3) + 1), amount: String(index + 1) })),
    { recipientAddress: alice!.address, tokenId: "1", amount: "10" },
    { recipientAddress: alice!.address, tokenId: "2", amount: "5" },
    { recipientAddress: bob!.address, tokenId: "3", amount: "7" },
  ];
  const batch = await call("POST", "/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: items, mints });
  expect(batch.status).toBe(200);
  await settle(batch.body.transactionHash as string);
  // A transfer between holders: alice gives bob 4 of token 1.
  await minedReceipt(
    chain,
    await chain.client.writeContract({ address: items, abi: tokenHubERC1155Abi, functionName: "safeTransferFrom", args: [alice!.address, bob!.address, 1n, 4n, "0x"], account: alice!, chain: chain.client.chain }),
  );
  owners = [...strangers, alice!.address, bob!.address];

  coin = (await call("POST", "/api/v1/erc20/create", { chainId: 31337, name: "Coin", symbol: "CN", decimals: 6 })).body.contractAddress as Address;
  for (const [recipientAddress, amount] of [[alice!.address, "1.5"], [bob!.address, "2"]] as const) {
    const hash = (await call("POST", "/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress, amount })).body.transactionHash as Hex;
    await settle(hash);
    if (recipientAddress === bob!.address) bobCoinMint = hash;
  }
  await minedReceipt(
    chain,
    await chain.client.writeContract({ address: coin, abi: tokenHubERC20Abi, functionName: "transfer", args: [bob!.address, 1_500_000n], account: alice!, chain: chain.client.chain }),
  );
});

afterAll(async () => {
  await service?.release();
});

describe("GET /api/v1/erc1155/owners", () => {
  it("lists every holder with its tokens as the chain reports them, 50 a page, by owner address", async () => {
    const expected = await expectedErc1155Owners(owners);
    expect(expected).toHaveLength(51);
    const query = `/api/v1/erc1155/owners?chainId=31337&contractAddress=${items}`;
    await waitFor(async () => JSON.stringify((await call("GET", query)).body.owners) === JSON.stringify(expected.slice(0, 50)), { timeoutMs: 30_000 });
    // The next page's key names the page's last owner (lowercase), opaque to the client.
    const nextPageKey = Buffer.from(JSON.stringify([expected[49]!.ownerAddress.toLowerCase()])).toString("base64url");
    expect((await call("GET", query)).body).toEqual({ success: true, owners: expected.slice(0, 50), page: 0, nextPage: 1, nextPageKey });
    expect((await call("GET", `${query}&page=1`)).body).toEqual({ success: true, owners: expected.slice(50), page: 1, nextPage: null, nextPageKey: null });
    expect((await call("GET", `${query}&pageKey=${nextPageKey}`)).body).toEqual({ success: true, owners: expected.slice(50), page: 0, nextPage: null, nextPageKey: null });
    expect((await call("GET", `${query}&page=2`)).body).toEqual({ success: true, owners: [], page: 2, nextPage: null, nextPageKey: null });
  });

  it("filters by owner and by token id", async () => {
    const [, alice, bob] = chain.accounts;
    const expected = await expectedErc1155Owners(owners);
    const base = `/api/v1/erc1155/owners?chainId=31337&contractAddress=${items}`;
    expect((await call("GET", `${base}&ownerAddress=${alice!.address.toLowerCase()}`)).body.owners).toEqual([
      { ownerAddress: alice!.address, totalBalance: "11", tokens: [{ tokenId: "1", balance: "6" }, { tokenId: "2", balance: "5" }] },
    ]);
    const holdersOf3 = expected.filter((owner) => owner.tokens.some((token) => token.tokenId === "3"));
    expect((await call("GET", `${base}&tokenId=3`)).body.owners).toEqual(holdersOf3.slice(0, 50));
    expect(holdersOf3.map((owner) => owner.ownerAddress)).toContain(bob!.address);
    expect((await call("GET", `${base}&ownerAddress=0x000000000000000000000000000000000000dEaD`)).body).toEqual({ success: true, owners: [], page: 0, nextPage: null, nextPageKey: null });
  });

  it("answers parameter errors with the envelope", async () => {
    expect(await call("GET", `/api/v1/erc1155/owners?contractAddress=${items}`)).toEqual({
      status: 400,
      body: { success: false, error: "Invalid query: chainId: is required.", code: "VALIDATION_ERROR", details: [{ path: "chainId", message: "is required" }] },
    });
    expect((await call("GET", `/api/v1/erc1155/owners?chainId=31337&contractAddress=${items}&page=-1`)).status).toBe(400);
    expect((await call("GET", `/api/v1/erc1155/owners?chainId=31337&contractAddress=0x12`)).status).toBe(400);
    expect((await call("GET", `/api/v1/erc1155/owners?chainId=7&contractAddress=${items}`)).body.code).toBe("CHAIN_NOT_CONFIGURED");
    const unindexed = "0x000000000000000000000000000000000000dEaD";
    expect(await call("GET", `/api/v1/erc1155/owners?chainId=31337&contractAddress=${unindexed}`)).toEqual({
      status: 404,
      body: {
        success: false,
        error: `${unindexed} on chain 31337 is not an indexed ERC1155 contract. Collections created through this service are indexed on their own; add others to "contracts" of that chain in the chains file and restart.`,
        code: "NOT_FOUND",
      },
    });
    expect((await call("GET", `/api/v1/erc1155/owners?chainId=31337&contractAddress=${coin}`)).status).toBe(404);
  });
});

describe("GET /api/v1/erc20/owners", () => {
  it("lists holders with human-readable and raw balances as the chain reports them", async () => {
    const [, alice, bob] = chain.accounts;
    const bobRaw = await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [bob!.address] });
    expect(bobRaw).toBe(3_500_000n);
    const query = `/api/v1/erc20/owners?chainId=31337&contractAddress=${coin}`;
    // Alice sent everything she had: she is no longer a holder.
    await waitFor(async () => ((await call("GET", query)).body.owners as unknown[]).length === 1);
    expect((await call("GET", query)).body).toEqual({
      success: true,
      owners: [{ ownerAddress: bob!.address, totalBalance: "3.5", totalBalanceRaw: "3500000" }],
      page: 0,
      nextPage: null,
      nextPageKey: null,
    });
    expect((await call("GET", `${query}&ownerAddress=${alice!.address}`)).body.owners).toEqual([]);
  });
});

describe("holders", () => {
  it("groups every holder of the given contracts by address, with each holding as the chain reports it", async () => {
    const [, , bob] = chain.accounts;
    const path = `/api/holders?contractAddresses=${coin},${items}`;
    const response = await call("GET", path);
    expect(response.status).toBe(200);
    const holders = response.body.holders as { holderAddress: string; collections: Record<string, unknown>[] }[];
    const expectedItems = await expectedErc1155Owners(owners);
    // Holders: everyone with items, plus nobody else (bob also holds the coin; alice holds neither coin nor... items).
    expect(holders.map((holder) => holder.holderAddress)).toEqual(expectedItems.map((owner) => owner.ownerAddress));
    const bobEntry = holders.find((holder) => holder.holderAddress === bob!.address)!;
    const bobMintBlock = await chain.client.getBlock({ blockNumber: (await chain.client.getTransactionReceipt({ hash: bobCoinMint })).blockNumber });
    const bobItems = expectedItems.find((owner) => owner.ownerAddress === bob!.address)!;
    expect(bobEntry.collections).toEqual([
      { type: "erc20", contractAddress: coin, chainId: 31337, name: "Coin", symbol: "CN", ownerSince: Number(bobMintBlock.timestamp), balance: "3.5", nfts: [] },
      {
        type: "erc1155",
        contractAddress: items,
        chainId: 31337,
        name: "Items",
        symbol: "ITM",
        ownerSince: expect.any(Number),
        balance: bobItems.totalBalance,
        nfts: bobItems.tokens.map((token) => ({
          ownerSince: expect.any(Number),
          tokenId: token.tokenId,
          name: `Items #${token.tokenId}`,
          description: "",
          mediaUrl: "",
          externalUrl: "",
          traits: [],
        })),
      },
    ]);
    // The same answer from POST with a JSON body, and from POST with the query string, on both paths.
    const body = await call("POST", "/api/v1/holders", { contractAddresses: [coin, items] });
    expect(body.body).toEqual(response.body);
    expect((await call("POST", path)).body).toEqual(response.body);
    expect((await call("GET", `/api/v1/holders?contractAddresses[]=${coin}&contractAddresses[]=${items}&chainId=31337`)).body).toEqual(response.body);
  });

  it("refuses a missing list and unindexed contracts", async () => {
    expect(await call("GET", "/api/holders")).toEqual({
      status: 400,
      body: { success: false, error: "Give the contracts in contractAddresses.", code: "VALIDATION_ERROR", details: [{ path: "contractAddresses", message: "is required" }] },
    });
    const unindexed = "0x000000000000000000000000000000000000dEaD";
    expect(await call("GET", `/api/holders?contractAddresses=${coin},${unindexed}`)).toEqual({
      status: 404,
      body: { success: false, error: `Not indexed: ${unindexed}. Add external contracts to "contracts" in the chains file and restart.`, code: "NOT_FOUND" },
    });
  });
});
