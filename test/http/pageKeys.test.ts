/**
 * Cursor pages on the lists beyond the index's token listings (issue 37, Deliver 4): cloud keys, collections and NFT
 * accounts take pageKey and answer nextPageKey, walking the same items as page indexes when nothing is written between
 * two reads, and keys added between two pages are neither answered twice nor skip one that was there. The token
 * listings and transfers are walked in test/api/transfers.test.ts, the delivery log in test/api/webhooks.test.ts.
 */
import { type Address, getAddress, keccak256, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SharedService, sharedService } from "../helpers/sharedService.js";

type Body = Record<string, any>;

let service: SharedService;

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function read(path: string): Promise<Body> {
  const answer = await call("GET", path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Every page of a list by `how` (page indexes or page keys); `between` runs after each page but the last. */
async function walk(path: string, key: string, how: "page" | "pageKey", between: () => Promise<void> = async () => {}): Promise<Body[]> {
  const items: Body[] = [];
  const separator = path.includes("?") ? "&" : "?";
  let next: string | number | null = null;
  for (let page = 0; page < 100; page++) {
    const body = await read(next === null ? path : `${path}${separator}${how}=${next}`);
    items.push(...body[key]);
    next = how === "page" ? body.nextPage : body.nextPageKey;
    expect(body.nextPageKey === null, "nextPage and nextPageKey agree on the last page").toBe(body.nextPage === null);
    if (next === null) return items;
    await between();
  }
  throw new Error(`${path} did not end within 100 pages`);
}

beforeAll(async () => {
  service = await sharedService();
});

afterAll(async () => {
  await service?.release();
});

describe("pageKey", () => {
  it("walks the project's cloud keys, oldest first, while keys are added between pages", async () => {
    const create = async () => (await call("POST", "/api/v1/key/create", { customRef: "paged" })).body.evmAddress as string;
    const existing: string[] = [];
    for (let index = 0; index < 55; index++) existing.push(await create());
    const listing = "/api/v1/key/keys?customRef=paged";
    const byIndex = (await walk(listing, "keys", "page")).map((key) => key.evmAddress);
    expect(byIndex).toEqual(existing);
    const added: string[] = [];
    const byKey = (await walk(listing, "keys", "pageKey", async () => void added.push(await create()))).map((key) => key.evmAddress);
    expect(byKey).toEqual([...existing, ...added]);
    const forged = await call("GET", `${listing}&pageKey=${Buffer.from('["yesterday","me"]').toString("base64url")}`);
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual([{ path: "pageKey", message: expect.stringContaining("pass nextPageKey as it came") }]);
  });

  it("walks the chain's collections and an owner's NFT accounts as page indexes do", async () => {
    const collection = (await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Accounts", symbol: "ACC" })).body.contractAddress as Address;
    const owner = getAddress(keccak256(toHex(`${service.projectName}-accounts`)).slice(0, 42));
    const mints = await Promise.all(
      Array.from({ length: 55 }, () => call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: owner })),
    );
    const last = mints.at(-1)!.body.operationId as string;
    for (const mint of mints) expect(mint.status).toBe(200);
    // Every mint indexed before the walks (afterOperation waits for each one's block).
    for (const mint of mints) await read(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&tokenIds=1&afterOperation=${mint.body.operationId}`);

    const accounts = `/api/v1/erc6551/accounts?chainId=31337&ownerAddress=${owner}&afterOperation=${last}`;
    const accountsByIndex = await walk(accounts, "accounts", "page");
    expect(accountsByIndex).toHaveLength(55);
    expect(await walk(accounts, "accounts", "pageKey")).toEqual(accountsByIndex);

    const collections = "/api/v1/collections?chainId=31337";
    const collectionsByIndex = await walk(collections, "collections", "page");
    expect(collectionsByIndex.map((item) => item.contractAddress)).toContain(collection);
    expect(await walk(collections, "collections", "pageKey")).toEqual(collectionsByIndex);
  });
});
