import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, type Hex } from "viem";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, type ChainClient, createCollectionOnChain, minedReceipt } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { waitFor } from "../helpers/waitFor.js";

/** Events from the index (token.transferred, account.created, permit.*), and what a reorganisation makes of them. */
let service: TestService;
let chain: ChainClient;
let hooks: WebhookReceiver;
let secret: string;
let chainsDir: string;

type Body = Record<string, any>;
async function call(method: "GET" | "POST" | "DELETE", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const rpc = <T = unknown>(method: string, params: unknown[] = []) => chain.client.request({ method: method as never, params: params as never }) as Promise<T>;

async function create(kind: "erc20" | "erc721" | "erc1155", name: string): Promise<Address> {
  const created = await call("POST", `/api/v1/${kind}/create`, { chainId: 31337, name, symbol: name.slice(0, 3).toUpperCase(), ...(kind === "erc20" ? { decimals: 6 } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${created.body.transactionHash}`)).body.status === "success", { timeoutMs: 20_000 });
  return created.body.contractAddress as Address;
}

/** The one event received matching `match`, waited for; every request received is verified on the way. */
async function received(match: (event: ReceivedWebhook["event"]) => boolean, what: string): Promise<ReceivedWebhook["event"]> {
  const found = await waitFor(() => hooks.received.find((request) => match(request.event)), {
    timeoutMs: 30_000,
    message: () => `no ${what} among ${JSON.stringify(hooks.received.map((request) => request.event.type))}`,
  });
  for (const request of hooks.received) expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(request.event);
  return found.event;
}

/**
 * The next block a minute after the last. anvil mines the blocks of a new branch at their common ancestor's time, so
 * the old branch's block sorts after them (activity ids begin with the block's timestamp), as a block replaced by an
 * older one does on any chain.
 */
async function nextBlockLater(): Promise<void> {
  const latest = await chain.client.getBlock();
  await rpc("evm_setNextBlockTimestamp", [Number(latest.timestamp) + 60]);
}

async function blockOf(hash: Hex) {
  const receipt = await minedReceipt(chain, hash);
  const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
  return { receipt, block };
}

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-webhooks-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  // The service's transactions are watched 5 blocks deep, so that a reorganisation of its own takes them back.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local", finality: 5 }] }));
  service = await startTestService({ env: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true", TOKENHUB_CHAINS_FILE: chainsFile } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  const subscribed = await call("POST", "/api/v1/webhooks", { url: hooks.url, events: ["token.transferred", "account.created", "permit.redeemed", "permit.revoked"] });
  expect(subscribed.status).toBe(200);
  secret = subscribed.body.secret as string;
});

// A test that fails with automine off must not leave the next one waiting for blocks nobody mines.
afterEach(async () => {
  await chain?.client.setAutomine(true);
});

afterAll(async () => {
  await hooks?.close();
  await service?.destroy();
  fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("webhooks from the index", { timeout: 120_000 }, () => {
  it("a transfer on chain of the project's NFT gives token.transferred; a reorganisation that removes it gives token.transferred.reorged", async () => {
    const [alice, bob] = chain.accounts;
    const collection = await create("erc721", "Moves");
    const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: alice!.address });
    const mint = await received((event) => event.type === "token.transferred" && event.data.contractAddress === collection && event.data.tokenId === "1", "mint transfer");
    const mintBlock = await blockOf(minted.body.transactionHash as Hex);
    expect(mint.data).toMatchObject({ standard: "erc721", fromAddress: "0x0000000000000000000000000000000000000000", toAddress: alice!.address, ownerSince: Number(mintBlock.block.timestamp) });

    // Alice moves it herself, on chain: the service sent nothing.
    await nextBlockLater();
    const hash = await chain.client.writeContract({
      address: collection,
      abi: tokenHubERC721Abi,
      functionName: "transferFrom",
      args: [alice!.address, bob!.address, 1n],
      account: alice!,
      chain: chain.client.chain,
    });
    const { receipt, block } = await blockOf(hash);
    const transferred = await received((event) => event.type === "token.transferred" && event.data.transactionHash === hash, "the transfer");
    expect(transferred).toEqual({
      id: expect.any(String),
      type: "token.transferred",
      timestamp: expect.any(String),
      data: {
        chainId: 31337,
        transactionHash: hash,
        blockNumber: receipt.blockNumber.toString(),
        blockHash: receipt.blockHash,
        logIndex: expect.any(Number),
        contractAddress: collection,
        standard: "erc721",
        fromAddress: alice!.address,
        toAddress: bob!.address,
        tokenId: "1",
        amount: "1",
        amountRaw: "1",
        ownerSince: Number(block.timestamp),
      },
    });

    // The block with the transfer is taken away and the chain goes on without it.
    await chain.client.setAutomine(false);
    await rpc("anvil_rollback", [1]);
    await chain.client.mine({ blocks: 2 });
    const taken = await received((event) => event.type === "token.transferred.reorged", "the compensation");
    expect(taken).toEqual({ id: expect.any(String), type: "token.transferred.reorged", timestamp: expect.any(String), data: { ...transferred.data, reorgedEventId: transferred.id } });
    // Same subject: after the event it takes back.
    const types = hooks.received.filter((request) => request.event.data.contractAddress === collection).map((request) => request.event.type);
    expect(types).toEqual(["token.transferred", "token.transferred", "token.transferred.reorged"]);
    const owner = await waitFor(async () => {
      const tokens = (await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`)).body.tokens as Body[];
      return tokens[0]?.ownerAddress === alice!.address && tokens[0];
    });
    expect(owner.ownerAddress).toBe(alice!.address);
  });

  it("a reorganisation removing only a row that gave no event (a collection of no project) still lets the new branch's transfer through", async () => {
    const [deployer, , carol, dave] = chain.accounts;
    const { address: foreign } = await createCollectionOnChain(chain, service.runtime().chains[0]!.core.tokenFactory, "erc721", { name: "Foreign", symbol: "FRN" });
    const kept = await create("erc721", "Kept");
    await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: kept, recipientAddress: carol!.address });
    await received((event) => event.type === "token.transferred" && event.data.contractAddress === kept, "the mint");

    // A mint of the foreign collection, alone in its block: read by the dispatcher, no event.
    await chain.client.setAutomine(false);
    await nextBlockLater();
    const foreignMint = await chain.client.writeContract({ address: foreign, abi: tokenHubERC721Abi, functionName: "mintTo", args: [deployer!.address, 1n], account: deployer!, chain: chain.client.chain });
    await chain.client.mine({ blocks: 1 });
    const readPast = `SELECT 1 FROM tokenhub_app.webhook_index_cursors c JOIN "${service.runtime().indexSchema}".transfer a ON a.id <= c.cursor
                       WHERE c.chain_id = 31337 AND a.transaction_hash = $1`;
    await waitFor(async () => (await queryDatabase(service.databaseUrl(), readPast, [foreignMint])).length > 0, { timeoutMs: 30_000 });

    // Its block is replaced by an older one holding Carol's transfer: the transfer's row sorts before the cursor.
    await rpc("anvil_rollback", [1]);
    const hash = await chain.client.writeContract({ address: kept, abi: tokenHubERC721Abi, functionName: "transferFrom", args: [carol!.address, dave!.address, 1n], account: carol!, chain: chain.client.chain });
    // Two blocks: Ponder takes the new branch's first head as the notice of the reorganisation, and indexes from the next.
    await chain.client.mine({ blocks: 2 });
    const transferred = await received((event) => event.type === "token.transferred" && event.data.transactionHash === hash, "the new branch's transfer");
    expect(transferred.data).toMatchObject({ contractAddress: kept, fromAddress: carol!.address, toAddress: dave!.address, tokenId: "1" });
    expect(hooks.received.filter((request) => request.event.data.contractAddress === foreign)).toEqual([]);
  });

  it("a reorganisation of the service's own mint gives transaction.reorged, then transaction.confirmed and mint.confirmed again", async () => {
    const own = await startWebhookReceiver();
    try {
      const subscribed = await call("POST", "/api/v1/webhooks", { url: own.url, events: ["transaction.confirmed", "transaction.reorged", "mint.confirmed"] });
      const collection = await create("erc721", "Rolled");
      const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: chain.accounts[1]!.address });
      const hash = minted.body.transactionHash as Hex;
      const ofMint = () => own.received.filter((request) => request.event.data.transactionHash === hash).map((request) => request.event);
      await waitFor(() => ofMint().length === 2, { timeoutMs: 30_000 });
      const first = ofMint()[0]!;

      await chain.client.setAutomine(false);
      await rpc("anvil_rollback", [1]);
      await chain.client.mine({ blocks: 2 });
      await waitFor(() => ofMint().some((event) => event.type === "transaction.reorged"), { timeoutMs: 30_000 });
      // Broadcast again with the same bytes by the receipt loop; mined on the new branch.
      await waitFor(async () => (await rpc<{ hash: Hex } | null>("eth_getTransactionByHash", [hash]))?.hash === hash, { timeoutMs: 30_000 });
      await chain.client.mine({ blocks: 1 });
      await waitFor(() => ofMint().length === 5, { timeoutMs: 30_000, message: () => JSON.stringify(ofMint().map((event) => event.type)) });
      const events = ofMint();
      expect(events.map((event) => event.type)).toEqual(["transaction.confirmed", "mint.confirmed", "transaction.reorged", "transaction.confirmed", "mint.confirmed"]);
      expect(events[2]!.data).toMatchObject({ status: "pending", blockNumber: null, reorgedFrom: { blockNumber: first.data.blockNumber, blockHash: first.data.blockHash } });
      expect(events[3]!.data.blockHash).not.toBe(first.data.blockHash);
      expect(events[4]!.data).toMatchObject({ operationId: minted.body.operationId, blockHash: events[3]!.data.blockHash, minted: [{ tokenId: "1" }] });
      expect(new Set(events.map((event) => event.id)).size).toBe(5);
      for (const request of own.received) expect(new Webhook(subscribed.body.secret).verify(request.body, request.headers)).toEqual(request.event);
    } finally {
      await own.close();
    }
  });

  it("a mint whose nonce another transaction of the signer took on a new branch gives transaction.replaced (fresh_nonce), then transaction.confirmed and mint.confirmed", async () => {
    const own = await startWebhookReceiver();
    try {
      const subscribed = await call("POST", "/api/v1/webhooks", { url: own.url, events: ["transaction.confirmed", "transaction.reorged", "transaction.replaced", "mint.confirmed"] });
      const collection = await create("erc721", "Renonced");
      const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: chain.accounts[1]!.address });
      const hash = minted.body.transactionHash as Hex;
      const ofMint = () =>
        own.received
          .map((request) => request.event)
          .filter((event) => event.data.operationId === minted.body.operationId || (event.data.operationIds as string[] | undefined)?.includes(minted.body.operationId));
      await waitFor(() => ofMint().length === 2, { timeoutMs: 30_000 });

      // The same key, elsewhere: a plain transfer at the mint's nonce, in the block that replaces the mint's.
      const ours = await chain.client.getTransaction({ hash });
      const signer = localSignerAccount(service.dataDir);
      const theirs = await signer.signTransaction({ chainId: 31337, type: "eip1559", nonce: ours.nonce, to: signer.address, value: 0n, gas: 21_000n, maxFeePerGas: ours.maxFeePerGas! * 2n, maxPriorityFeePerGas: ours.maxPriorityFeePerGas! });
      const depth = Number((await chain.client.getBlockNumber()) - ours.blockNumber!) + 1;
      await rpc("anvil_reorg", [depth, [[theirs, 0]]]);
      await waitFor(() => ofMint().some((event) => event.type === "transaction.reorged"), { timeoutMs: 30_000 });
      // Once the block holding theirs is final (5 blocks deep), the mint is signed again at a fresh nonce.
      await chain.client.mine({ blocks: 5 });
      await waitFor(() => ofMint().length === 6, { timeoutMs: 30_000, message: () => JSON.stringify(ofMint().map((event) => event.type)) });
      const events = ofMint();
      expect(events.map((event) => event.type)).toEqual(["transaction.confirmed", "mint.confirmed", "transaction.reorged", "transaction.replaced", "transaction.confirmed", "mint.confirmed"]);
      const again = events[4]!.data.transactionHash as Hex;
      expect(again).not.toBe(hash);
      expect((await chain.client.getTransaction({ hash: again })).nonce).toBeGreaterThan(ours.nonce);
      expect(events[3]!.data).toMatchObject({
        transactionHash: again,
        previousHashes: [hash],
        status: "pending",
        blockNumber: null,
        nonce: (await chain.client.getTransaction({ hash: again })).nonce,
        operationIds: [minted.body.operationId],
        replacement: { previousHash: hash, reason: "fresh_nonce" },
      });
      expect(events[5]!.data).toMatchObject({ operationId: minted.body.operationId, transactionHash: again, minted: [{ tokenId: "1" }] });
      expect(new Set(events.map((event) => event.id)).size).toBe(6);
      for (const request of own.received) expect(new Webhook(subscribed.body.secret).verify(request.body, request.headers)).toEqual(request.event);
    } finally {
      await own.close();
    }
  });

  it("ERC-20 and ERC-1155 mints give token.transferred with ownerSince; an account's creation, a permit's redemption and revocation give theirs", async () => {
    const [, , carol] = chain.accounts;
    const coin = await create("erc20", "Coin");
    const items = await create("erc1155", "Items");
    const nfts = await create("erc721", "Nfts");
    expect((await call("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Sword" } })).status).toBe(200);
    const erc20 = await call("POST", "/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: carol!.address, amount: "2.5" });
    const erc1155 = await call("POST", "/api/v1/erc1155/mint", { chainId: 31337, contractAddress: items, recipientAddress: carol!.address, tokenId: "1", amount: "3" });
    const coinEvent = await received((event) => event.type === "token.transferred" && event.data.contractAddress === coin, "the ERC-20 mint");
    const coinBlock = await blockOf(erc20.body.transactionHash as Hex);
    expect(coinEvent.data).toMatchObject({ standard: "erc20", tokenId: null, amount: "2.5", amountRaw: "2500000", toAddress: carol!.address, ownerSince: Number(coinBlock.block.timestamp) });
    const itemEvent = await received((event) => event.type === "token.transferred" && event.data.contractAddress === items, "the ERC-1155 mint");
    const itemBlock = await blockOf(erc1155.body.transactionHash as Hex);
    expect(itemEvent.data).toMatchObject({ standard: "erc1155", tokenId: "1", amount: "3", amountRaw: "3", ownerSince: Number(itemBlock.block.timestamp) });

    await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: nfts, recipientAddress: carol!.address });
    await received((event) => event.type === "token.transferred" && event.data.contractAddress === nfts, "the NFT mint");
    const account = await call("POST", "/api/v1/erc6551/create", { nft: { chainId: 31337, contractAddress: nfts, tokenId: "1" } });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const accountCreated = await received((event) => event.type === "account.created", "account.created");
    expect(accountCreated.data).toMatchObject({ accountAddress: account.body.accountAddress, tokenContractAddress: nfts, tokenId: "1", tokenChainId: 31337, transactionHash: account.body.transactionHash });

    const permit = await call("POST", "/api/v1/erc721/permit", { chainId: 31337, contractAddress: nfts, recipientAddress: carol!.address });
    const { preparedCall } = permit.body;
    const redemption = await chain.client.sendTransaction({ account: carol!, to: preparedCall.to, data: preparedCall.data, chain: chain.client.chain });
    await minedReceipt(chain, redemption);
    const redeemed = await received((event) => event.type === "permit.redeemed", "permit.redeemed");
    expect(redeemed.data).toMatchObject({ permitId: permit.body.permitId, contractAddress: nfts, recipientAddress: carol!.address, redeemedBy: carol!.address, mintedTokenIds: ["2"], amountRaw: "1", transactionHash: redemption });

    const another = await call("POST", "/api/v1/erc721/permit", { chainId: 31337, contractAddress: nfts, recipientAddress: carol!.address });
    const revoked = await call("DELETE", `/api/v1/permits/${another.body.permitId}`);
    const revokedEvent = await received((event) => event.type === "permit.revoked", "permit.revoked");
    expect(revokedEvent.data).toMatchObject({ permitId: another.body.permitId, contractAddress: nfts, transactionHash: revoked.body.transactionHash });
    // Each indexed change gave its event once.
    const ids = hooks.received.map((request) => request.event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
