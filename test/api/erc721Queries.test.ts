import { type Address, getAddress, keccak256, toHex, zeroHash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc6551RegistryAbi, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

let service: SharedService;
let chain: ChainClient;
let collection: Address;
let alice: Address;
let bob: Address;

type Body = Record<string, unknown>;
async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const DEFAULTS = { description: "Members of the club", mediaUrl: "https://media.example/pass.png", traits: [{ name: "tier", value: "basic" }] };
const GOLD = { name: "Gold pass", traits: [{ name: "tier", value: "gold" }] };

function expectedMetadata(tokenId: bigint) {
  const own = tokenId === 1n ? GOLD : undefined;
  return {
    name: own?.name ?? `Club #${tokenId}`,
    description: DEFAULTS.description,
    image: DEFAULTS.mediaUrl,
    attributes: [{ trait_type: "tier", value: own ? "gold" : "basic" }],
  };
}

/** Each token as the chain reports it: ownerOf, and the registry's account() for its ERC-6551 address. */
async function expectedToken(tokenId: bigint) {
  const core = service.runtime().chains[0]!.core;
  const [owner, account] = await Promise.all([
    chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [tokenId] }),
    chain.client.readContract({ address: core.erc6551Registry, abi: erc6551RegistryAbi, functionName: "account", args: [core.accountImplementation, zeroHash, 31337n, collection, tokenId] }),
  ]);
  return { tokenId: tokenId.toString(), ownerAddress: owner, metadata: expectedMetadata(tokenId), tbaAddress: account };
}

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  alice = chain.accounts[1]!.address;
  bob = chain.accounts[2]!.address;
  collection = (await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Club", symbol: "CLB", defaultMetadata: DEFAULTS })).body.contractAddress as Address;
  const recipients = [alice, alice, ...Array.from({ length: 49 }, (_, index) => getAddress(keccak256(toHex(`member-${index}`)).slice(0, 42)))];
  let last = "";
  for (const [index, recipientAddress] of recipients.entries()) {
    const mint = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress, ...(index === 0 ? { metadata: GOLD } : {}) });
    last = mint.body.transactionHash as string;
  }
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${last}`)).body.status === "success");
  await minedReceipt(
    chain,
    await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "transferFrom", args: [alice, bob, 2n], account: chain.accounts[1]!, chain: chain.client.chain }),
  );
  await call("POST", "/api/v1/chatUsers/link", { chatId: "77", address: alice });
  // Indexed, and the mint's metadata attached to token 1.
  await waitFor(async () => {
    const tokens = (await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&tokenIds=1,2`)).body.tokens as { ownerAddress: string; metadata: { name: string } }[];
    return tokens?.length === 2 && tokens[1]!.ownerAddress === bob && tokens[0]!.metadata.name === "Gold pass";
  }, { timeoutMs: 10_000 });
});

afterAll(async () => {
  await service?.release();
});

describe("GET /api/v1/erc721/tokens", () => {
  it("lists tokens by id, 50 a page, with owner, effective metadata and ERC-6551 address as the chain reports them", async () => {
    const all = await Promise.all(Array.from({ length: 51 }, (_, index) => expectedToken(BigInt(index + 1))));
    const base = `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`;
    // The next page's key names the page's last token id.
    const nextPageKey = Buffer.from(JSON.stringify(["50"])).toString("base64url");
    expect((await call("GET", base)).body).toEqual({ success: true, tokens: all.slice(0, 50), page: 0, nextPage: 1, nextPageKey });
    expect((await call("GET", `${base}&page=1`)).body).toEqual({ success: true, tokens: all.slice(50), page: 1, nextPage: null, nextPageKey: null });
    expect((await call("GET", `${base}&pageKey=${nextPageKey}`)).body).toEqual({ success: true, tokens: all.slice(50), page: 0, nextPage: null, nextPageKey: null });
  });

  it("reads tokenIds in every form, and filters by owner and by a chat user's linked addresses", async () => {
    const base = `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`;
    const oneAndThree = [await expectedToken(1n), await expectedToken(3n)];
    for (const form of ["tokenIds=1,3", "tokenIds=3&tokenIds=1", "tokenIds[]=1&tokenIds[]=3"]) {
      expect((await call("GET", `${base}&${form}`)).body.tokens, form).toEqual(oneAndThree);
    }
    expect((await call("GET", `${base}&ownerAddress=${bob}`)).body.tokens).toEqual([await expectedToken(2n)]);
    for (const alias of ["chatId", "telegramId", "discordId"]) {
      expect((await call("GET", `${base}&${alias}=77`)).body.tokens, alias).toEqual([await expectedToken(1n)]);
    }
    expect((await call("GET", `${base}&chatId=78`)).body).toEqual({ success: true, tokens: [], page: 0, nextPage: null, nextPageKey: null });
    expect(await call("GET", `${base}&tokenIds=1,x`)).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Invalid query: tokenIds: x: must be a non-negative integer in decimal digits (no sign, fraction or exponent).",
        code: "VALIDATION_ERROR",
        details: [{ path: "tokenIds", message: "x: must be a non-negative integer in decimal digits (no sign, fraction or exponent)" }],
      },
    });
  });
});

describe("GET /api/v1/erc721/owners", () => {
  it("lists owners by address with their token count and all their tokens", async () => {
    const base = `/api/v1/erc721/owners?chainId=31337&contractAddress=${collection}`;
    expect((await call("GET", `${base}&ownerAddress=${alice}`)).body).toEqual({
      success: true,
      owners: [{ ownerAddress: alice, totalBalance: "1", tokens: [{ tokenId: "1", metadata: expectedMetadata(1n) }] }],
      page: 0,
      nextPage: null,
      nextPageKey: null,
    });
    expect((await call("GET", `${base}&tokenId=2`)).body.owners).toEqual([{ ownerAddress: bob, totalBalance: "1", tokens: [{ tokenId: "2", metadata: expectedMetadata(2n) }] }]);
    const first = (await call("GET", base)).body;
    const owners = first.owners as { ownerAddress: string }[];
    expect(owners).toHaveLength(50);
    expect(first.nextPage).toBe(1);
    expect(owners.map((owner) => owner.ownerAddress.toLowerCase())).toEqual([...owners.map((owner) => owner.ownerAddress.toLowerCase())].sort());
    expect(((await call("GET", `${base}&page=1`)).body.owners as unknown[]).length).toBe(1);
    expect((await call("GET", `${base}&pageKey=${first.nextPageKey as string}`)).body.owners).toEqual((await call("GET", `${base}&page=1`)).body.owners);
  });
});

describe("tbaAddress", () => {
  it("is the registry's account() in every read that has it: REST tokens, the accounts list and GraphQL on the index", async () => {
    const expected = await Promise.all(Array.from({ length: 51 }, (_, index) => expectedToken(BigInt(index + 1))));
    const byId = new Map(expected.map((token) => [token.tokenId, token.tbaAddress]));
    const rest = [
      ...((await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`)).body.tokens as { tokenId: string; tbaAddress: string }[]),
      ...((await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&page=1`)).body.tokens as { tokenId: string; tbaAddress: string }[]),
    ];
    expect(rest.map((token) => [token.tokenId, token.tbaAddress])).toEqual([...byId]);
    const listed = (await call("GET", `/api/v1/erc6551/accounts?chainId=31337&ownerAddress=${alice}`)).body.accounts as { contractAddress: string; nft: { contractAddress: string; tokenId: string } }[];
    // Alice is one of anvil's accounts: on a shared service she may hold NFTs of other files' collections too.
    const accounts = listed.filter((account) => getAddress(account.nft.contractAddress) === getAddress(collection));
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) expect(account.contractAddress).toBe(byId.get(account.nft.tokenId));
    // The index itself holds it (erc721_token.tba_address), derived once when the token was indexed.
    const response = await fetch(`${service.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
      body: JSON.stringify({ query: `{ erc721Tokens(where: { contract: "${collection.toLowerCase()}" }, orderBy: "tokenId", limit: 100) { items { tokenId tbaAddress } } }` }),
    });
    const items = ((await response.json()) as { data: { erc721Tokens: { items: { tokenId: string; tbaAddress: string }[] } } }).data.erc721Tokens.items;
    expect(items.map((token) => [token.tokenId, token.tbaAddress])).toEqual([...byId]);
  });
});

describe("GET /api/v1/erc6551/account", () => {
  it("gives the account address before it exists, and says when it is deployed", async () => {
    const core = service.runtime().chains[0]!.core;
    const path = `/api/v1/erc6551/account?tokenChainId=31337&tokenContractAddress=${collection}&tokenId=5`;
    const expected = await chain.client.readContract({ address: core.erc6551Registry, abi: erc6551RegistryAbi, functionName: "account", args: [core.accountImplementation, zeroHash, 31337n, collection, 5n] });
    expect((await call("GET", path)).body).toEqual({ success: true, account: { contractAddress: expected, deployed: false } });
    await minedReceipt(
      chain,
      await chain.client.writeContract({ address: core.erc6551Registry, abi: erc6551RegistryAbi, functionName: "createAccount", args: [core.accountImplementation, zeroHash, 31337n, collection, 5n], account: chain.accounts[0]!, chain: chain.client.chain }),
    );
    expect((await call("GET", path)).body).toEqual({ success: true, account: { contractAddress: expected, deployed: true } });
    expect((await call("GET", "/api/v1/erc6551/account?tokenChainId=31337&tokenId=5")).status).toBe(400);
  });
});

describe("metadata reads", () => {
  it("serves what tokenURI and contractURI point to, with ETag and caching, and the same through the API", async () => {
    const tokenUri = await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "tokenURI", args: [1n] });
    expect(tokenUri).toBe(`${service.runtime().publicUrl}/metadata/31337/${collection.toLowerCase()}/1`);
    const token = await fetch(tokenUri);
    expect(token.status).toBe(200);
    expect(await token.json()).toEqual(expectedMetadata(1n));
    expect(token.headers.get("cache-control")).toBe("public, max-age=60");
    const etag = token.headers.get("etag")!;
    expect((await fetch(tokenUri, { headers: { "if-none-match": etag } })).status).toBe(304);

    const contractUri = await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "contractURI" });
    expect(await (await fetch(contractUri)).json()).toEqual({ name: "Club", description: DEFAULTS.description, image: DEFAULTS.mediaUrl });

    expect((await call("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${collection}&tokenId=2`)).body).toEqual({
      success: true,
      ...expectedMetadata(2n),
      metadata: expectedMetadata(2n),
      metadataStatus: { source: "tokenhub" },
    });
    const missing = await fetch(`${service.baseUrl}/metadata/31337/${collection}/9999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: `Token 9999 of ${collection} does not exist.`, code: "NOT_FOUND" });
  });
});

describe("freshness", () => {
  it("reflects a transfer in tokens, owners and holders within 1 s, with ownerSince moved to the transfer's block time", async () => {
    const hash = await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "transferFrom", args: [alice, bob, 1n], account: chain.accounts[1]!, chain: chain.client.chain });
    const receipt = await minedReceipt(chain, hash);
    const mined = Date.now();
    const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
    type Nft = { tokenId: string; ownerSince: number };
    type Holder = { holderAddress: string; collections: { nfts: Nft[] }[] };
    const reflected = async () => {
      const [tokens, owners, holders] = await Promise.all([
        call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&tokenIds=1`),
        call("GET", `/api/v1/erc721/owners?chainId=31337&contractAddress=${collection}&ownerAddress=${bob}`),
        call("GET", `/api/v1/holders?contractAddresses=${collection}`),
      ]);
      const token = (tokens.body.tokens as { ownerAddress: string }[])[0];
      const bobsTokens = ((owners.body.owners as { tokens: { tokenId: string }[] }[])[0]?.tokens ?? []).map((entry) => entry.tokenId);
      const bobHolder = (holders.body.holders as Holder[]).find((holder) => getAddress(holder.holderAddress) === bob);
      const nft = bobHolder?.collections[0]?.nfts.find((entry) => entry.tokenId === "1");
      return token?.ownerAddress === bob && bobsTokens.includes("1") && nft ? nft : undefined;
    };
    const nft = await waitFor(reflected, { timeoutMs: 5_000, intervalMs: 10 });
    expect(Date.now() - mined).toBeLessThan(1_000);
    expect(nft.ownerSince).toBe(Number(block.timestamp));
    const aliceHolder = ((await call("GET", `/api/v1/holders?contractAddresses=${collection}`)).body.holders as Holder[]).find((holder) => getAddress(holder.holderAddress) === alice);
    expect(aliceHolder).toBeUndefined();
  });
});
