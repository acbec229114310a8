import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Every write answer carries its own operationId, and GET /api/v1/operations/<id> follows it (issue 15, item 9): mints
 * that arrive together are joined into one transaction and answer the same transactionHash, which a client storing
 * it as a unique key would collide on. Requests go as GroupOS's TypeScript quick start sends them: fetch with only
 * Authorization, a string body (text/plain).
 */

let service: TestService;
let chain: ChainClient;
let chainsDir: string;
let rivalToken: string;
let club: Address;
let coin: Address;
let items: Address;

type Answer = { status: number; body: Record<string, any>; replayed: string | null };
async function groupos(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${service.adminToken}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, replayed: response.headers.get("idempotent-replayed") };
}
const post = (pathname: string, body: unknown, headers?: Record<string, string>) => groupos("POST", pathname, body, headers);
const get = (pathname: string) => groupos("GET", pathname);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const recipient = (index: number): Address => getAddress(`0x${(0x0be000 + index).toString(16).padStart(40, "0")}`);
const urlOf = (hash: string) => `${service.runtime().publicUrl}/api/v1/transactions/${hash}`;
const sent = (hash: string, operationId: string) => ({ success: true, transactionHash: hash, transactionUrl: urlOf(hash), operationId });
const rpc = <T = unknown>(method: string, params: unknown[] = []) => chain.client.request({ method: method as never, params: params as never }) as Promise<T>;

/** The operation once its transaction is no longer pending. */
async function settledOperation(operationId: string): Promise<Record<string, any>> {
  return await waitFor(
    async () => {
      const { status, body } = await get(`/api/v1/operations/${operationId}`);
      expect(status).toBe(200);
      return body.status !== "pending" && body;
    },
    { timeoutMs: 30_000 },
  );
}

/** What GET /api/v1/operations/<id> answers, its creation and check times aside (checked to be ISO-8601 times). */
function operation(operationId: string, purpose: string, hash: string | null, minted: unknown[]) {
  return {
    success: true,
    operationId,
    chainId: 31337,
    purpose,
    status: "success",
    transactionHash: hash,
    transactionUrl: hash === null ? null : urlOf(hash),
    minted,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    // When the receipt pass last checked its transaction; null for a request that sends none.
    checkedAt: hash === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  };
}

beforeAll(async () => {
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-operations-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  // A block is final two blocks deep: a reorganisation can then move a mint, and another transaction can take its nonce.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local", finality: 2 }] }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  expect((await service.cli(["project", "create", "rival"])).code).toBe(0);
  rivalToken = (await service.cli(["token", "create", "--project", "rival", "--scopes", "read,mint"])).stdout.trim().split("\n").at(-1)!.trim();
  const created = await Promise.all([
    post("/api/v1/erc721/create", { chainId: 31337, name: "Club", symbol: "CLB" }),
    post("/api/v1/erc20/create", { chainId: 31337, name: "Coin", symbol: "CN", decimals: 2 }),
    post("/api/v1/erc1155/create", { chainId: 31337, name: "Items", symbol: "ITM" }),
  ]);
  for (const answer of created) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  [club, coin, items] = created.map((answer) => answer.body.contractAddress as Address) as [Address, Address, Address];
  // Collection creation answers its operation too; it is the transaction that deployed the collection.
  const [clubCreated] = created;
  expect(clubCreated!.body.operationId).toMatch(UUID);
  expect(await settledOperation(clubCreated!.body.operationId)).toEqual(operation(clubCreated!.body.operationId, "erc721.create", clubCreated!.body.transactionHash, []));
});

afterAll(async () => {
  await service?.destroy();
  fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("operationId: one per write request, even where requests share a transaction (item 9)", { timeout: 120_000 }, () => {
  it("ERC-721 mints that arrive together share a transactionHash, answer their own operationId, and each operation names its own token", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: recipient(index), metadata: { name: `Member ${index}` } })));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: sent(answer.body.transactionHash, answer.body.operationId) });
    expect(answers.map((answer) => Object.keys(answer.body).sort())).toEqual(answers.map(() => ["operationId", "success", "transactionHash", "transactionUrl"]));
    const operationIds = answers.map((answer) => answer.body.operationId as string);
    for (const operationId of operationIds) expect(operationId).toMatch(UUID);
    expect(new Set(operationIds).size).toBe(6);
    const hashes = [...new Set(answers.map((answer) => answer.body.transactionHash as string))];
    expect(hashes.length).toBeLessThan(6);

    const minted = new Map<string, string>();
    for (const [index, answer] of answers.entries()) {
      const body = await settledOperation(answer.body.operationId);
      const tokenId = body.minted[0]?.tokenId as string;
      expect(body).toEqual(
        operation(answer.body.operationId, "erc721.mint", answer.body.transactionHash, [{ contractAddress: club, recipientAddress: recipient(index), tokenId, amount: "1", amountRaw: "1" }]),
      );
      expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [BigInt(tokenId)] })).toBe(recipient(index));
      minted.set(tokenId, answer.body.transactionHash);
    }
    // Together, the operations of a transaction name each token it minted once.
    for (const hash of hashes) {
      const transaction = (await get(`/api/v1/transactions/${hash}`)).body;
      expect(transaction.minted.map((token: { tokenId: string }) => token.tokenId).sort()).toEqual([...minted].filter(([, of]) => of === hash).map(([tokenId]) => tokenId).sort());
    }
  });

  it("ERC-20 and ERC-1155 mints joined into one transaction each name their own amount; a batch mint names its whole batch", async () => {
    const amounts = ["1.5", "2", "0.25", "7", "0.01"];
    const coins = await Promise.all(amounts.map((amount, index) => post("/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: recipient(20 + index), amount })));
    // GroupOS's body for a token type, on GroupOS's route; it sends nothing, so its operation has no transaction.
    const type = await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: items, metadata: { name: "Sword" } });
    expect(type).toMatchObject({ status: 200, body: { success: true, tokenId: "1", operationId: expect.stringMatching(UUID) } });
    expect(await settledOperation(type.body.operationId)).toEqual(operation(type.body.operationId, "erc1155.createTokenType", null, []));
    const swords = await Promise.all([3, 4, 5, 6].map((amount, index) => post("/api/v1/erc1155/mint", { chainId: 31337, contractAddress: items, recipientAddress: recipient(30 + index), tokenId: "1", amount })));
    const batch = await post("/api/v1/erc1155/batchMint", {
      chainId: 31337,
      contractAddress: items,
      mints: [{ recipientAddress: recipient(40), tokenId: "1", amount: "5" }, { recipientAddress: recipient(41), tokenId: "1", amount: "6" }],
    });
    for (const answer of [...coins, ...swords, batch]) expect(answer, JSON.stringify(answer.body)).toEqual({ status: 200, body: sent(answer.body.transactionHash, answer.body.operationId), replayed: null });
    expect(new Set([...coins, ...swords, batch].map((answer) => answer.body.operationId)).size).toBe(10);
    // Sent together, each kind's mints were joined: fewer transactions than mints.
    expect(new Set(coins.map((answer) => answer.body.transactionHash)).size).toBeLessThan(coins.length);
    expect(new Set(swords.map((answer) => answer.body.transactionHash)).size).toBeLessThan(swords.length);

    for (const [index, answer] of coins.entries()) {
      const amount = amounts[index]!;
      const raw = String(Math.round(Number(amount) * 100));
      expect(await settledOperation(answer.body.operationId)).toEqual(
        operation(answer.body.operationId, "erc20.mint", answer.body.transactionHash, [{ contractAddress: coin, recipientAddress: recipient(20 + index), tokenId: null, amount, amountRaw: raw }]),
      );
      expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [recipient(20 + index)] })).toBe(BigInt(raw));
    }
    for (const [index, answer] of swords.entries()) {
      const amount = String(3 + index);
      expect(await settledOperation(answer.body.operationId)).toEqual(
        operation(answer.body.operationId, "erc1155.mint", answer.body.transactionHash, [{ contractAddress: items, recipientAddress: recipient(30 + index), tokenId: "1", amount, amountRaw: amount }]),
      );
      expect(await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [recipient(30 + index), 1n] })).toBe(BigInt(amount));
    }
    expect(await settledOperation(batch.body.operationId)).toEqual(
      operation(batch.body.operationId, "erc1155.batchMint", batch.body.transactionHash, [
        { contractAddress: items, recipientAddress: recipient(40), tokenId: "1", amount: "5", amountRaw: "5" },
        { contractAddress: items, recipientAddress: recipient(41), tokenId: "1", amount: "6", amountRaw: "6" },
      ]),
    );
  });

  it("a repeat under the same Idempotency-Key answers the same operationId and sends nothing", async () => {
    const body = { chainId: 31337, contractAddress: club, recipientAddress: recipient(50) };
    const first = await post("/api/v1/erc721/mint", body, { "Idempotency-Key": "operation-1" });
    const again = await post("/api/v1/erc721/mint", body, { "Idempotency-Key": "operation-1" });
    expect(first).toEqual({ status: 200, body: sent(first.body.transactionHash, first.body.operationId), replayed: null });
    expect(again).toEqual({ ...first, replayed: "true" });
    await settledOperation(first.body.operationId);
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient(50)] })).toBe(1n);
    expect(await queryDatabase(service.databaseUrl(), "SELECT count(*)::int AS n FROM tokenhub_app.operations WHERE transaction_id = (SELECT transaction_id FROM tokenhub_app.transaction_attempts WHERE hash = $1)", [first.body.transactionHash])).toEqual([{ n: 1 }]);
  });

  it("an operation is its project's: another project's token, an unknown id and a malformed one are refused", async () => {
    const mint = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: recipient(60) });
    const operationId = mint.body.operationId as string;
    const rival = await fetch(`${service.baseUrl}/api/v1/operations/${operationId}`, { headers: { authorization: `Bearer ${rivalToken}` } });
    const notFound = { success: false, error: `No operation ${operationId} belongs to this project.`, code: "NOT_FOUND" };
    expect({ status: rival.status, body: await rival.json() }).toEqual({ status: 404, body: notFound });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await get(`/api/v1/operations/${unknown}`)).toEqual({ status: 404, body: { ...notFound, error: `No operation ${unknown} belongs to this project.` }, replayed: null });
    expect((await get("/api/v1/operations/not-an-id")).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "operationId", message: "must be an operation id (UUID)" }] });
    await settledOperation(operationId);
  });

  it("writes that send nothing of their own: a permit, a repeated revocation or account creation, a metadata write", async () => {
    const permit = await post("/api/v1/erc721/permit", { chainId: 31337, contractAddress: club, recipientAddress: recipient(70) });
    expect(permit.body.operationId).toMatch(UUID);
    expect(await settledOperation(permit.body.operationId)).toEqual(operation(permit.body.operationId, "erc721.permit", null, []));
    // Two revocations: the second answers the first's transaction, each with its own operation naming it.
    const revocations = [await groupos("DELETE", `/api/v1/permits/${permit.body.permitId}`), await groupos("DELETE", `/api/v1/permits/${permit.body.permitId}`)];
    const [hash] = revocations.map((answer) => answer.body.transactionHash as string);
    for (const answer of revocations) expect(answer).toEqual({ status: 200, body: { ...sent(hash!, answer.body.operationId), permitId: permit.body.permitId }, replayed: null });
    expect(revocations[0]!.body.operationId).not.toBe(revocations[1]!.body.operationId);
    for (const answer of revocations) expect(await settledOperation(answer.body.operationId)).toEqual(operation(answer.body.operationId, "permit.revoke", hash!, []));

    // A second account creation while the first is pending sends nothing: it answers the first's transaction.
    const nft = { chainId: 31337, contractAddress: club, tokenId: "1" };
    await chain.client.setAutomine(false);
    let accounts: Answer[];
    try {
      accounts = [await post("/api/v1/erc6551/create", { nft }), await post("/api/v1/erc6551/create", { nft })];
      await chain.client.mine({ blocks: 1 });
    } finally {
      await chain.client.setAutomine(true);
    }
    const [created, repeated] = accounts;
    expect(created!.body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    for (const answer of accounts) {
      expect(answer).toEqual({
        status: 200,
        body: { accountAddress: created!.body.accountAddress, ...sent(created!.body.transactionHash, answer.body.operationId) },
        replayed: null,
      });
    }
    expect(repeated!.body.operationId).not.toBe(created!.body.operationId);
    for (const answer of accounts) expect(await settledOperation(answer.body.operationId)).toEqual(operation(answer.body.operationId, "erc6551.create", created!.body.transactionHash, []));
    expect(await chain.client.getCode({ address: created!.body.accountAddress })).toMatch(/^0x[0-9a-f]+$/);

    // The first metadata write to a collection sends its announcement at once: that request's operation.
    const written = await groupos("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: items, metadata: { description: "Gear" } });
    expect(written).toEqual({ status: 200, body: sent(written.body.transactionHash, written.body.operationId), replayed: null });
    expect(await settledOperation(written.body.operationId)).toEqual(operation(written.body.operationId, "metadata.propagate", written.body.transactionHash, []));
  });

  it("follows its transaction when it is sent again at a fresh nonce: another transaction took its nonce on the new branch", async () => {
    const mint = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: recipient(80) });
    const first = await settledOperation(mint.body.operationId);
    const ours = await chain.client.getTransaction({ hash: mint.body.transactionHash as Hex });
    // The same key, elsewhere: a plain transfer at our nonce, in the block that replaces ours.
    const signer = localSignerAccount(service.dataDir);
    const theirs = await signer.signTransaction({ chainId: 31337, type: "eip1559", nonce: ours.nonce, to: signer.address, value: 0n, gas: 21_000n, maxFeePerGas: ours.maxFeePerGas! * 2n, maxPriorityFeePerGas: ours.maxPriorityFeePerGas! });
    const depth = Number((await chain.client.getBlockNumber()) - ours.blockNumber!) + 1;
    await rpc("anvil_reorg", [depth, [[theirs, 0]]]);
    await waitFor(async () => (await get(`/api/v1/operations/${mint.body.operationId}`)).body.status === "pending", { timeoutMs: 30_000 });
    // Once the block holding theirs is final, the call is signed again at a fresh nonce, under a new hash.
    await chain.client.mine({ blocks: 2 });
    const again = await waitFor(
      async () => {
        const body = (await get(`/api/v1/operations/${mint.body.operationId}`)).body;
        return body.status === "success" && body.transactionHash !== mint.body.transactionHash && body;
      },
      { timeoutMs: 30_000 },
    );
    const tokenId = again.minted[0]?.tokenId as string;
    expect(again).toEqual(operation(mint.body.operationId, "erc721.mint", again.transactionHash, [{ contractAddress: club, recipientAddress: recipient(80), tokenId, amount: "1", amountRaw: "1" }]));
    expect(first.transactionHash).toBe(mint.body.transactionHash);
    expect((await chain.client.getTransaction({ hash: again.transactionHash })).nonce).toBeGreaterThan(ours.nonce);
    expect((await get(`/api/v1/transactions/${mint.body.transactionHash}`)).body).toMatchObject({ transactionHash: again.transactionHash, previousHashes: [mint.body.transactionHash] });
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [BigInt(tokenId)] })).toBe(recipient(80));
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient(80)] })).toBe(1n);
  });
});
