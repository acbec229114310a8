import { type Address, encodeFunctionData, getAddress, type Hex, parseEther, parseEventLogs, zeroHash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubAccountAbi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { erc6551AccountAddress } from "../../server/chain/erc6551Account.js";
import { formatAmount } from "../../server/schemas/amounts.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";
import { dumpDatabase, openRow, serviceLogs, spellings, storedKeys } from "./custody.js";
import { localMasterKeyFile, readMasterKeyFile } from "../../server/custody/masterKey.js";

let service: SharedService;
let chain: ChainClient;
let rivalToken: string;
let signer: Address;
let key: Address;
let nft: Address;
let coin: Address;
let account: Address;
const RECIPIENT = getAddress("0x00000000000000000000000000000000000c0ffe");

type Response = { status: number; body: Record<string, unknown> };

async function call(method: "GET" | "POST", pathAndQuery: string, body?: unknown, token = service.adminToken): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${pathAndQuery}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const post = (p: string, body: unknown, token?: string) => call("POST", p, body, token);
const get = (p: string) => call("GET", p);

async function settled(hash: string) {
  return await waitFor(async () => {
    const response = await get(`/api/v1/transactions/${hash}`);
    return response.body.status !== "pending" ? response.body : undefined;
  });
}

const sentNonce = () => chain.client.getTransactionCount({ address: signer, blockTag: "pending" });
type AccountTransaction = { timestamp: number; status: string; transactionHash: Hex; transactionUrl: string; gasSpent: string | null; calls: unknown[] };
const accountCalls = async (path = "/api/v1/accounts/calls") => (await get(`${path}?chainId=31337&accountAddress=${account}`)).body.transactions as AccountTransaction[];

/** Runs `work` with anvil mining only on demand, so a transaction stays pending until `mine` is called. */
async function withManualMining<T>(work: (mine: () => Promise<void>) => Promise<T>): Promise<T> {
  await chain.client.setAutomine(false);
  try {
    return await work(() => chain.client.mine({ blocks: 1 }));
  } finally {
    await chain.client.setAutomine(true);
  }
}

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  signer = service.signerAddress();
  expect((await service.cli(["project", "create", `${service.projectName}-rival`])).code).toBe(0);
  rivalToken = (await service.cli(["token", "create", "--project", `${service.projectName}-rival`, "--scopes", "keys,accounts,read"])).stdout.trim().split("\n").at(-1)!.trim();

  key = (await post("/api/v1/key/create", { customRef: "holder" })).body.evmAddress as Address;
  nft = (await post("/api/v1/erc721/create", { chainId: 31337, name: "Passes", symbol: "PASS" })).body.contractAddress as Address;
  coin = (await post("/api/v1/erc20/create", { chainId: 31337, name: "Points", symbol: "PTS", decimals: 0 })).body.contractAddress as Address;
  const minted = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: nft, recipientAddress: key });
  await settled(minted.body.transactionHash as string);
});

afterAll(async () => {
  await service?.release();
});

describe("ERC-6551 accounts through the API", () => {
  it("creates the account at the predicted address, and a repeat sends nothing", async () => {
    const predicted = await get(`/api/v1/erc6551/account?tokenChainId=31337&tokenContractAddress=${nft}&tokenId=1`);
    const core = service.runtime().chains[0]!.core;
    const offline = erc6551AccountAddress({ registry: core.erc6551Registry, implementation: core.accountImplementation, salt: zeroHash, chainId: 31337, tokenContract: nft, tokenId: 1n });
    expect(predicted.body).toEqual({ success: true, account: { contractAddress: offline, deployed: false } });
    account = offline;

    const body = { nft: { chainId: 31337, contractAddress: nft, tokenId: "1" } };
    const [created, repeated, nonceWhilePending] = await withManualMining(async (mine) => {
      const first = await post("/api/v1/erc6551/create", body);
      const nonce = await sentNonce();
      const second = await post("/api/v1/erc6551/create", body);
      const result = [first, second, nonce] as const;
      expect(await sentNonce()).toBe(nonce);
      await mine();
      return result;
    });
    expect(created).toEqual({
      status: 200,
      body: {
        success: true,
        accountAddress: account,
        transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${created.body.transactionHash}`,
        operationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    // The repeat answers the same transaction, as a request of its own.
    expect(repeated.body).toEqual({ ...created.body, operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(repeated.body.operationId).not.toBe(created.body.operationId);
    expect((await settled(created.body.transactionHash as string)).status).toBe("success");
    expect(await chain.client.getCode({ address: account })).toMatch(/^0x363d3d373d3d3d363d73/);
    expect((await get(`/api/v1/erc6551/account?tokenChainId=31337&tokenContractAddress=${nft}&tokenId=1`)).body).toEqual({
      success: true,
      account: { contractAddress: account, deployed: true },
    });
    expect(await chain.client.readContract({ address: account, abi: tokenHubAccountAbi, functionName: "owner" })).toBe(key);

    // Once it exists, the answer names the indexed creation transaction and still sends nothing.
    const again = await waitFor(async () => {
      const response = await post("/api/v1/erc6551/create", body);
      return response.body.transactionHash === null ? undefined : response;
    });
    expect(again.body).toEqual({ ...created.body, operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await sentNonce()).toBe(nonceWhilePending);

    const missing = await post("/api/v1/erc6551/create", { nft: { chainId: 31337, contractAddress: nft, tokenId: "99" } });
    expect(missing).toEqual({ status: 404, body: { success: false, error: `Token 99 of ${nft} does not exist on chain 31337.`, code: "NOT_FOUND" } });
  });

  it("relays a batch of two calls the key signed: pending at once, then success with both calls and gasSpent", async () => {
    const funder = chain.accounts[0]!;
    await minedReceipt(chain, await chain.client.sendTransaction({ account: funder, chain: chain.client.chain, to: account, value: parseEther("1") }));
    const mint = await post("/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: account, amount: "100" });
    await settled(mint.body.transactionHash as string);

    const transfer = encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "transfer", args: [RECIPIENT, 40n] });
    const expectedCalls = [
      { toAddress: RECIPIENT, value: parseEther("0.25").toString(), data: "0x" },
      { toAddress: coin, value: "0", data: transfer },
    ];
    const sent = await withManualMining(async (mine) => {
      const response = await post("/api/v1/account/batchCalls", {
        chainId: 31337,
        accountAddress: account,
        calls: [
          { toAddress: RECIPIENT, value: parseEther("0.25").toString() },
          { toAddress: coin.toLowerCase(), data: transfer },
        ],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const hash = response.body.transactionHash as Hex;
      expect(response.body).toEqual({
        success: true,
        transactionHash: hash,
        transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`,
        operationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const listed = await accountCalls();
      expect(listed[0]).toEqual({
        timestamp: expect.any(Number),
        status: "pending",
        transactionHash: hash,
        transactionUrl: response.body.transactionUrl,
        gasSpent: null,
        calls: expectedCalls,
      });
      expect(await accountCalls("/api/v1/account/calls")).toEqual(listed);
      await mine();
      return hash;
    });

    const receipt = await chain.client.getTransactionReceipt({ hash: sent });
    expect(receipt.status).toBe("success");
    expect(getAddress(receipt.from)).toBe(signer);
    expect(getAddress(receipt.to!)).toBe(account);
    const executed = parseEventLogs({ abi: tokenHubAccountAbi, logs: receipt.logs, eventName: "Executed" });
    expect(executed.map((log) => [log.args.executor, log.args.to, log.args.value])).toEqual([
      [key, RECIPIENT, parseEther("0.25")],
      [key, coin, 0n],
    ]);
    expect(await chain.client.getBalance({ address: RECIPIENT })).toBe(parseEther("0.25"));
    expect(await chain.client.getBalance({ address: account })).toBe(parseEther("0.75"));
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [RECIPIENT] })).toBe(40n);
    // The key signed; the service paid.
    expect(await chain.client.getBalance({ address: key })).toBe(0n);

    const done = await waitFor(async () => {
      const [latest] = await accountCalls();
      return latest?.status === "success" ? latest : undefined;
    });
    const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
    expect(done).toEqual({
      timestamp: expect.any(Number),
      status: "success",
      transactionHash: sent,
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${sent}`,
      gasSpent: formatAmount(receipt.gasUsed * receipt.effectiveGasPrice, 18),
      calls: expectedCalls,
    });
    expect(Math.abs(done.timestamp - Number(block.timestamp))).toBeLessThan(30);
  });

  it("shows a batch that reverts on chain as failure, and moves nothing", async () => {
    const before = await chain.client.getBalance({ address: RECIPIENT });
    const sent = await withManualMining(async (mine) => {
      const response = await post("/api/v1/account/executeCall", { accountAddress: account, call: { chainId: 31337, toAddress: RECIPIENT, value: parseEther("0.5").toString() } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const hash = response.body.transactionHash as Hex;
      expect((await accountCalls())[0]).toMatchObject({ status: "pending", transactionHash: hash, gasSpent: null });
      // The account is emptied after the service simulated the call and before it is mined: the batch reverts.
      await chain.client.setBalance({ address: account, value: 0n });
      await mine();
      return hash;
    });
    const receipt = await chain.client.getTransactionReceipt({ hash: sent });
    expect(receipt.status).toBe("reverted");
    const failed = await waitFor(async () => {
      const entry = (await accountCalls()).find((item) => item.transactionHash === sent);
      return entry?.status === "failure" ? entry : undefined;
    });
    expect(failed).toEqual({
      timestamp: expect.any(Number),
      status: "failure",
      transactionHash: sent,
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${sent}`,
      gasSpent: formatAmount(receipt.gasUsed * receipt.effectiveGasPrice, 18),
      calls: [{ toAddress: RECIPIENT, value: parseEther("0.5").toString(), data: "0x" }],
    });
    expect(await chain.client.getBalance({ address: RECIPIENT })).toBe(before);
    const listed = await accountCalls();
    expect(listed.map((item) => item.status)).toEqual(["failure", "success"]);
    await chain.client.setBalance({ address: account, value: parseEther("0.75") });
  });

  it("refuses another project, which does not control the account, and sends nothing", async () => {
    const nonce = await sentNonce();
    const body = { accountAddress: account, call: { chainId: 31337, toAddress: RECIPIENT, value: "1" } };
    expect(await post("/api/v1/account/executeCall", body, rivalToken)).toEqual({
      status: 403,
      body: { success: false, error: `The NFT that controls ${account} is not held by a cloud key of this project.`, code: "FORBIDDEN" },
    });
    expect((await post("/api/v1/account/batchCalls", { chainId: 31337, accountAddress: account, calls: [body.call] }, rivalToken)).status).toBe(403);
    // Its own key holds nothing here either.
    await post("/api/v1/key/create", {}, rivalToken);
    expect((await post("/api/v1/account/executeCall", body, rivalToken)).status).toBe(403);
    expect(await sentNonce()).toBe(nonce);
  });

  it("answers bad input with a 4xx and sends nothing", async () => {
    const nonce = await sentNonce();
    const batch = (calls: unknown, extra: Record<string, unknown> = {}) => post("/api/v1/account/batchCalls", { chainId: 31337, accountAddress: account, calls, ...extra });
    expect((await post("/api/v1/account/batchCalls", { chainId: 31337, calls: [{ toAddress: RECIPIENT }] })).body).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: "accountAddress" }],
    });
    expect((await batch([])).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls", message: "must hold at least one call" }] });
    expect((await batch("not a list")).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls" }] });
    expect((await batch([{ toAddress: "0x12" }])).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls.0.toAddress" }] });
    expect((await batch([{ toAddress: RECIPIENT, data: "0xabc" }])).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls.0.data", message: "must be 0x-prefixed hex bytes" }] });
    expect((await batch([{ toAddress: RECIPIENT, value: "-1" }])).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls.0.value" }] });
    expect((await batch([{ toAddress: RECIPIENT, value: "0.5" }])).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls.0.value" }] });
    expect((await batch([{ chainId: 1, toAddress: RECIPIENT }])).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "calls.0.chainId" }] });
    expect((await post("/api/v1/account/executeCall", { accountAddress: account })).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "call" }] });
    expect((await batch([{ toAddress: RECIPIENT }], { chainId: 999 })).status).toBe(404);

    expect(await batch([{ toAddress: RECIPIENT, value: parseEther("0.5").toString() }, { toAddress: RECIPIENT, value: parseEther("0.5").toString() }])).toEqual({
      status: 422,
      body: { success: false, error: `The account ${account} holds 0.75 in the native currency; the calls send 1.`, code: "CHAIN_REJECTED" },
    });
    const tooMuch = encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "transfer", args: [RECIPIENT, 1000n] });
    const reverting = await batch([{ toAddress: coin, data: tooMuch }]);
    expect(reverting.status).toBe(422);
    expect(reverting.body).toMatchObject({ code: "CHAIN_REJECTED", error: expect.stringContaining("ERC20InsufficientBalance") });

    const core = service.runtime().chains[0]!.core;
    const notCreated = erc6551AccountAddress({ registry: core.erc6551Registry, implementation: core.accountImplementation, salt: zeroHash, chainId: 31337, tokenContract: nft, tokenId: 2n });
    expect(await batch([{ toAddress: RECIPIENT }], { accountAddress: notCreated })).toEqual({
      status: 404,
      body: { success: false, error: `No account is deployed at ${notCreated} on chain 31337; create it with POST /api/v1/erc6551/create.`, code: "NOT_FOUND" },
    });
    expect((await batch([{ toAddress: RECIPIENT }], { accountAddress: nft })).body).toMatchObject({ code: "NOT_FOUND", error: expect.stringContaining("is not an ERC-6551 account with tokenhub's implementation") });
    expect(await sentNonce()).toBe(nonce);
  });

  it("answers GET /api/v1/erc6551/account without a token (GroupOS: a computation from public data)", async () => {
    const core = service.runtime().chains[0]!.core;
    const second = erc6551AccountAddress({ registry: core.erc6551Registry, implementation: core.accountImplementation, salt: zeroHash, chainId: 31337, tokenContract: nft, tokenId: 2n });
    for (const [tokenId, contractAddress, deployed] of [[1, account, true], [2, second, false]] as const) {
      const response = await fetch(`${service.baseUrl}/api/v1/erc6551/account?tokenChainId=31337&tokenContractAddress=${nft}&tokenId=${tokenId}`);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { success: true, account: { contractAddress, deployed } } });
      expect((await chain.client.getCode({ address: contractAddress })) !== undefined).toBe(deployed);
    }
  });

  it("lists with GET /api/v1/erc6551/accounts the accounts of the project's keys' NFTs, or of an owner, created or not", async () => {
    await settled((await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: nft, recipientAddress: key })).body.transactionHash as string);
    const core = service.runtime().chains[0]!.core;
    const second = erc6551AccountAddress({ registry: core.erc6551Registry, implementation: core.accountImplementation, salt: zeroHash, chainId: 31337, tokenContract: nft, tokenId: 2n });
    const accounts = [
      { contractAddress: account, deployed: true, ownerAddress: key, nft: { chainId: 31337, contractAddress: nft, tokenId: "1" } },
      { contractAddress: second, deployed: false, ownerAddress: key, nft: { chainId: 31337, contractAddress: nft, tokenId: "2" } },
    ];
    const expected = { success: true, accounts, page: 0, nextPage: null, nextPageKey: null };
    await waitFor(async () => ((await get("/api/v1/erc6551/accounts")).body.accounts as unknown[] | undefined)?.length === 2);
    expect((await get("/api/v1/erc6551/accounts")).body).toEqual(expected);
    expect((await get(`/api/v1/erc6551/accounts?chainId=31337&ownerAddress=${key.toLowerCase()}`)).body).toEqual(expected);
    // What the chain says: the key owns both tokens, the first account exists, the second not yet.
    for (const id of [1n, 2n]) expect(await chain.client.readContract({ address: nft, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [id] })).toBe(key);
    expect(await chain.client.getCode({ address: account })).toMatch(/^0x36/);
    expect(await chain.client.getCode({ address: second })).toBeUndefined();

    expect((await get(`/api/v1/erc6551/accounts?ownerAddress=${RECIPIENT}`)).body).toEqual({ success: true, accounts: [], page: 0, nextPage: null, nextPageKey: null });
    expect((await call("GET", "/api/v1/erc6551/accounts", undefined, rivalToken)).body.accounts).toEqual([]);
    const readOnly = (await service.cli(["token", "create", "--project", service.projectName, "--scopes", "read"])).stdout.trim().split("\n").at(-1)!.trim();
    expect(await call("GET", "/api/v1/erc6551/accounts", undefined, readOnly)).toEqual({
      status: 403,
      body: { success: false, error: "Listing the accounts of the project's cloud keys needs the 'keys' scope; give ownerAddress to list an owner's.", code: "FORBIDDEN" },
    });
    expect((await call("GET", `/api/v1/erc6551/accounts?ownerAddress=${key}`, undefined, readOnly)).body).toEqual(expected);
    expect((await get("/api/v1/erc6551/accounts?chainId=5")).status).toBe(404);
  });

  it("relays a call sent to POST /api/v1/account/call exactly as executeCall", async () => {
    const before = await chain.client.getBalance({ address: RECIPIENT });
    const sent = await post("/api/v1/account/call", { accountAddress: account, call: { chainId: 31337, toAddress: RECIPIENT, value: "1000", data: "0x" } });
    const hash = sent.body.transactionHash as Hex;
    expect(sent).toEqual({
      status: 200,
      body: { success: true, transactionHash: hash, transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`, operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect((await settled(hash)).status).toBe("success");
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(parseEventLogs({ abi: tokenHubAccountAbi, logs: receipt.logs, eventName: "Executed" }).map((log) => [log.args.executor, log.args.to, log.args.value])).toEqual([[key, RECIPIENT, 1000n]]);
    expect(await chain.client.getBalance({ address: RECIPIENT })).toBe(before + 1000n);
    const listed = await waitFor(async () => {
      const [latest] = await accountCalls();
      return latest?.transactionHash === hash && latest.status === "success" ? latest : undefined;
    });
    expect(listed.calls).toEqual([{ toAddress: RECIPIENT, value: "1000", data: "0x" }]);
  });

  it("leaves the relaying key's private key in no table and no log", async () => {
    const master = readMasterKeyFile(localMasterKeyFile(service.dataDir));
    const rows = await storedKeys(service);
    const dump = await dumpDatabase(service);
    const logs = serviceLogs(service);
    expect(dump.text).toContain(key.toLowerCase());
    for (const row of rows) {
      for (const spelling of spellings(openRow(master, row))) {
        expect(dump.text.includes(spelling)).toBe(false);
        expect(logs.includes(spelling)).toBe(false);
      }
    }
  });
});
