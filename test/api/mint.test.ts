import { type Address, decodeFunctionData, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { requestFingerprint } from "../../server/services/projects/idempotency.js";
import { chainClient, createCollectionOnChain, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let chain: ChainClient;
let signer: Address;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const BOB = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");

type Response = { status: number; body: Record<string, unknown> };

async function post(path: string, body: unknown, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${options.token ?? service.adminToken}`, ...options.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(path: string): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function create(kind: "erc20" | "erc721" | "erc1155", body: Record<string, unknown>): Promise<Address> {
  const response = await post(`/api/v1/${kind}/create`, { chainId: 31337, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.contractAddress as Address;
}

async function settled(hash: string) {
  return await waitFor(async () => {
    const response = await get(`/api/v1/transactions/${hash}`);
    return response.body.status !== "pending" ? response.body : undefined;
  });
}

const signerNonce = () => chain.client.getTransactionCount({ address: signer, blockTag: "pending" });

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_MAX_BATCH_SIZE: "3" } });
  const [local] = service.runtime().chains;
  chain = chainClient(local!.rpcUrl[0]!);
});

afterAll(async () => {
  await service?.destroy();
});

describe("collections and mints through the API", () => {
  it("creates an ERC-721 collection owned by the project, indexed without a restart, and mints on it", async () => {
    const collection = await create("erc721", { name: "Club", symbol: "CLB" });
    const creation = await queryDatabase<{ transaction_hash: Hex; project: string }>(
      service.databaseUrl(),
      "SELECT c.transaction_hash, p.name AS project FROM tokenhub_app.project_collections c JOIN tokenhub_app.projects p ON p.id = c.project_id WHERE c.address = $1",
      [collection],
    );
    expect(creation).toEqual([{ transaction_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), project: "default" }]);
    const receipt = await chain.client.getTransactionReceipt({ hash: creation[0]!.transaction_hash });
    signer = getAddress(receipt.from);

    const mint = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE.toLowerCase() });
    expect(mint.status).toBe(200);
    const hash = mint.body.transactionHash as string;
    expect(mint.body).toEqual({
      success: true,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`,
      operationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const done = await settled(hash);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })).toBe(ALICE);
    const onChain = await chain.client.getTransactionReceipt({ hash: hash as Hex });
    expect(done).toEqual({
      success: true,
      chainId: 31337,
      transactionHash: hash,
      status: "success",
      blockNumber: onChain.blockNumber.toString(),
      blockHash: onChain.blockHash,
      confirmations: expect.any(Number),
      // The local chain's finality is 0 confirmations: final once mined.
      finalized: true,
      reorgedFrom: null,
      gasUsed: onChain.gasUsed.toString(),
      fee: expect.stringMatching(/^0\.\d+$/),
      previousHashes: [],
      purpose: "erc721.mint",
      failureReason: null,
      minted: [{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }],
      // Answered from the receipt pass's records: when it last checked the transaction.
      checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    await waitFor(async () => {
      const indexed = await get("/api/v1/collections?chainId=31337");
      return (indexed.body.collections as { contractAddress: string }[]).some((item) => item.contractAddress === collection);
    });
  });

  it("mints ERC-20 amounts scaled by the token's decimals, never rounded", async () => {
    const coin = await create("erc20", { name: "Points", symbol: "PTS", decimals: 6 });
    const mint = await post("/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: BOB, amount: "1.5" });
    expect(mint.status).toBe(200);
    const done = await settled(mint.body.transactionHash as string);
    expect(done.minted).toEqual([{ contractAddress: coin, recipientAddress: BOB, tokenId: null, amount: "1.5", amountRaw: "1500000" }]);
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [BOB] })).toBe(1_500_000n);

    const before = await signerNonce();
    const tooPrecise = await post("/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: BOB, amount: "0.0000001" });
    expect(tooPrecise).toEqual({
      status: 400,
      body: { success: false, error: "The amount has more decimal places than the token's 6.", code: "VALIDATION_ERROR", details: [{ path: "amount", message: "at most 6 decimal places" }] },
    });
    expect(await signerNonce()).toBe(before);
  });

  it("creates ERC-1155 token types, mints one and a whole batch in one transaction, refuses unknown types and oversized batches", async () => {
    const items = await create("erc1155", { name: "Items", symbol: "ITM" });
    const first = await post("/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Sword" } });
    const second = await post("/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Shield" } });
    const operationId = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect([first.body, second.body]).toEqual([{ success: true, tokenId: "1", operationId }, { success: true, tokenId: "2", operationId }]);

    const single = await post("/api/v1/erc1155/mint", { chainId: 31337, contractAddress: items, recipientAddress: ALICE, tokenId: "1", amount: 5 });
    expect(single.status).toBe(200);
    await settled(single.body.transactionHash as string);
    const batch = await post("/api/v1/erc1155/batchMint", {
      chainId: 31337,
      contractAddress: items,
      mints: [
        { recipientAddress: ALICE, tokenId: "1", amount: "2" },
        { recipientAddress: BOB, tokenId: "2", amount: "7" },
      ],
    });
    expect(batch.status).toBe(200);
    const done = await settled(batch.body.transactionHash as string);
    expect(done.minted).toEqual([
      { contractAddress: items, recipientAddress: ALICE, tokenId: "1", amount: "2", amountRaw: "2" },
      { contractAddress: items, recipientAddress: BOB, tokenId: "2", amount: "7", amountRaw: "7" },
    ]);
    const balances = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOfBatch", args: [[ALICE, BOB], [1n, 2n]] });
    expect(balances).toEqual([7n, 7n]);

    const before = await signerNonce();
    const unknown = await post("/api/v1/erc1155/mint", { chainId: 31337, contractAddress: items, recipientAddress: ALICE, tokenId: "9", amount: "1" });
    expect(unknown).toEqual({
      status: 404,
      body: { success: false, error: `Token type 9 does not exist in ${items}; create it first with POST /api/v1/erc1155/tokens/create.`, code: "NOT_FOUND" },
    });
    const mint = { recipientAddress: ALICE, tokenId: "1", amount: "1" };
    const oversized = await post("/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: items, mints: [mint, mint, mint, mint] });
    expect(oversized).toEqual({
      status: 400,
      body: { success: false, error: "A batch holds at most 3 mints (got 4).", code: "VALIDATION_ERROR", details: [{ path: "mints", message: "at most 3 items" }] },
    });
    const empty = await post("/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: items, mints: [] });
    expect(empty.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "mints", message: "must hold at least one mint" }] });
    expect(await signerNonce()).toBe(before);
  });

  it("answers a mint the chain would refuse with 422 and the reason, spending no nonce", async () => {
    const [outsider] = chain.accounts;
    // A contract the service signer holds no role on, claimed by the project as an import would.
    const { address: foreign } = await createCollectionOnChain(chain, service.runtime().chains[0]!.core.tokenFactory, "erc721", { name: "Foreign", symbol: "FRN" });
    const [project] = await queryDatabase<{ id: string }>(service.databaseUrl(), "SELECT id FROM tokenhub_app.projects WHERE name = 'default'");
    await queryDatabase(
      service.databaseUrl(),
      "INSERT INTO tokenhub_app.project_collections (chain_id, address, project_id, kind, source, name, symbol) VALUES (31337, $1, $2, 'erc721', 'imported', 'Foreign', 'FRN')",
      [foreign, project!.id],
    );
    const before = await signerNonce();
    const refused = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: foreign, recipientAddress: ALICE });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: "CHAIN_REJECTED" });
    expect(refused.body.error).toContain("AccessControlUnauthorizedAccount");
    expect(refused.body.error).toContain(signer);
    expect(outsider).toBeDefined();
    expect(await signerNonce()).toBe(before);
  });

  it("refuses malformed bodies and other projects' contracts with 4xx and details, sending nothing", async () => {
    const collection = await create("erc721", { name: "Guarded", symbol: "GRD" });
    const coin = await create("erc20", { name: "Guarded", symbol: "GRD", decimals: 18 });
    const before = await signerNonce();
    const cases: [string, unknown, { path: string; message: string }[]][] = [
      ["/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection }, [{ path: "recipientAddress", message: "is required" }]],
      ["/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: "0x976EA74026E726554dB657fA54763abd0C3a0aA9" }, [{ path: "recipientAddress", message: "fails its EIP-55 checksum" }]],
      ["/api/v1/erc721/mint", { chainId: "x", contractAddress: "0x12", recipientAddress: ALICE }, [
        { path: "chainId", message: "must be an integer of at least 1" },
        { path: "contractAddress", message: "must be a 0x-prefixed 20-byte hex address" },
      ]],
      ["/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: ALICE, amount: "-1" }, [{ path: "amount", message: "must be a positive decimal number like 10 or 1.5 (no sign or exponent)" }]],
      ["/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: ALICE, amount: "1e18" }, [{ path: "amount", message: "must be a positive decimal number like 10 or 1.5 (no sign or exponent)" }]],
      ["/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: ALICE, amount: true }, [{ path: "amount", message: "must be a decimal string or a number" }]],
      ["/api/v1/erc1155/mint", { chainId: 31337, contractAddress: coin, recipientAddress: ALICE, tokenId: "1.5", amount: "1" }, [{ path: "tokenId", message: "must be a non-negative integer in decimal digits (no sign, fraction or exponent)" }]],
      ["/api/v1/erc1155/mint", { chainId: 31337, contractAddress: coin, recipientAddress: ALICE, tokenId: "1", amount: (2n ** 256n).toString() }, [{ path: "amount", message: "exceeds the uint256 range" }]],
    ];
    for (const [path, body, details] of cases) {
      const response = await post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details, JSON.stringify(body)).toEqual(details);
    }
    const overflow = await post("/api/v1/erc20/mint", { chainId: 31337, contractAddress: coin, recipientAddress: ALICE, amount: (2n ** 256n).toString() });
    expect(overflow.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "amount", message: "exceeds the uint256 range" }] });

    const other = await service.cli(["project", "create", "rival"]);
    expect(other.code, other.stderr).toBe(0);
    const issued = await service.cli(["token", "create", "--project", "rival", "--scopes", "mint"]);
    const rivalToken = issued.stdout.trim().split("\n").at(-1)!.trim();
    const stolen = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE }, { token: rivalToken });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    expect(await signerNonce()).toBe(before);
  });

  it("refuses the zero address as any mint's or permit's recipient with 400, recording and sending nothing", async () => {
    const collection = await create("erc721", { name: "Nowhere", symbol: "NWH" });
    const coin = await create("erc20", { name: "Nowhere", symbol: "NWH", decimals: 18 });
    const items = await create("erc1155", { name: "Nowhere", symbol: "NWH" });
    expect((await post("/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items })).status).toBe(200);
    const zero = "0x0000000000000000000000000000000000000000";
    const records = async () =>
      await queryDatabase(
        service.databaseUrl(),
        "SELECT (SELECT count(*) FROM tokenhub_app.transactions)::int AS transactions, (SELECT count(*) FROM tokenhub_app.operations)::int AS operations, (SELECT count(*) FROM tokenhub_app.permits)::int AS permits",
      );
    const recordedBefore = await records();
    const nonceBefore = await signerNonce();
    const refused = (path: string) => ({
      status: 400,
      body: { success: false, error: `Invalid body: ${path}: may not be the zero address.`, code: "VALIDATION_ERROR", details: [{ path, message: "may not be the zero address" }] },
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/v1/erc721/mint", { contractAddress: collection, recipientAddress: zero }, "recipientAddress"],
      ["/api/v1/erc20/mint", { contractAddress: coin, recipientAddress: zero, amount: "1" }, "recipientAddress"],
      ["/api/v1/erc1155/mint", { contractAddress: items, recipientAddress: zero, tokenId: "1", amount: "1" }, "recipientAddress"],
      ["/api/v1/erc1155/batchMint", { contractAddress: items, mints: [{ recipientAddress: ALICE, tokenId: "1", amount: "1" }, { recipientAddress: zero, tokenId: "1", amount: "1" }] }, "mints.1.recipientAddress"],
      ["/api/v1/erc721/permit", { contractAddress: collection, recipientAddress: zero }, "recipientAddress"],
      ["/api/v1/erc20/permit", { contractAddress: coin, recipientAddress: zero, amount: "1" }, "recipientAddress"],
      ["/api/v1/erc1155/permit", { contractAddress: items, recipientAddress: zero, tokenId: "1", amount: "1" }, "recipientAddress"],
    ];
    for (const [path, body, field] of cases) expect(await post(path, { chainId: 31337, ...body }), path).toEqual(refused(field));
    expect(await records()).toEqual(recordedBefore);
    expect(await signerNonce()).toBe(nonceBefore);
  });

  it("mints 500 concurrent requests exactly once each, joined into transactions on contiguous nonces, and replays duplicates", async () => {
    const collection = await create("erc721", { name: "Crowd", symbol: "CRD" });
    const start = await signerNonce();
    const requests = Array.from({ length: 500 }, (_, index) => ({ key: `crowd-${index}` }));
    const responses = await Promise.all(
      requests.flatMap(({ key }) =>
        [0, 1].map(() => post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: BOB }, { headers: { "idempotency-key": key } })),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    for (let index = 0; index < responses.length; index += 2) expect(responses[index]!.body).toEqual(responses[index + 1]!.body);
    // Mints that arrive together share a multicall transaction: fewer transactions than mints, at most 50 mints each.
    const hashes = new Set(responses.map((response) => response.body.transactionHash as Hex));
    expect(hashes.size).toBeLessThan(500);
    expect(hashes.size).toBeGreaterThanOrEqual(10);

    await waitFor(async () => (await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })) === 500n, { timeoutMs: 30_000 });
    const transactions = await Promise.all([...hashes].map((hash) => chain.client.getTransaction({ hash })));
    const nonces = transactions.map((transaction) => transaction.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: hashes.size }, (_, index) => start + index));
    expect(await signerNonce()).toBe(start + hashes.size);
    // Each transaction minted exactly as many tokens as requests were answered with its hash.
    const answeredPerHash = new Map<Hex, number>();
    for (let index = 0; index < responses.length; index += 2) {
      const hash = responses[index]!.body.transactionHash as Hex;
      answeredPerHash.set(hash, (answeredPerHash.get(hash) ?? 0) + 1);
    }
    const receipts = await Promise.all([...hashes].map((hash) => chain.client.getTransactionReceipt({ hash })));
    expect(receipts.map((receipt) => [receipt.transactionHash, receipt.status, receipt.logs.filter((log) => getAddress(log.address) === collection).length])).toEqual(
      receipts.map((receipt) => [receipt.transactionHash, "success", answeredPerHash.get(receipt.transactionHash)]),
    );
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [BOB] })).toBe(500n);
  });

  it("gives each of the mints joined into one transaction its own metadata, recipient and idempotency key", async () => {
    const collection = await create("erc721", { name: "Joined", symbol: "JND" });
    const recipient = (index: number) => getAddress(`0x${(0x5000 + index).toString(16).padStart(40, "0")}`);
    const mint = (index: number) => ({ chainId: 31337, contractAddress: collection, recipientAddress: recipient(index), metadata: { name: `Joined ${index}` } });
    const responses = await Promise.all(Array.from({ length: 40 }, (_, index) => post("/api/v1/erc721/mint", mint(index), { headers: { "idempotency-key": `joined-${index}` } })));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    const hashes = [...new Set(responses.map((response) => response.body.transactionHash as string))];
    expect(hashes.length).toBeLessThan(40);
    for (const hash of hashes) await settled(hash);
    // Joined mints are one mintToMany call (the collection's batch mint), in the order of the calls they carry.
    for (const hash of hashes) {
      const carried = responses.flatMap((response, index) => (response.body.transactionHash === hash ? [recipient(index)] : []));
      const { functionName, args } = decodeFunctionData({ abi: tokenHubERC721Abi, data: (await chain.client.getTransaction({ hash: hash as Hex })).input });
      expect(functionName).toBe(carried.length === 1 ? "mintTo" : "mintToMany");
      expect(functionName === "mintTo" ? [args[0]] : [...(args[0] as Address[])].sort()).toEqual(carried.sort());
    }

    // The i-th token of a joined transaction is its i-th call's: each recipient's token carries that request's metadata.
    const rows = await waitFor(async () => {
      const found = await queryDatabase<{ token_id: string; name: string }>(
        service.databaseUrl(),
        "SELECT token_id::text, metadata ->> 'name' AS name FROM tokenhub_app.token_metadata WHERE address = $1",
        [collection.toLowerCase()],
      );
      return found.length === 40 ? found : undefined;
    });
    const owners = await Promise.all(rows.map((row) => chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [BigInt(row.token_id)] })));
    expect(rows.map((row, index) => [row.name, owners[index]])).toEqual(rows.map((row) => [row.name, recipient(Number(row.name.replace("Joined ", "")))]));

    // A repeat is answered from the first response, whichever transaction it joined.
    const replay = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}`, "idempotency-key": "joined-7" },
      body: JSON.stringify(mint(7)),
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(responses[7]!.body);
    // A request that died after its joined transaction was sent is found by its key inside that transaction.
    await queryDatabase(
      service.databaseUrl(),
      "UPDATE tokenhub_app.idempotency_keys SET state = 'in_progress', response_status = NULL, response_body = NULL, created_at = now() - interval '10 minutes' WHERE key = 'joined-9'",
    );
    const interrupted = await post("/api/v1/erc721/mint", mint(9), { headers: { "idempotency-key": "joined-9" } });
    expect(interrupted.status).toBe(409);
    expect(interrupted.body.error).toContain(`it sent transaction ${responses[9]!.body.transactionHash as string};`);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(40n);
  });

  it("keeps an ERC-721 mint's metadata for the token it minted, once the receipt tells its id", async () => {
    const collection = await create("erc721", { name: "Described", symbol: "DSC" });
    const plain = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
    const described = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE, metadata: { name: "Gold", traits: [{ name: "tier", value: 1 }] } });
    await settled(plain.body.transactionHash as string);
    const done = await settled(described.body.transactionHash as string);
    const tokenId = (done.minted as { tokenId: string }[])[0]!.tokenId;
    const rows = await waitFor(async () => {
      const found = await queryDatabase(service.databaseUrl(), "SELECT token_id::text, metadata FROM tokenhub_app.token_metadata WHERE address = $1", [collection.toLowerCase()]);
      return found.length > 0 ? found : undefined;
    });
    // Stored validated, under the OpenSea names the reads serve.
    expect(rows).toEqual([{ token_id: tokenId, metadata: { name: "Gold", attributes: [{ trait_type: "tier", value: 1 }] } }]);
  });

  it("answers a repeat of a request that died mid-way without minting twice", async () => {
    const collection = await create("erc721", { name: "Interrupted", symbol: "INT" });
    const mint = { chainId: 31337, contractAddress: collection, recipientAddress: ALICE };
    const first = await post("/api/v1/erc721/mint", mint, { headers: { "idempotency-key": "died-after-send" } });
    await settled(first.body.transactionHash as string);
    // What a crash between sending and recording the answer leaves behind: the key still in progress, long ago.
    const interrupt = (key: string) =>
      queryDatabase(
        service.databaseUrl(),
        "UPDATE tokenhub_app.idempotency_keys SET state = 'in_progress', response_status = NULL, response_body = NULL, created_at = now() - interval '10 minutes' WHERE key = $1",
        [key],
      );
    await interrupt("died-after-send");
    const repeat = await post("/api/v1/erc721/mint", mint, { headers: { "idempotency-key": "died-after-send" } });
    const hash = first.body.transactionHash as string;
    expect(repeat).toEqual({
      status: 409,
      body: {
        success: false,
        error: `The first request with this Idempotency-Key was interrupted after it sent transaction ${hash}; follow it with GET /api/v1/transactions/${hash} instead of sending again.`,
        code: "CONFLICT",
      },
    });
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(1n);

    // A request that died before sending anything: its key is freed and the repeat does the work.
    const [project] = await queryDatabase<{ id: string }>(service.databaseUrl(), "SELECT id FROM tokenhub_app.projects WHERE name = 'default'");
    await queryDatabase(
      service.databaseUrl(),
      "INSERT INTO tokenhub_app.idempotency_keys (project_id, key, request_hash, state, created_at) VALUES ($1, 'died-before-send', $2, 'in_progress', now() - interval '10 minutes')",
      [project!.id, requestFingerprint("POST", "/api/v1/erc721/mint", JSON.stringify(mint))],
    );
    const late = await post("/api/v1/erc721/mint", mint, { headers: { "idempotency-key": "died-before-send" } });
    expect(late.status).toBe(200);
    await settled(late.body.transactionHash as string);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(2n);
  });
});
