import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Issue 28, acceptance 2: a misspelt query parameter or body key, in every route family, is refused by name with the
 * name it most likely meant, and changes nothing; what GroupOS clients send beyond the interface stays accepted. Then
 * the small surprises: a page number too large, a known path asked with another method, a mint on one's collection
 * of another kind, the contract metadata after its name is set.
 */

let service: SharedService;
let erc20: Address;
let erc721: Address;
let erc1155: Address;

const CHAIN = 31337;
const RECIPIENT = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const HASH = `0x${"ab".repeat(32)}`;

async function call(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
  const headers = new Headers();
  const token = init.token === undefined ? service.adminToken : init.token;
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function created(path: string, body: unknown): Promise<Address> {
  const answer = await call(path, { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.contractAddress as Address;
}

beforeAll(async () => {
  service = await sharedService();
  erc20 = await created("/api/v1/erc20/create", { chainId: CHAIN, name: "Strict", symbol: "STR" });
  erc721 = await created("/api/v1/erc721/create", { chainId: CHAIN, name: "Old name", symbol: "S721" });
  erc1155 = await created("/api/v1/erc1155/create", { chainId: CHAIN, name: "Strict 1155", symbol: "S1155" });
  // Reads answer 503 NOT_READY until the index has the chain's head: the cases below must meet the parameter check.
  await waitFor(async () => (await fetch(`${service.baseUrl}/ready`)).status === 200, { timeoutMs: 120_000 });
  await waitFor(async () => (await call(`/api/v1/erc721/tokens?chainId=${CHAIN}&contractAddress=${erc721}`)).status === 200, { timeoutMs: 120_000 });
}, 300_000);

afterAll(async () => {
  await service?.release();
});

type Case = { family: string; method?: string; path: () => string; body?: () => unknown; where: "query" | "body"; name: string; meant: string };

const q = (path: string) => `${path}${path.includes("?") ? "&" : "?"}chainId=${CHAIN}`;

/** One misspelling per route family: the name as sent, and the name the answer must suggest. */
const CASES: Case[] = [
  { family: "ERC-20 mint", path: () => "/api/v1/erc20/mint", body: () => ({ chainId: CHAIN, contractAdress: erc20, recipientAddress: RECIPIENT, amount: "1" }), where: "body", name: "contractAdress", meant: "contractAddress" },
  { family: "ERC-721 tokens", path: () => q(`/api/v1/erc721/tokens?contractAddress=${erc721}&ownerAdress=${RECIPIENT}`), where: "query", name: "ownerAdress", meant: "ownerAddress" },
  { family: "ERC-721 mint", path: () => "/api/v1/erc721/mint", body: () => ({ chainId: CHAIN, contractAddress: erc721, recipientAddress: RECIPIENT, metdata: { name: "x" } }), where: "body", name: "metdata", meant: "metadata" },
  { family: "ERC-721 mint metadata", path: () => "/api/v1/erc721/mint", body: () => ({ chainId: CHAIN, contractAddress: erc721, recipientAddress: RECIPIENT, metadata: { descripton: "x" } }), where: "body", name: "metadata.descripton", meant: "description" },
  { family: "ERC-1155 mint", path: () => "/api/v1/erc1155/mint", body: () => ({ chainId: CHAIN, contractAddress: erc1155, recipientAddress: RECIPIENT, tokenID: "1", amount: "1" }), where: "body", name: "tokenID", meant: "tokenId" },
  { family: "ERC-1155 create (token type form)", path: () => "/api/v1/erc1155/create", body: () => ({ chainId: CHAIN, contractAdress: erc1155, metadata: { name: "x" } }), where: "body", name: "contractAdress", meant: "contractAddress" },
  { family: "owners", path: () => q(`/api/v1/erc20/owners?contractAddress=${erc20}&pgae=1`), where: "query", name: "pgae", meant: "page" },
  { family: "holders", path: () => `/api/v1/holders?contractAddress=${erc20}`, where: "query", name: "contractAddress", meant: "contractAddresses" },
  { family: "holders body", path: () => "/api/holders", body: () => ({ contractAdresses: [erc20] }), where: "body", name: "contractAdresses", meant: "contractAddresses" },
  { family: "metadata read", path: () => q(`/api/v1/nft/metadata?contractAddress=${erc721}&tokenID=1`), where: "query", name: "tokenID", meant: "tokenId" },
  { family: "metadata write", method: "PUT", path: () => "/api/v1/nft/collectionMetadata", body: () => ({ chainId: CHAIN, contractAddress: erc721, metadata: { nmae: "x" } }), where: "body", name: "metadata.nmae", meant: "name" },
  { family: "permits", path: () => "/api/v1/erc20/permit", body: () => ({ chainId: CHAIN, contractAddress: erc20, recipientAddress: RECIPIENT, amount: "1", expiraton: 2_000_000_000 }), where: "body", name: "expiraton", meant: "expiration" },
  { family: "permit batch", path: () => q(`/api/v1/erc20/permit/batch?contractAddress=${erc20}&recipientAdress=${RECIPIENT}`), where: "query", name: "recipientAdress", meant: "recipientAddress" },
  { family: "keys", path: () => "/api/v1/key/create", body: () => ({ customref: "strict" }), where: "body", name: "customref", meant: "customRef" },
  { family: "keys sign", path: () => "/api/v1/key/sign", body: () => ({ accountAddress: RECIPIENT, mesage: "hi" }), where: "body", name: "mesage", meant: "message" },
  { family: "accounts", path: () => "/api/v1/account/executeCall", body: () => ({ accountAddress: RECIPIENT, call: { chainId: CHAIN, toAdress: RECIPIENT } }), where: "body", name: "call.toAdress", meant: "toAddress" },
  { family: "ERC-6551 account", path: () => `/api/v1/erc6551/account?tokenChainId=${CHAIN}&tokenContractAdress=${erc721}&tokenId=1`, where: "query", name: "tokenContractAdress", meant: "tokenContractAddress" },
  { family: "webhooks", path: () => "/api/v1/webhooks", body: () => ({ url: "https://example.com/hook", evnets: ["mint.confirmed"] }), where: "body", name: "evnets", meant: "events" },
  { family: "collections", path: () => `/api/v1/collections?chainID=${CHAIN}`, where: "query", name: "chainID", meant: "chainId" },
];

/** Routes that take no parameter at all: the answer says so rather than guessing. */
const NO_PARAMETERS = [
  { family: "media", method: "POST", path: "/api/v1/nft/uploadMedia?chainId=31337" },
  { family: "transactions", method: "GET", path: `/api/v1/transactions/${HASH}?chainId=31337` },
  { family: "operations", method: "GET", path: "/api/v1/operations/00000000-0000-4000-8000-000000000000?chainId=31337" },
];

describe("strict parameters", () => {
  it("refuses a misspelt parameter or key in every route family by name, with the name it meant, and sends nothing", async () => {
    const chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    const blockBefore = await chain.client.getBlockNumber();
    const keysBefore = (await call("/api/v1/key/keys")).body.keys;
    const webhooksBefore = (await call("/api/v1/webhooks")).body.webhooks;

    for (const item of CASES) {
      const answer = await call(item.path(), item.body ? { body: item.body(), method: item.method } : { method: item.method });
      const noun = item.where === "query" ? "parameter" : "key";
      expect({ family: item.family, status: answer.status, body: answer.body }).toEqual({
        family: item.family,
        status: 400,
        body: {
          success: false,
          code: "VALIDATION_ERROR",
          error: `Invalid ${item.where}: ${item.name}: unknown ${noun}; did you mean ${item.meant}?`,
          details: [{ path: item.name, message: `unknown ${noun}; did you mean ${item.meant}?` }],
        },
      });
    }
    for (const item of NO_PARAMETERS) {
      const answer = await call(item.path, { method: item.method });
      expect({ family: item.family, status: answer.status, error: answer.body.error }).toEqual({
        family: item.family,
        status: 400,
        error: "Invalid query: chainId: unknown parameter; none is taken here.",
      });
    }

    expect(await chain.client.getBlockNumber(), "no transaction was sent").toBe(blockBefore);
    expect((await call("/api/v1/key/keys")).body.keys, "no key was created").toEqual(keysBefore);
    expect((await call("/api/v1/webhooks")).body.webhooks, "no webhook was created").toEqual(webhooksBefore);
  });

  it("names every unknown key, and lists the known names when none is close", async () => {
    const answer = await call(q(`/api/v1/erc721/owners?contractAddress=${erc721}&colour=red&ownerAdress=${RECIPIENT}`));
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { path: "colour", message: expect.stringMatching(/^unknown parameter; the known ones are chainId, contractAddress, ownerAddress, tokenId, page\b/) },
      { path: "ownerAdress", message: "unknown parameter; did you mean ownerAddress?" },
    ]);
  });

  it("accepts what GroupOS clients send beyond the interface (decisions.md)", async () => {
    const reads = [
      q(`/api/v1/erc721/owners?contractAddress=${erc721}&tokenId=1`),
      q(`/api/v1/erc1155/owners?contractAddress=${erc1155}&tokenId=1`),
      q(`/api/v1/erc721/tokens?contractAddress=${erc721}&tokenIds[]=1&telegramId=5`),
      q(`/api/v1/erc1155/tokens?contractAddress=${erc1155}&tokenIds=[1,2]`),
      `/api/holders?contractAddresses=[${erc20},${erc721}]`,
      q(`/api/v1/erc20/permit/batch?contractAddress=${erc20}&ownerAddress=${RECIPIENT}`),
      `/api/v1/erc6551/accounts?ownerAddress=${RECIPIENT}`,
    ];
    for (const path of reads) {
      // Accepted: answered as the route answers (the permit batch of a recipient without permits is a 404), never refused.
      const answer = await call(path);
      expect({ path, status: answer.status, error: answer.body.error }).not.toMatchObject({ status: 400 });
    }
    const permit = await call("/api/v1/erc721/permit", {
      body: { chainId: CHAIN, contractAddress: erc721, recipientAddress: RECIPIENT, individualMetadata: { name: "Permit", image: "https://example.com/a.png", attributes: [{ trait_type: "a", value: 1 }] } },
    });
    expect(permit.status, JSON.stringify(permit.body)).toBe(200);
  });
});

describe("the small surprises", () => {
  it("says a page number is too large, with the maximum", async () => {
    const answer = await call(q(`/api/v1/erc721/tokens?contractAddress=${erc721}&page=99999999999999999999`));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Invalid query: page: is too large; the maximum is 180143985094819.");
  });

  it("answers a known path asked with another method 405 with Allow", async () => {
    const mint = await call("/api/v1/erc721/mint");
    expect(mint.status).toBe(405);
    expect(mint.headers.get("allow")).toBe("POST");
    expect(mint.body).toEqual({ success: false, code: "METHOD_NOT_ALLOWED", error: "/api/v1/erc721/mint does not take GET; it takes POST." });
    const tokens = await call("/api/v1/erc721/tokens", { method: "DELETE" });
    expect(tokens.status).toBe(405);
    expect(tokens.headers.get("allow")).toBe("GET, HEAD");
    const webhook = await call("/api/v1/webhooks/00000000-0000-4000-8000-000000000000", { method: "PATCH" });
    expect(webhook.status).toBe(405);
    expect(webhook.headers.get("allow")).toBe("DELETE");
    expect((await call("/api/v1/nothing-here")).status, "an unknown path stays a 404").toBe(404);
  });

  it("says an ERC-721 mint on one's own ERC-20 is on an ERC-20 collection", async () => {
    const answer = await call("/api/v1/erc721/mint", { body: { chainId: CHAIN, contractAddress: erc20, recipientAddress: RECIPIENT } });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe(`${erc20} on chain ${CHAIN} is this project's ERC-20 collection, not an ERC-721 one: mint on it with POST /api/v1/erc20/mint.`);
  });

  it("serves the collection's new name in its contract metadata once its name is set", async () => {
    const before = await call(`/metadata/${CHAIN}/${erc721}`, { token: null });
    expect(before.body.name).toBe("Old name");
    const set = await call("/api/v1/nft/collectionMetadata", { method: "PUT", body: { chainId: CHAIN, contractAddress: erc721, metadata: { name: "New name" } } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const after = await call(`/metadata/${CHAIN}/${erc721}`, { token: null });
    expect(after.body.name).toBe("New name");
  });
});
