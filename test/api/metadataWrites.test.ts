import { type Abi, type Address, getAddress, type Hex, maxUint256, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const WINDOW_MS = 5000;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const BOB = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");

let service: TestService;
let chain: ChainClient;
let otherToken: string;

type Response = { status: number; body: Record<string, unknown> };

async function call(method: "GET" | "POST" | "PUT", path: string, body?: unknown, token?: string): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token ?? service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function ok(method: "POST" | "PUT", path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await call(method, path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function settled(hash: string) {
  return await waitFor(async () => {
    const response = await call("GET", `/api/v1/transactions/${hash}`);
    return response.body.status !== "pending" ? response.body : undefined;
  });
}

async function create(kind: "erc20" | "erc721" | "erc1155", name: string, extra: Record<string, unknown> = {}): Promise<Address> {
  return (await ok("POST", `/api/v1/${kind}/create`, { chainId: 31337, name, symbol: name.slice(0, 3).toUpperCase(), ...extra })).contractAddress as Address;
}

/** Mints ERC-721 tokens 1..n in order, the first with `firstMetadata`; resolves once all are mined. */
async function mint721(collection: Address, recipients: Address[], firstMetadata?: unknown) {
  let last = "";
  for (const [index, recipientAddress] of recipients.entries()) {
    const body = { chainId: 31337, contractAddress: collection, recipientAddress, ...(index === 0 && firstMetadata ? { metadata: firstMetadata } : {}) };
    last = (await ok("POST", "/api/v1/erc721/mint", body)).transactionHash as string;
  }
  expect((await settled(last)).status).toBe("success");
}

/** A token's public metadata, once the index has the token (the route answers 404 until then). */
async function publicMetadata(collection: Address, tokenId: string): Promise<unknown> {
  return waitFor(
    async () => {
      const response = await fetch(`${service.baseUrl}/metadata/31337/${collection}/${tokenId}`);
      return response.status === 200 && ((await response.json()) as unknown);
    },
    { timeoutMs: 30_000, message: () => `token ${tokenId} of ${collection} was never indexed` },
  );
}

/** The metadata events a transaction emitted from `collection`, decoded from its receipt. */
async function metadataEvents(hash: Hex, collection: Address, abi: Abi = tokenHubERC1155Abi) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  expect(receipt.status).toBe("success");
  return parseEventLogs({ abi, logs: receipt.logs })
    .filter((log) => getAddress(log.address) === collection && ["MetadataUpdate", "BatchMetadataUpdate", "URI", "ContractURIUpdated"].includes(log.eventName))
    .map((log) => ({ eventName: log.eventName, args: log.args }));
}

const WHOLE_COLLECTION = [
  { eventName: "BatchMetadataUpdate", args: { _fromTokenId: 0n, _toTokenId: maxUint256 } },
  { eventName: "ContractURIUpdated", args: undefined },
];

/** Transactions that emitted an event of `eventName` from `collection`, with the events' arguments. */
async function emitted(collection: Address, eventName: "MetadataUpdate" | "BatchMetadataUpdate") {
  const logs = await chain.client.getContractEvents({ address: collection, abi: tokenHubERC721Abi, eventName, fromBlock: 0n });
  return logs.map((log) => ({ hash: log.transactionHash, args: log.args as Record<string, bigint> }));
}

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_METADATA_PROPAGATION_WINDOW_MS: String(WINDOW_MS) } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  expect((await service.cli(["project", "create", "other"])).code).toBe(0);
  const issued = await service.cli(["token", "create", "--project", "other", "--scopes", "read,metadata,mint"]);
  otherToken = issued.stdout.trim().split("\n").at(-1)!.trim();
});

afterAll(async () => {
  await service?.destroy();
});

describe("effective metadata after writes", () => {
  const DEFAULTS = { description: "Members", mediaUrl: "https://media.example/pass.png", traits: [{ name: "tier", value: "basic" }] };
  let club: Address;

  /** Collection defaults, then the collection update, then each token's own fields, field by field. */
  function expected(tokenId: bigint) {
    const base = { name: `Club #${tokenId}`, description: "Members of the club", image: DEFAULTS.mediaUrl, external_url: "https://club.example", attributes: [{ trait_type: "tier", value: "basic" }] };
    if (tokenId === 1n) return { ...base, description: "The first member" };
    if (tokenId === 2n) return { ...base, name: "Gold pass", image: "ipfs://bafygold", attributes: [{ trait_type: "tier", value: "gold" }, { trait_type: "level", value: 3, display_type: "number" }] };
    return base;
  }

  beforeAll(async () => {
    club = await create("erc721", "Club", { defaultMetadata: DEFAULTS });
    await mint721(club, [ALICE, BOB, BOB], { name: "Founder" });
    await ok("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: club, metadata: { description: "Members of the club", externalUrl: "https://club.example" } });
    await ok("PUT", "/api/v1/nft/tokenMetadata", {
      chainId: 31337,
      contractAddress: club,
      tokenId: "2",
      metadata: { name: "Gold pass", image: "ipfs://bafygold", attributes: [{ trait_type: "tier", value: "gold" }, { trait_type: "level", value: 3, display_type: "number" }] },
    });
    // Token 1's mint gave it a name; null gives it back to the collection, the description is its own.
    await waitFor(async () => ((await call("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=1`)).body.metadata as { name: string } | undefined)?.name === "Founder");
    await ok("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: club, tokenId: 1, metadata: { name: null, description: "The first member" } });
    await waitFor(async () => ((await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}`)).body.tokens as unknown[] | undefined)?.length === 3);
  });

  it("is the same on every read route, and the public JSON is what tokenURI and contractURI point to", async () => {
    const ids = [1n, 2n, 3n];
    const tokens = (await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}`)).body.tokens as { tokenId: string; metadata: unknown }[];
    expect(tokens.map((token) => token.metadata)).toEqual(ids.map(expected));

    const owners = (await call("GET", `/api/v1/erc721/owners?chainId=31337&contractAddress=${club}`)).body.owners as { tokens: { tokenId: string; metadata: unknown }[] }[];
    const ownedTokens = owners.flatMap((owner) => owner.tokens).sort((a, b) => Number(a.tokenId) - Number(b.tokenId));
    expect(ownedTokens).toEqual(ids.map((id) => ({ tokenId: id.toString(), metadata: expected(id) })));

    const holders = (await call("GET", `/api/holders?contractAddresses=${club}`)).body.holders as { collections: { nfts: Record<string, unknown>[] }[] }[];
    const nfts = holders.flatMap((holder) => holder.collections.flatMap((collection) => collection.nfts)).sort((a, b) => Number(a.tokenId) - Number(b.tokenId));
    expect(nfts.map(({ tokenId, name, description, mediaUrl, externalUrl, traits }) => ({ tokenId, name, description, mediaUrl, externalUrl, traits }))).toEqual(
      ids.map((id) => {
        const metadata = expected(id);
        return {
          tokenId: id.toString(),
          name: metadata.name,
          description: metadata.description,
          mediaUrl: metadata.image,
          externalUrl: metadata.external_url,
          traits: metadata.attributes.map((attribute) => ({ name: attribute.trait_type, value: attribute.value })),
        };
      }),
    );

    for (const id of ids) {
      expect((await call("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=${id}`)).body).toEqual({ success: true, ...expected(id), metadata: expected(id), metadataStatus: { source: "tokenhub" } });
      const tokenUri = await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "tokenURI", args: [id] });
      const fetched = await fetch(tokenUri);
      expect(fetched.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      expect(fetched.headers.get("cache-control")).toBe("public, max-age=60");
      expect(await fetched.json()).toEqual(expected(id));
    }
    const contractUri = await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "contractURI" });
    expect(await (await fetch(contractUri)).json()).toEqual({ name: "Club", description: "Members of the club", image: DEFAULTS.mediaUrl, external_link: "https://club.example" });
  });

  it("serves ERC-1155 token types the same way: type metadata from creation, updates, collection defaults", async () => {
    const items = await create("erc1155", "Items", { defaultMetadata: { description: "Game items", mediaUrl: "https://media.example/item.png" } });
    expect((await ok("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Sword", traits: [{ name: "damage", value: 5 }] } })).tokenId).toBe("1");
    expect((await settled((await ok("POST", "/api/v1/erc1155/mint", { chainId: 31337, contractAddress: items, recipientAddress: ALICE, tokenId: "1", amount: "2" })).transactionHash as string)).status).toBe("success");
    await ok("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: items, tokenId: "1", metadata: { description: "A sharp sword" } });
    const sword = { name: "Sword", description: "A sharp sword", image: "https://media.example/item.png", attributes: [{ trait_type: "damage", value: 5 }] };

    expect((await call("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${items}&tokenId=1`)).body).toEqual({ success: true, ...sword, metadata: sword, metadataStatus: { source: "tokenhub" } });
    const uri = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "uri", args: [1n] });
    expect(await (await fetch(uri)).json()).toEqual(sword);
    const holders = await waitFor(async () => {
      const found = (await call("GET", `/api/holders?contractAddresses=${items}`)).body.holders as { collections: { nfts: Record<string, unknown>[] }[] }[];
      return found.length === 1 ? found : undefined;
    });
    expect(holders[0]!.collections[0]!.nfts).toEqual([
      { ownerSince: expect.any(Number), tokenId: "1", name: "Sword", description: "A sharp sword", mediaUrl: "https://media.example/item.png", externalUrl: "", traits: [{ name: "damage", value: 5 }] },
    ]);
  });
});

describe("propagation on chain", () => {
  it("announces a token write with MetadataUpdate, and a collection write within the window in one later transaction", async () => {
    const collection = await create("erc721", "Announced");
    await mint721(collection, [ALICE]);
    const written = await ok("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: collection, tokenId: "1", metadata: { name: "One" } });
    const hash = written.transactionHash as Hex;
    expect(written).toEqual({
      success: true,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`,
      operationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await metadataEvents(hash, collection, tokenHubERC721Abi)).toEqual([{ eventName: "MetadataUpdate", args: { _tokenId: 1n } }]);

    // Inside the window: stored and served at once, announced when the window ends.
    expect(await ok("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: collection, metadata: { description: "Announced later" } })).toEqual({ success: true });
    expect(((await call("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${collection}&tokenId=1`)).body.metadata as { description: string }).description).toBe("Announced later");
    const [later] = await waitFor(async () => {
      const found = await emitted(collection, "BatchMetadataUpdate");
      return found.length > 0 ? found : undefined;
    }, { timeoutMs: WINDOW_MS + 15_000 });
    expect(await metadataEvents(later!.hash, collection, tokenHubERC721Abi)).toEqual(WHOLE_COLLECTION);
  });

  it("announces an ERC-1155 token write with MetadataUpdate and URI, and a collection write with BatchMetadataUpdate and ContractURIUpdated", async () => {
    const items = await create("erc1155", "Gear");
    await ok("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Helmet" } });
    const token = await ok("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: items, tokenId: "1", metadata: { mediaUrl: "https://media.example/helmet.png" } });
    expect(await metadataEvents(token.transactionHash as Hex, items)).toEqual([
      { eventName: "MetadataUpdate", args: { _tokenId: 1n } },
      { eventName: "URI", args: { value: `${service.runtime().publicUrl}/metadata/31337/${items.toLowerCase()}/1`, id: 1n } },
    ]);

    const other = await create("erc1155", "Tools");
    const collection = await ok("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: other, metadata: { name: "Tool", external_url: "https://tools.example" } });
    expect(await metadataEvents(collection.transactionHash as Hex, other)).toEqual(WHOLE_COLLECTION);
  });

  it("refreshes on demand, whatever the window, for one token or the whole collection", async () => {
    const collection = await create("erc721", "Refreshed");
    await mint721(collection, [ALICE, BOB]);
    const one = await ok("POST", "/api/v1/nft/refresh", { chainId: 31337, contractAddress: collection, tokenId: "2" });
    expect(await metadataEvents(one.transactionHash as Hex, collection, tokenHubERC721Abi)).toEqual([{ eventName: "MetadataUpdate", args: { _tokenId: 2n } }]);
    const all = await ok("POST", "/api/v1/nft/refresh", { chainId: 31337, contractAddress: collection });
    expect(all.transactionUrl).toBe(`${service.runtime().publicUrl}/api/v1/transactions/${all.transactionHash as string}`);
    expect(await metadataEvents(all.transactionHash as Hex, collection, tokenHubERC721Abi)).toEqual(WHOLE_COLLECTION);
  });

  it("sends at most two transactions for ten writes to one collection in a burst, announcing every token", async () => {
    const collection = await create("erc721", "Burst");
    const ids = Array.from({ length: 10 }, (_, index) => index + 1);
    await mint721(collection, ids.map(() => ALICE));
    const responses = await Promise.all(
      ids.map((id) => ok("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: collection, tokenId: String(id), metadata: { name: `Burst ${id}` } })),
    );
    const announced = await waitFor(async () => {
      const found = await emitted(collection, "MetadataUpdate");
      return found.length >= ids.length ? found : undefined;
    }, { timeoutMs: WINDOW_MS + 15_000 });
    expect(announced.map((event) => Number(event.args._tokenId)).sort((a, b) => a - b)).toEqual(ids);
    const transactions = new Set(announced.map((event) => event.hash));
    expect(transactions.size).toBeLessThanOrEqual(2);
    const answered = responses.flatMap((response) => (response.transactionHash === undefined ? [] : [response.transactionHash]));
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const hash of answered) expect(transactions.has(hash as Hex)).toBe(true);
    for (const hash of transactions) {
      expect(((await call("GET", `/api/v1/transactions/${hash}`)).body as { purpose: string }).purpose).toBe("metadata.propagate");
    }
  });
});

describe("who may write what", () => {
  it("answers 404 to another project's token on every metadata write, and changes nothing", async () => {
    const collection = await create("erc721", "Guarded", { defaultMetadata: { description: "Ours" } });
    await mint721(collection, [ALICE]);
    const before = await publicMetadata(collection, "1");
    const notOurs = {
      status: 404,
      body: {
        success: false,
        error: `No ERC-721 or ERC-1155 collection ${collection} on chain 31337 belongs to this project. Create one with POST /api/v1/erc721/create or /api/v1/erc1155/create, or import it with 'tokenhub contract import'.`,
        code: "NOT_FOUND",
      },
    };
    expect(await call("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: collection, metadata: { description: "Theirs" } }, otherToken)).toEqual(notOurs);
    expect(await call("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: collection, tokenId: "1", metadata: { name: "Theirs" } }, otherToken)).toEqual(notOurs);
    expect(await call("POST", "/api/v1/nft/refresh", { chainId: 31337, contractAddress: collection }, otherToken)).toEqual(notOurs);
    expect(await publicMetadata(collection, "1")).toEqual(before);
    expect(before).toEqual({ name: "Guarded #1", description: "Ours", image: "", attributes: [] });
    expect(await emitted(collection, "MetadataUpdate")).toEqual([]);
    expect(await emitted(collection, "BatchMetadataUpdate")).toEqual([]);
  });

  it("refuses bad metadata, unknown tokens and ERC-20 contracts with a clear 4xx that sends nothing", async () => {
    const collection = await create("erc721", "Strict");
    await mint721(collection, [ALICE]);
    const coin = await create("erc20", "Coin");
    const put = (path: string, body: Record<string, unknown>) => call("PUT", path, { chainId: 31337, contractAddress: collection, ...body });

    expect(await put("/api/v1/nft/tokenMetadata", { tokenId: "1", metadata: { mediaUrl: "https://a.example/1.png", image: "https://a.example/2.png" } })).toEqual({
      status: 400,
      body: { success: false, error: "Invalid body: metadata.image: give either mediaUrl or image, not both.", code: "VALIDATION_ERROR", details: [{ path: "metadata.image", message: "give either mediaUrl or image, not both" }] },
    });
    expect(await put("/api/v1/nft/collectionMetadata", { metadata: { traits: [{ name: "tier" }] } })).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Invalid body: metadata.traits.0.value: must be a string or a number.",
        code: "VALIDATION_ERROR",
        details: [{ path: "metadata.traits.0.value", message: "must be a string or a number" }],
      },
    });
    expect((await put("/api/v1/nft/collectionMetadata", { metadata: {} })).body.error).toBe("Invalid body: metadata: sets no field.");
    expect((await put("/api/v1/nft/tokenMetadata", { tokenId: "1", metadata: { externalUrl: "file:///etc/passwd" } })).body.error).toBe(
      "Invalid body: metadata.externalUrl: must be an http(s), ipfs, ar or data URL.",
    );
    expect(await put("/api/v1/nft/tokenMetadata", { tokenId: "9", metadata: { name: "Nine" } })).toEqual({
      status: 404,
      body: { success: false, error: `Token 9 of ${collection} does not exist.`, code: "NOT_FOUND" },
    });
    expect((await call("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: coin, metadata: { name: "Coin" } })).status).toBe(404);
    expect((await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE, metadata: { name: ["x"] } })).body).toEqual({
      success: false,
      error: "Invalid body: metadata.name: must be a string.",
      code: "VALIDATION_ERROR",
      details: [{ path: "metadata.name", message: "must be a string" }],
    });
    expect((await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Bad", symbol: "BAD", defaultMetadata: { mediaUrl: "not a url" } })).status).toBe(400);
    expect(await emitted(collection, "MetadataUpdate")).toEqual([]);
    expect(await emitted(collection, "BatchMetadataUpdate")).toEqual([]);
    expect(await publicMetadata(collection, "1")).toEqual({ name: "Strict #1", description: "", image: "", attributes: [] });
  });
});
