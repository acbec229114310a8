import http from "node:http";
import { type Address, getAddress, type Hex } from "viem";
import type { LocalAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Requests exactly as a client written from GroupOS's API reference sends them (decisions.md, "Decided after the
 * first release"): `fetch` with only Authorization set (a string body then goes as text/plain;charset=UTF-8),
 * bracketed lists in the query, GroupOS's body for an ERC-1155 token type, its names for fields and routes.
 */

let service: SharedService;
let chain: ChainClient;
let signer: Address;
let alice: LocalAccount;
let bob: LocalAccount;
let carol: LocalAccount;
const created: Record<"club" | "coin" | "items", { status: number; body: Record<string, any> }> = {} as never;
let club: Address;
let coin: Address;
let items: Address;

type Answer = { status: number; body: Record<string, any> };

/** As GroupOS's TypeScript quick start calls the API: fetch, with Authorization and nothing else unless asked. */
async function groupos(method: string, path: string, init: { body?: RequestInit["body"]; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${service.adminToken}`, ...init.headers }, body: init.body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
/** A JSON body as a string: fetch sends it as text/plain;charset=UTF-8. */
const post = (path: string, body: unknown) => groupos("POST", path, { body: JSON.stringify(body) });
const get = (path: string) => groupos("GET", path);

async function settled(hash: string): Promise<Record<string, any>> {
  return await waitFor(async () => {
    const { body } = await get(`/api/v1/transactions/${hash}`);
    return body.status === "success" ? body : undefined;
  });
}

const sentNonce = () => chain.client.getTransactionCount({ address: signer, blockTag: "pending" });
/** Every write answer carries its own operationId (item 9; test/api/operations.test.ts follows it). */
const OPERATION_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
const sentAnswer = (hash: string) => ({ success: true, transactionHash: hash, transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`, operationId: OPERATION_ID });

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  signer = localSignerAccount(service.dataDir).address;
  [alice, bob, carol] = chain.accounts as unknown as [LocalAccount, LocalAccount, LocalAccount];
  created.club = await post("/api/v1/erc721/create", { chainId: 31337, name: "Club", symbol: "CLB", transferable: false });
  created.coin = await post("/api/v1/erc20/create", { chainId: 31337, name: "Racing XP", symbol: "ZED.XP", decimals: 6 });
  created.items = await post("/api/v1/erc1155/create", { chainId: 31337, name: "Frog Mafia Badge", symbol: "RIBBIT.badge" });
  club = created.club.body.contractAddress as Address;
  coin = created.coin.body.contractAddress as Address;
  items = created.items.body.contractAddress as Address;
});

afterAll(async () => {
  await service?.release();
});

describe("JSON bodies sent without a JSON Content-Type (item 2)", () => {
  it("mints from a body sent as text/plain;charset=UTF-8 and from one sent with no Content-Type", async () => {
    // A string body: fetch labels it text/plain;charset=UTF-8, as in GroupOS's quick start.
    const plain = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: alice.address, metadata: { name: "Plain" } });
    expect(plain).toEqual({ status: 200, body: sentAnswer(plain.body.transactionHash) });
    // Bytes: fetch sends no Content-Type at all.
    const untyped = await groupos("POST", "/api/v1/erc20/mint", {
      body: new TextEncoder().encode(JSON.stringify({ chainId: 31337, contractAddress: coin, recipientAddress: bob.address, amount: "2.5" })),
    });
    expect(untyped).toEqual({ status: 200, body: sentAnswer(untyped.body.transactionHash) });

    const [tokenId] = (await settled(plain.body.transactionHash)).minted.map((mint: { tokenId: string }) => mint.tokenId);
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [BigInt(tokenId)] })).toBe(alice.address);
    await settled(untyped.body.transactionHash);
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [bob.address] })).toBe(2_500_000n);
    // The body was read whole: the metadata it carried is on the token.
    await waitFor(async () => (await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=${tokenId}`)).body.name === "Plain");
  });

  it("still refuses form, multipart and XML bodies with 415 and malformed JSON with 400, sending nothing", async () => {
    const nonce = await sentNonce();
    const mint = { chainId: "31337", contractAddress: coin, recipientAddress: bob.address, amount: "1" };
    const refused = (contentType: string) => ({
      status: 415,
      body: { success: false, error: `Send the body as application/json (got ${contentType}).`, code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    expect(await groupos("POST", "/api/v1/erc20/mint", { body: new URLSearchParams(mint) })).toEqual(refused("application/x-www-form-urlencoded;charset=UTF-8"));
    const form = new FormData();
    for (const [name, value] of Object.entries(mint)) form.append(name, value);
    const multipart = await groupos("POST", "/api/v1/erc20/mint", { body: form });
    expect(multipart).toMatchObject({ status: 415, body: { success: false, code: "UNSUPPORTED_MEDIA_TYPE" } });
    expect(multipart.body.error).toMatch(/^Send the body as application\/json \(got multipart\/form-data; boundary=\S+\)\.$/);
    const xml = "<mint><chainId>31337</chainId></mint>";
    expect(await groupos("POST", "/api/v1/erc20/mint", { body: xml, headers: { "content-type": "application/xml" } })).toEqual(refused("application/xml"));
    const malformed = '{"chainId": 31337,';
    for (const body of [malformed, new TextEncoder().encode(malformed)]) {
      expect(await groupos("POST", "/api/v1/erc20/mint", { body })).toEqual({
        status: 400,
        body: { success: false, error: "The request body is not valid JSON.", code: "VALIDATION_ERROR" },
      });
    }
    expect(await sentNonce()).toBe(nonce);
  });

  it("reads the whole body before it answers a refusal: a client still sending it gets the 415, not a connection closed under it", async () => {
    // undici sends a FormData after the headers, so the answer can come before the last bytes are written: here the
    // client sends the rest a second after the first half, as a slow link would.
    const body = Buffer.from(`<mint><chainId>31337</chainId><contractAddress>${coin}</contractAddress></mint>`);
    const outcome = await new Promise<{ status?: number; text: string; bodySent: boolean; error?: string }>((resolve) => {
      const url = new URL("/api/v1/erc20/mint", service.baseUrl);
      const request = http.request(url, {
        method: "POST",
        headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/xml", "content-length": body.length },
      });
      let status: number | undefined;
      let text = "";
      let error: string | undefined;
      request.on("response", (response) => {
        status = response.statusCode;
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
      });
      request.on("error", (failure) => {
        error = (failure as NodeJS.ErrnoException).code ?? failure.message;
      });
      let bodySent = false;
      // Once the exchange is over: the answer read, and the connection closed (after the whole body, or under it).
      request.on("close", () => resolve(error === undefined ? { status, text, bodySent } : { status, text, bodySent, error }));
      request.write(body.subarray(0, body.length / 2));
      setTimeout(() => request.end(body.subarray(body.length / 2), () => (bodySent = true)), 1_000);
    });
    // Closed before the rest was sent (3 ms after the answer, without the fix), a client still writing meets EPIPE:
    // undici then fails the whole fetch instead of returning the 415 (seen in test runs on a loaded machine).
    expect(outcome).toEqual({
      status: 415,
      text: JSON.stringify({ success: false, error: "Send the body as application/json (got application/xml).", code: "UNSUPPORTED_MEDIA_TYPE" }),
      bodySent: true,
    });
  });
});

describe("collection creation answers GroupOS's token object (item 3)", () => {
  it("carries contractAddress, name, symbol and transferable (ERC-20: decimals), as deployed on chain", async () => {
    for (const [name, answer, token] of [
      ["club", created.club, { name: "Club", symbol: "CLB", transferable: false }],
      ["coin", created.coin, { name: "Racing XP", symbol: "ZED.XP", decimals: 6 }],
      ["items", created.items, { name: "Frog Mafia Badge", symbol: "RIBBIT.badge", transferable: true }],
    ] as const) {
      const contractAddress = answer.body.contractAddress as Address;
      expect(answer, name).toEqual({ status: 200, body: { ...sentAnswer(answer.body.transactionHash), contractAddress, token: { contractAddress, ...token } } });
      const onChain =
        "decimals" in token
          ? await Promise.all((["name", "symbol", "decimals"] as const).map((functionName) => chain.client.readContract({ address: contractAddress, abi: tokenHubERC20Abi, functionName })))
          : await Promise.all((["name", "symbol", "transferable"] as const).map((functionName) => chain.client.readContract({ address: contractAddress, abi: tokenHubERC721Abi, functionName })));
      expect(onChain, name).toEqual(Object.values(token));
    }
  });
});

describe("ERC-1155 token types through POST /api/v1/erc1155/create (item 4)", () => {
  it("creates a token type from GroupOS's body, which then mints and serves its metadata", async () => {
    const metadata = { name: "Sword", description: "Sharp", mediaUrl: "https://example.com/sword.png", traits: [{ name: "damage", value: 5 }] };
    const first = await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: items, metadata });
    const second = await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: items, metadata: { name: "Shield" } });
    expect([first, second]).toEqual([
      { status: 200, body: { success: true, tokenId: "1", operationId: OPERATION_ID } },
      { status: 200, body: { success: true, tokenId: "2", operationId: OPERATION_ID } },
    ]);
    const mints = [
      { recipientAddress: bob.address, tokenId: "1", amount: "3" },
      { recipientAddress: carol.address, tokenId: "2", amount: "4" },
    ];
    const batch = await post("/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: items, mints });
    expect(batch).toEqual({ status: 200, body: sentAnswer(batch.body.transactionHash) });
    await settled(batch.body.transactionHash);
    expect(await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [bob.address, 1n] })).toBe(3n);
    const uri = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "uri", args: [1n] });
    const served = await (await fetch(uri)).json();
    expect(served).toEqual({ name: "Sword", description: "Sharp", image: "https://example.com/sword.png", attributes: [{ trait_type: "damage", value: 5 }] });
  });

  it("tells a bad body what its own form lacks, and creates nothing", async () => {
    expect(await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: items, metadata: { mediaUrl: "nope" } })).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Invalid body: metadata.mediaUrl: must be an http(s), ipfs, ar or data URL.",
        code: "VALIDATION_ERROR",
        details: [{ path: "metadata.mediaUrl", message: "must be an http(s), ipfs, ar or data URL" }],
      },
    });
    expect((await post("/api/v1/erc1155/create", { chainId: 31337, name: "Half" })).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "symbol" }] });
    expect((await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: coin })).status).toBe(404);
    const types = await queryDatabase(service.databaseUrl(), "SELECT token_id FROM tokenhub_app.erc1155_token_types WHERE address = $1 ORDER BY token_id", [items]);
    expect(types).toEqual([{ token_id: "1" }, { token_id: "2" }]);
  });
});

describe("bracketed lists in the query (item 1)", () => {
  it("holders: GET and POST, on /api/holders and /api/v1/holders, answer [0xA,0xB] in every spelling as the comma form", async () => {
    const comma = `contractAddresses=${club},${coin}`;
    const expected = await waitFor(async () => {
      const answer = await get(`/api/holders?${comma}`);
      const holders = answer.body.holders as { holderAddress: Address; collections: { contractAddress: Address; balance: string }[] }[];
      return holders?.length === 2 && holders.every((holder) => holder.collections.length === 1) ? answer : undefined;
    });
    // What the chain says: alice holds one Club token, bob 2.5 Racing XP.
    expect(expected.body.holders.map((holder: any) => [holder.holderAddress, holder.collections[0].contractAddress, holder.collections[0].balance])).toEqual(
      [
        [alice.address, club, "1"],
        [bob.address, coin, "2.5"],
      ].sort((a, b) => a[0]!.toLowerCase().localeCompare(b[0]!.toLowerCase())),
    );
    const spellings = [
      `[${club},${coin}]`,
      `[${club}, ${coin}]`,
      `[${club},+${coin}]`,
      `%5B${club}%2C${coin}%5D`,
      `%5B${club}%2C%20${coin}%5D`,
      `["${club}", "${coin}"]`,
      `%5B%22${club.toLowerCase()}%22%2C%22${coin}%22%5D`,
    ];
    for (const spelling of spellings) {
      for (const path of ["/api/holders", "/api/v1/holders"]) {
        for (const method of ["GET", "POST"]) {
          expect(await groupos(method, `${path}?contractAddresses=${spelling}`), `${method} ${path} ${spelling}`).toEqual(expected);
        }
      }
    }
    expect(await groupos("POST", "/api/holders", { body: JSON.stringify({ contractAddresses: [club, coin] }) })).toEqual(expected);
    expect(await get(`/api/holders?contractAddresses=[0x12, ${club}]`)).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Invalid query: contractAddresses: 0x12: must be a 0x-prefixed 20-byte hex address.",
        code: "VALIDATION_ERROR",
        details: [{ path: "contractAddresses", message: "0x12: must be a 0x-prefixed 20-byte hex address" }],
      },
    });
  });

  it("tokenIds=[1,3] on the ERC-721 and ERC-1155 token routes, as tokenIds=1,3", async () => {
    for (let index = 0; index < 2; index++) {
      const mint = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: index === 0 ? bob.address : alice.address });
      await settled(mint.body.transactionHash);
    }
    const type3 = await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: items, metadata: { name: "Bow" } });
    await settled((await post("/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: items, mints: [{ recipientAddress: bob.address, tokenId: type3.body.tokenId, amount: "1" }] })).body.transactionHash);
    for (const kind of ["erc721", "erc1155"]) {
      const base = `/api/v1/${kind}/tokens?chainId=31337&contractAddress=${kind === "erc721" ? club : items}`;
      const expected = await waitFor(async () => {
        const answer = await get(`${base}&tokenIds=1,3`);
        return answer.body.tokens?.length === 2 ? answer : undefined;
      });
      expect(expected.body.tokens.map((token: { tokenId: string }) => token.tokenId)).toEqual(["1", "3"]);
      for (const spelling of ["[1,3]", "[1, 3]", "%5B1%2C3%5D", "%5B1%2C%203%5D", '["1","3"]']) {
        expect(await get(`${base}&tokenIds=${spelling}`), `${kind} ${spelling}`).toEqual(expected);
        expect(await get(`${base}&tokenIds[]=${spelling}`), `${kind} tokenIds[]=${spelling}`).toEqual(expected);
      }
      expect(await get(`${base}&tokenIds=1&tokenIds=3`)).toEqual(expected);
    }
    const owners = await Promise.all([1n, 3n].map((id) => chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [id] })));
    expect((await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}&tokenIds=[1,3]`)).body.tokens.map((token: { ownerAddress: string }) => token.ownerAddress)).toEqual(owners);
  });
});

describe("GET /api/v1/nft/metadata answers the fields at the top level (item 5)", () => {
  it("beside metadata and metadataStatus, the same as the token URI the contract points to", async () => {
    const written = await groupos("PUT", "/api/v1/nft/tokenMetadata", {
      body: JSON.stringify({ chainId: 31337, contractAddress: items, tokenId: "1", metadata: { externalUrl: "https://example.com/sword" } }),
    });
    expect(written.status).toBe(200);
    const metadata = {
      name: "Sword",
      description: "Sharp",
      image: "https://example.com/sword.png",
      external_url: "https://example.com/sword",
      attributes: [{ trait_type: "damage", value: 5 }],
    };
    expect(await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${items}&tokenId=1`)).toEqual({
      status: 200,
      body: { success: true, ...metadata, metadata, metadataStatus: { source: "tokenhub" } },
    });
    const uri = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "uri", args: [1n] });
    expect(await (await fetch(uri)).json()).toEqual(metadata);
    const inherited = { name: "Club #2", description: "", image: "", attributes: [] };
    expect((await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=2`)).body).toEqual({
      success: true,
      ...inherited,
      metadata: inherited,
      metadataStatus: { source: "tokenhub" },
    });
  });
});

describe("routes and names GroupOS clients use (item 6)", () => {
  it("GET /api/v1/erc1155/tokens lists the token types with metadata and supply, and an owner's with its balance", async () => {
    const base = `/api/v1/erc1155/tokens?chainId=31337&contractAddress=${items}`;
    const supply = async (id: bigint) =>
      (await Promise.all([bob, carol].map((holder) => chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [holder.address, id] })))).reduce((a, b) => a + b, 0n);
    const unminted = await post("/api/v1/erc1155/create", { chainId: 31337, contractAddress: items, metadata: { name: "Staff" } });
    const sword = (await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${items}&tokenId=1`)).body.metadata;
    expect(await get(base)).toEqual({
      status: 200,
      body: {
        success: true,
        tokens: [
          { tokenId: "1", metadata: sword, totalSupply: String(await supply(1n)) },
          { tokenId: "2", metadata: { name: "Shield", description: "", image: "", attributes: [] }, totalSupply: String(await supply(2n)) },
          { tokenId: "3", metadata: { name: "Bow", description: "", image: "", attributes: [] }, totalSupply: String(await supply(3n)) },
          { tokenId: unminted.body.tokenId, metadata: { name: "Staff", description: "", image: "", attributes: [] }, totalSupply: "0" },
        ],
        page: 0,
        nextPage: null,
        nextPageKey: null,
      },
    });
    const held = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [carol.address, 2n] });
    expect((await get(`${base}&ownerAddress=${carol.address}`)).body.tokens).toEqual([
      { tokenId: "2", metadata: { name: "Shield", description: "", image: "", attributes: [] }, totalSupply: "4", balance: String(held) },
    ]);
    expect((await get(`/api/v1/erc1155/tokens?chainId=31337&contractAddress=${club}`)).status).toBe(404);
  });

  it("GET /api/v1/erc20/permit/batch takes ownerAddress for recipientAddress, and its call redeems on chain", async () => {
    for (const amount of ["1", "2.25"]) expect((await post("/api/v1/erc20/permit", { chainId: 31337, contractAddress: coin, recipientAddress: carol.address, amount })).status).toBe(200);
    const base = `/api/v1/erc20/permit/batch?chainId=31337&contractAddress=${coin}`;
    const byOwner = await get(`${base}&ownerAddress=${carol.address}`);
    expect(byOwner).toEqual(await get(`${base}&recipientAddress=${carol.address}`));
    expect(byOwner.body).toMatchObject({ success: true, totalAmount: "3.25", totalAmountRaw: "3250000" });
    expect(await get(`${base}&ownerAddress=${carol.address}&recipientAddress=${carol.address.toLowerCase()}`)).toEqual(byOwner);
    const hash = await chain.client.sendTransaction({ account: carol, chain: chain.client.chain, to: byOwner.body.preparedCall.to, data: byOwner.body.preparedCall.data as Hex });
    expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [carol.address] })).toBe(3_250_000n);

    expect((await get(`${base}&ownerAddress=${carol.address}&recipientAddress=${bob.address}`)).body).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: "ownerAddress", message: "must be the same address as recipientAddress (it is its alias)" }],
    });
    expect((await get(base)).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "recipientAddress", message: "is required (or ownerAddress)" }] });
  });

  it("each cloud key carries a stable keyId beside customRef", async () => {
    const key = await post("/api/v1/key/create", { customRef: "groupos-user" });
    const [row] = await queryDatabase<{ id: string }>(service.databaseUrl(), "SELECT id FROM tokenhub_app.cloud_keys WHERE address = $1", [key.body.evmAddress]);
    expect(key).toEqual({ status: 200, body: { success: true, keyId: row!.id, evmAddress: getAddress(key.body.evmAddress), customRef: "groupos-user" } });
    expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const listed = { keyId: row!.id, evmAddress: key.body.evmAddress, customRef: "groupos-user" };
    expect((await get("/api/v1/key/keys?customRef=groupos-user")).body).toEqual({ success: true, keys: [listed], page: 0, nextPage: null, nextPageKey: null });
    expect((await get("/api/v1/key/keys")).body.keys).toContainEqual(listed);
  });
});
