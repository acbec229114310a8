import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let chain: ChainClient;
let chainsDir: string;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const BOB = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");

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
const transaction = async (hash: string) => (await call("GET", `/api/v1/transactions/${hash}`)).body;
const statusIs = (hash: string, status: string) => waitFor(async () => {
  const body = await transaction(hash);
  return body.status === status && body;
}, { timeoutMs: 30_000, message: () => `${hash} never became ${status}` });
const ownerOf = (collection: Address, tokenId: bigint) => chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [tokenId] });
const balanceOf = (collection: Address, owner: Address) => chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [owner] });
const totalMinted = (collection: Address) => chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
const tokenName = async (collection: Address, tokenId: bigint) => ((await (await fetch(`${service.baseUrl}/metadata/31337/${collection}/${tokenId}`)).json()) as { name: string }).name;
const recipient = (index: number): Address => getAddress(`0x${(0x10000 + index).toString(16).padStart(40, "0")}`);

async function createCollection(kind: "erc721" | "erc1155", name: string): Promise<Address> {
  const created = await call("POST", `/api/v1/${kind}/create`, { chainId: 31337, name, symbol: name.slice(0, 3).toUpperCase() });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.contractAddress as Address;
}

async function mint(collection: Address, recipientAddress: Address, metadata?: object): Promise<Hex> {
  const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress, ...(metadata ? { metadata } : {}) });
  expect(minted.status, JSON.stringify(minted.body)).toBe(200);
  return minted.body.transactionHash as Hex;
}

/** Every token of the collection as the index serves it, page by page. */
async function indexedTokens(collection: Address): Promise<{ tokenId: string; ownerAddress: string }[]> {
  const tokens: { tokenId: string; ownerAddress: string }[] = [];
  for (let page: number | null = 0; page !== null; ) {
    const { body } = await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&page=${page}`);
    tokens.push(...(body.tokens as { tokenId: string; ownerAddress: string }[]));
    page = body.nextPage as number | null;
  }
  return tokens;
}

/** The index, once settled, holds exactly the tokens the chain has, with the chain's owners. */
async function expectIndexAgreesWithChain(collection: Address) {
  const total = await totalMinted(collection);
  const expected = await Promise.all(
    Array.from({ length: Number(total) }, async (_, index) => ({ tokenId: String(index + 1), ownerAddress: await ownerOf(collection, BigInt(index + 1)) })),
  );
  const indexed = await waitFor(
    async () => {
      const tokens = (await indexedTokens(collection)).map(({ tokenId, ownerAddress }) => ({ tokenId, ownerAddress }));
      return JSON.stringify(tokens) === JSON.stringify(expected) && tokens;
    },
    { timeoutMs: 30_000, message: () => "the index never matched the chain" },
  );
  expect(indexed).toEqual(expected);
}

/** The signer's nonces on chain and in the app store agree, and every nonce below is a transaction that succeeded. */
async function expectContiguousNonces() {
  const [signerRow] = await queryDatabase<{ address: Address; next_nonce: string }>(service.databaseUrl(), "SELECT address, next_nonce FROM tokenhub_app.signer_nonces");
  const next = Number(signerRow!.next_nonce);
  expect(await chain.client.getTransactionCount({ address: signerRow!.address, blockTag: "latest" })).toBe(next);
  const rows = await queryDatabase<{ nonce: string; status: string; purpose: string }>(
    service.databaseUrl(),
    "SELECT nonce, status, purpose FROM tokenhub_app.transactions WHERE signer = $1 ORDER BY nonce",
    [signerRow!.address],
  );
  expect(rows.map((row) => Number(row.nonce))).toEqual(Array.from({ length: next }, (_, index) => index));
  expect(rows.filter((row) => row.status !== "success" || row.purpose === "nonce-gap")).toEqual([]);
}

beforeAll(async () => {
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-reorg-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  // Deeper than any reorganisation below: a transaction is watched until then.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local", finality: 5 }] }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
});

afterEach(async () => {
  await chain?.client.setAutomine(true);
});

afterAll(async () => {
  await service?.destroy();
  fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("a reorganisation after a mint was answered", { timeout: 120_000 }, () => {
  it("lands the rolled-back mint again exactly once: success, then pending with reorgedFrom, then success; token and metadata as given", async () => {
    const collection = await createCollection("erc721", "Rollback");
    const hash = await mint(collection, ALICE, { name: "First" });
    const first = await statusIs(hash, "success");
    await waitFor(async () => (await tokenName(collection, 1n)) === "First");

    await chain.client.setAutomine(false);
    await rpc("anvil_rollback", [1]);
    // Status answers from the receipt pass's records: the pass finds the block gone once the new branch reaches its height.
    const pendingBody = {
      success: true,
      chainId: 31337,
      transactionHash: hash,
      status: "pending",
      blockNumber: null,
      blockHash: null,
      confirmations: 0,
      finalized: false,
      reorgedFrom: { blockNumber: first.blockNumber, blockHash: first.blockHash },
      gasUsed: null,
      fee: null,
      previousHashes: [],
      purpose: "erc721.mint",
      failureReason: null,
      minted: [],
      checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    };
    await chain.client.mine({ blocks: 2 });
    // The receipt loop records it pending and broadcasts the same signed bytes again.
    await waitFor(async () => {
      const [row] = await queryDatabase<{ status: string; reorged_from_block_hash: string | null }>(
        service.databaseUrl(),
        "SELECT t.status, t.reorged_from_block_hash FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = $1",
        [hash],
      );
      return row?.status === "pending" && row.reorged_from_block_hash === first.blockHash;
    });
    await waitFor(async () => (await rpc<{ hash: Hex } | null>("eth_getTransactionByHash", [hash]))?.hash === hash);
    expect(await call("GET", `/api/v1/transactions/${hash}`)).toEqual({ status: 200, body: pendingBody });
    expect(await balanceOf(collection, ALICE)).toBe(0n);

    await chain.client.mine({ blocks: 1 });
    const again = await statusIs(hash, "success");
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(again).toMatchObject({
      transactionHash: hash,
      blockNumber: receipt.blockNumber.toString(),
      blockHash: receipt.blockHash,
      reorgedFrom: { blockNumber: first.blockNumber, blockHash: first.blockHash },
      previousHashes: [],
      minted: [{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }],
    });
    expect(receipt.blockHash).not.toBe(first.blockHash);
    expect(await balanceOf(collection, ALICE)).toBe(1n);
    expect(await totalMinted(collection)).toBe(1n);
    await waitFor(async () => (await tokenName(collection, 1n)) === "First");
    await expectIndexAgreesWithChain(collection);
    await expectContiguousNonces();
  });

  it("takes a mint's metadata back from a token id that another mint holds on the new branch, and gives it to the token it mints there", async () => {
    const collection = await createCollection("erc721", "Swap");
    const hash = await mint(collection, ALICE, { name: "Alice's" });
    const first = await statusIs(hash, "success");
    expect(await ownerOf(collection, 1n)).toBe(ALICE);
    await waitFor(async () => (await tokenName(collection, 1n)) === "Alice's");

    // The new branch holds, from where the mint was, a permit redemption by Carol (her own transaction): token 1 is
    // hers there, and the mint, broadcast again, mints token 2.
    const carol = chain.accounts[3]!.address;
    const permit = await call("POST", "/api/v1/erc721/permit", { chainId: 31337, contractAddress: collection, recipientAddress: carol });
    expect(permit.status).toBe(200);
    const depth = Number((await chain.client.getBlockNumber()) - BigInt(first.blockNumber as string)) + 1;
    const redemption = { from: carol, to: permit.body.preparedCall.to, data: permit.body.preparedCall.data, gas: "0x7a120" };
    await rpc("anvil_reorg", [depth, [[redemption, 0]]]);
    const again = await waitFor(async () => {
      const body = await transaction(hash);
      return body.status === "success" && body.reorgedFrom !== null && body;
    }, { timeoutMs: 30_000 });
    expect(again.minted).toEqual([{ contractAddress: collection, recipientAddress: ALICE, tokenId: "2", amount: "1", amountRaw: "1" }]);
    expect([await ownerOf(collection, 1n), await ownerOf(collection, 2n)]).toEqual([carol, ALICE]);
    await waitFor(async () => (await tokenName(collection, 2n)) === "Alice's", { timeoutMs: 10_000 });
    expect(await tokenName(collection, 1n)).toBe("Swap #1");
    // Reads resolve a mint's metadata from its transaction before the metadata job moves the row: wait for the job.
    const attached = () =>
      queryDatabase<{ token_id: string; metadata: unknown }>(
        service.databaseUrl(),
        "SELECT token_id, metadata FROM tokenhub_app.token_metadata WHERE address = $1 ORDER BY token_id",
        [collection.toLowerCase()],
      );
    await waitFor(async () => (await attached()).length === 1 && (await attached())[0]!.token_id === "2", { timeoutMs: 10_000 });
    expect(await attached()).toEqual([{ token_id: "2", metadata: { name: "Alice's" } }]);
    expect([await tokenName(collection, 1n), await tokenName(collection, 2n)]).toEqual(["Swap #1", "Alice's"]);
    expect(await totalMinted(collection)).toBe(2n);
    await expectIndexAgreesWithChain(collection);
    // The permit's status follows the chain: redeemed, as the index saw it on the new branch.
    await waitFor(async () => (await call("GET", `/api/v1/permits/${permit.body.permitId as string}`)).body.status === "redeemed");
  });

  it("shows a permit open again, its revocation pending, while the revocation's block is rolled back; revoked once it lands again", async () => {
    const collection = await createCollection("erc721", "Revoked");
    const carol = chain.accounts[3]!.address;
    const permit = await call("POST", "/api/v1/erc721/permit", { chainId: 31337, contractAddress: collection, recipientAddress: carol });
    const permitId = permit.body.permitId as string;
    const revoked = await call("DELETE", `/api/v1/permits/${permitId}`);
    const hash = revoked.body.transactionHash as Hex;
    const permitStatus = async () => (await call("GET", `/api/v1/permits/${permitId}`)).body;
    const first = await statusIs(hash, "success");
    await waitFor(async () => (await permitStatus()).status === "revoked", { timeoutMs: 30_000 });

    await chain.client.setAutomine(false);
    await rpc("anvil_rollback", [1]);
    await chain.client.mine({ blocks: 2 });
    // The index drops the invalidation with its block; the service's record of the revocation goes back to pending.
    const open = await waitFor(async () => {
      const body = await permitStatus();
      return body.status === "open" && body.revocation?.status === "pending" && body;
    }, { timeoutMs: 30_000, message: () => "the permit never showed open with its revocation pending" });
    expect(open).toMatchObject({ statusReason: `Open: a revocation was sent in transaction ${hash} and is not on chain yet.`, redemption: null });

    await waitFor(async () => (await rpc<{ hash: Hex } | null>("eth_getTransactionByHash", [hash]))?.hash === hash);
    await chain.client.mine({ blocks: 1 });
    const again = await waitFor(async () => {
      const body = await permitStatus();
      return body.status === "revoked" && body;
    }, { timeoutMs: 30_000 });
    expect(again.revocation).toEqual({ transactionHash: hash, status: "success" });
    expect(await statusIs(hash, "success")).toMatchObject({ reorgedFrom: { blockNumber: first.blockNumber, blockHash: first.blockHash } });
  });

  it("shows an account call pending again while its block is rolled back, and success once it lands again, executed once", async () => {
    const key = (await call("POST", "/api/v1/key/create", { customRef: "reorg-holder" })).body.evmAddress as Address;
    const nft = await createCollection("erc721", "Holder");
    await statusIs(await mint(nft, key), "success");
    const created = await call("POST", "/api/v1/erc6551/create", { nft: { chainId: 31337, contractAddress: nft, tokenId: "1" } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const account = created.body.accountAddress as Address;
    await statusIs(created.body.transactionHash as string, "success");
    // Funded in a block of its own, below the one the rollback takes away.
    await chain.client.setBalance({ address: account, value: 10n ** 18n });
    await chain.client.mine({ blocks: 1 });
    const payee = recipient(9_999);
    const accountCall = async (hash: string) =>
      ((await call("GET", `/api/v1/accounts/calls?chainId=31337&accountAddress=${account}`)).body.transactions as { transactionHash: string; status: string }[]).find(
        (entry) => entry.transactionHash === hash,
      );

    const sent = await call("POST", "/api/v1/account/executeCall", { accountAddress: account, call: { chainId: 31337, toAddress: payee, value: "250" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const hash = sent.body.transactionHash as Hex;
    await statusIs(hash, "success");
    await waitFor(async () => (await accountCall(hash))?.status === "success");

    await chain.client.setAutomine(false);
    await rpc("anvil_rollback", [1]);
    await chain.client.mine({ blocks: 1 });
    await statusIs(hash, "pending");
    await waitFor(async () => (await accountCall(hash))?.status === "pending", { timeoutMs: 30_000, message: () => "the account call never showed pending again" });
    await waitFor(async () => (await rpc<{ hash: Hex } | null>("eth_getTransactionByHash", [hash]))?.hash === hash);
    await chain.client.mine({ blocks: 1 });
    await statusIs(hash, "success");
    await waitFor(async () => (await accountCall(hash))?.status === "success", { timeoutMs: 30_000, message: () => "the account call never showed success again" });
    expect(await chain.client.getBalance({ address: payee })).toBe(250n);
    expect(await chain.client.getBalance({ address: account })).toBe(10n ** 18n - 250n);
  });

  it("lands a joined batch of 40 mints and an ERC-1155 batch mint of a reorganised block exactly once, nonces contiguous", async () => {
    const collection = await createCollection("erc721", "Joined");
    const items = await createCollection("erc1155", "Items");
    for (const name of ["Sword", "Shield"]) {
      expect((await call("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name } })).status).toBe(200);
    }
    await chain.client.setAutomine(false);
    const [mints, batch] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, (_, index) => mint(collection, recipient(index)))),
      call("POST", "/api/v1/erc1155/batchMint", {
        chainId: 31337,
        contractAddress: items,
        mints: [
          { recipientAddress: ALICE, tokenId: "1", amount: "2" },
          { recipientAddress: BOB, tokenId: "2", amount: "7" },
        ],
      }),
    ]);
    expect(batch.status).toBe(200);
    const hashes = [...new Set([...mints, batch.body.transactionHash as Hex])];
    // Joined: mints share transactions. How many depends on how the 40 requests meet the lane's batches (under 10 on a
    // quiet machine, 12 in a full run at a load of 7 on 2 cores: joinCalls.test.ts holds the joining itself); the point
    // here is that joined calls land once after a reorganisation.
    expect(new Set(mints).size).toBeLessThan(mints.length);
    await waitFor(async () => (await Promise.all(hashes.map((hash) => rpc("eth_getTransactionByHash", [hash])))).every((found) => found !== null));
    await chain.client.mine({ blocks: 1 });
    const mined = await Promise.all(hashes.map((hash) => statusIs(hash, "success")));
    expect(new Set(mined.map((body) => body.blockHash)).size).toBe(1);

    await rpc("anvil_rollback", [1]);
    await chain.client.mine({ blocks: 1 });
    await Promise.all(hashes.map((hash) => statusIs(hash, "pending")));
    await waitFor(async () => (await Promise.all(hashes.map((hash) => rpc("eth_getTransactionByHash", [hash])))).every((found) => found !== null));
    await chain.client.mine({ blocks: 1 });
    const again = await Promise.all(hashes.map((hash) => statusIs(hash, "success")));
    expect(again.map((body) => body.reorgedFrom)).toEqual(mined.map((body) => ({ blockNumber: body.blockNumber, blockHash: body.blockHash })));

    expect(await totalMinted(collection)).toBe(40n);
    const balances = await Promise.all(Array.from({ length: 40 }, (_, index) => balanceOf(collection, recipient(index))));
    expect(balances).toEqual(Array.from({ length: 40 }, () => 1n));
    const erc1155 = (owner: Address, id: bigint) => chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [owner, id] });
    expect([await erc1155(ALICE, 1n), await erc1155(BOB, 2n)]).toEqual([2n, 7n]);
    await expectContiguousNonces();
    await expectIndexAgreesWithChain(collection);
    // The ERC-1155 index, reverted and indexed again, holds the balances once, not twice.
    const holders = [
      { ownerAddress: BOB, totalBalance: "7", tokens: [{ tokenId: "2", balance: "7" }] },
      { ownerAddress: ALICE, totalBalance: "2", tokens: [{ tokenId: "1", balance: "2" }] },
    ].sort((a, b) => a.ownerAddress.toLowerCase().localeCompare(b.ownerAddress.toLowerCase()));
    await waitFor(async () => JSON.stringify((await call("GET", `/api/v1/erc1155/owners?chainId=31337&contractAddress=${items}`)).body.owners) === JSON.stringify(holders), {
      timeoutMs: 30_000,
      message: () => "the ERC-1155 index never matched the chain",
    });
  });

  it("lands every answered mint exactly once through a depth-3 reorganisation in the middle of a burst of 300", async () => {
    const collection = await createCollection("erc721", "Burst");
    const answered: { hash: Hex; to: Address }[] = [];
    let next = 0;
    let taken: { hash: Hex; blockHash: Hex }[] | undefined;
    const reorganise = async () => {
      // No block is mined between reading the last three and replacing them; the burst's sends wait in the pool.
      await chain.client.setAutomine(false);
      const head = await chain.client.getBlockNumber();
      const blocks = await Promise.all([0n, 1n, 2n].map((back) => chain.client.getBlock({ blockNumber: head - back })));
      taken = blocks.flatMap((block) => block.transactions.map((hash) => ({ hash, blockHash: block.hash })));
      await rpc("anvil_reorg", [3, []]);
      await chain.client.setAutomine(true);
    };
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (next < 300) {
          const to = recipient(1_000 + next++);
          answered.push({ hash: await mint(collection, to), to });
          if (answered.length >= 100 && taken === undefined) {
            taken = [];
            await reorganise();
          }
        }
      }),
    );
    expect(answered).toHaveLength(300);
    const hashes = [...new Set(answered.map((entry) => entry.hash))];
    await Promise.all(hashes.map((hash) => statusIs(hash, "success")));
    // The reorganisation took transactions of the burst away; each is in another block now.
    const ours = new Set(hashes);
    const moved = taken!.filter((entry) => ours.has(entry.hash));
    expect(moved.length).toBeGreaterThan(0);
    for (const { hash, blockHash } of moved) expect((await chain.client.getTransactionReceipt({ hash })).blockHash).not.toBe(blockHash);
    const balances = await Promise.all(answered.map((entry) => balanceOf(collection, entry.to)));
    expect(balances.every((balance) => balance === 1n)).toBe(true);
    expect(await totalMinted(collection)).toBe(300n);
    await expectContiguousNonces();
    await expectIndexAgreesWithChain(collection);
  });
});
