import { type Address, getAddress, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

let service: SharedService;
let chain: ChainClient;
let account: Address;
const RECIPIENT = getAddress("0x00000000000000000000000000000000000ca11e");

type Response = { status: number; body: Record<string, unknown> };
type Listed = { status: string; transactionHash: Hex };

async function call(method: "GET" | "POST", pathAndQuery: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${pathAndQuery}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function settled(hash: unknown) {
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${String(hash)}`)).body.status !== "pending");
}

/** What a GroupOS client reads: `GET /api/v1/account/calls`, as hash and status, in the order given. */
async function listed(): Promise<Listed[]> {
  const response = await call("GET", `/api/v1/account/calls?chainId=31337&accountAddress=${account}`);
  expect(response.status).toBe(200);
  return (response.body.transactions as Listed[]).map(({ status, transactionHash }) => ({ status, transactionHash }));
}

/** Sends one value transfer out of the account through the service; the transaction stays pending until mined. */
async function transfer(ether: string): Promise<Hex> {
  const response = await call("POST", "/api/v1/account/executeCall", { accountAddress: account, call: { chainId: 31337, toAddress: RECIPIENT, value: parseEther(ether).toString() } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transactionHash as Hex;
}

async function indexedCount(hashes: Hex[]): Promise<number> {
  const [row] = await queryDatabase<{ count: string }>(
    service.databaseUrl(),
    `SELECT count(*) FROM ${service.runtime().indexSchema}.account_transaction WHERE transaction_hash = ANY($1)`,
    [hashes],
  );
  return Number(row!.count);
}

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  const key = (await call("POST", "/api/v1/key/create", { customRef: "order" })).body.evmAddress as Address;
  const nft = (await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Order", symbol: "ORD" })).body.contractAddress as Address;
  await settled((await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: nft, recipientAddress: key })).body.transactionHash);
  const created = await call("POST", "/api/v1/erc6551/create", { nft: { chainId: 31337, contractAddress: nft, tokenId: "1" } });
  await settled(created.body.transactionHash);
  account = created.body.accountAddress as Address;
  const funder = chain.accounts[0]!;
  await minedReceipt(chain, await chain.client.sendTransaction({ account: funder, chain: chain.client.chain, to: account, value: parseEther("1") }));
});

afterAll(async () => {
  await service?.release();
});

describe("GET /api/v1/account/calls orders the transactions of one block", () => {
  it("newest first by transaction index, a reverted one in its place, and pending ones before them", async () => {
    // All are sent while anvil mines nothing, then mined in one block, in the order sent (one signer: nonce order).
    await chain.client.setAutomine(false);
    let sent: Hex[];
    try {
      // The account can pay each alone; once it is left 0.25, the 0.1 after the 0.2 reverts and the 0.05 after it does not.
      sent = [await transfer("0.2"), await transfer("0.1"), await transfer("0.05")];
      // Until hashes happen to disagree with the order on chain, an order by hash could pass by chance: send more.
      while (sent.toSorted((a, b) => (a < b ? 1 : -1)).join() === sent.toReversed().join()) sent.push(await transfer("0"));
      expect(await listed()).toEqual(sent.toReversed().map((transactionHash) => ({ status: "pending", transactionHash })));
      await chain.client.setBalance({ address: account, value: parseEther("0.25") });
      await chain.client.mine({ blocks: 1 });
    } finally {
      await chain.client.setAutomine(true);
    }

    const receipts = await Promise.all(sent.map((hash) => chain.client.getTransactionReceipt({ hash })));
    expect(new Set(receipts.map((receipt) => receipt.blockNumber)).size).toBe(1);
    expect(receipts.map((receipt) => receipt.transactionIndex)).toEqual(receipts.map((_, index) => receipts[0]!.transactionIndex + index));
    expect(receipts.map((receipt) => receipt.status)).toEqual(["success", "reverted", ...sent.slice(2).map(() => "success")]);
    expect(await chain.client.getBalance({ address: RECIPIENT })).toBe(parseEther("0.25"));

    const expected = sent.toReversed().map((transactionHash, index) => ({ status: index === sent.length - 2 ? "failure" : "success", transactionHash }));
    const successes = sent.filter((_, index) => index !== 1);
    // The order holds while the successes are known from the service's records only, and once they come from the index.
    await waitFor(
      async () => {
        const list = await listed();
        if (list.some((entry) => entry.status === "pending")) return false;
        expect(list).toEqual(expected);
        return (await indexedCount(successes)) === successes.length;
      },
      { timeoutMs: 20_000 },
    );
    expect(await listed()).toEqual(expected);

    // A transaction still pending comes before every mined one.
    await chain.client.setAutomine(false);
    try {
      const later = await transfer("0");
      expect(await listed()).toEqual([{ status: "pending", transactionHash: later }, ...expected]);
      await chain.client.mine({ blocks: 1 });
      await waitFor(async () => (await listed())[0]!.status === "success");
      expect(await listed()).toEqual([{ status: "success", transactionHash: later }, ...expected]);
    } finally {
      await chain.client.setAutomine(true);
    }
  });
});
