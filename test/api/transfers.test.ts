/**
 * Transfers as the index's record (issue 37): GET /api/v1/transfers lists each standard's transfers newest first as
 * the chain's logs have them, filtered by token, address and blocks; GET /api/v1/tokens lists what an address holds
 * across the project's collections as the chain's ownerOf/balanceOf say, and nothing of another project's; pageKey
 * walks both while tokens are minted between two pages, no item twice and none skipped.
 */
import { type Abi, type Address, formatUnits, getAddress, type Hex, keccak256, parseEventLogs, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

type Body = Record<string, any>;
type Kind = "erc20" | "erc721" | "erc1155";

let service: SharedService;
let chain: ChainClient;
let rivalToken: string;
let alice: Address;
let bob: Address;
let carol: Address;
const contracts = {} as { coin: Address; club: Address; art: Address; items: Address; rival: Address };
let clubMove: Hex;
let headBlock: bigint;

async function call(method: "GET" | "POST", path: string, body?: unknown, token = service.adminToken): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function create(kind: Kind, name: string, token = service.adminToken): Promise<Address> {
  const created = await call("POST", `/api/v1/${kind}/create`, { chainId: 31337, name, symbol: name.slice(0, 3).toUpperCase(), ...(kind === "erc20" ? { decimals: 6 } : {}) }, token);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.contractAddress as Address;
}

/** A write through the API, waited for until mined; answers the block it landed in. */
async function mint(path: string, body: Record<string, unknown>, token = service.adminToken): Promise<bigint> {
  const answer = await call("POST", path, { chainId: 31337, ...body }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (await minedReceipt(chain, answer.body.transactionHash as Hex)).blockNumber;
}

/** Mints `count` ERC-721 tokens to `to` at once (the service joins them into few transactions); the last block. */
async function mintMany(contractAddress: Address, to: Address, count: number): Promise<bigint> {
  const blocks = await Promise.all(Array.from({ length: count }, () => mint("/api/v1/erc721/mint", { contractAddress, recipientAddress: to })));
  return blocks.reduce((last, block) => (block > last ? block : last), 0n);
}

async function onChain(account: (typeof chain.accounts)[number], address: Address, abi: Abi, functionName: string, args: unknown[]): Promise<Hex> {
  const hash = await chain.client.writeContract({ address, abi, functionName, args, account, chain: chain.client.chain } as never);
  const receipt = await minedReceipt(chain, hash);
  if (receipt.blockNumber > headBlock) headBlock = receipt.blockNumber;
  return hash;
}

/** A read once the index holds the given block (minBlock), answered 200. */
async function read(path: string, minBlock = headBlock): Promise<Body> {
  const answer = await call("GET", `${path}${path.includes("?") ? "&" : "?"}minBlock=${minBlock}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

type Expected = { from: Address; to: Address; tokenId: string | null; amountRaw: string; blockNumber: string; transactionHash: Hex; logIndex: number };

/** A contract's transfers as the chain's logs have them, newest first (an ERC-1155 batch's later ids first). */
async function transfersOnChain(address: Address, kind: Kind): Promise<Expected[]> {
  const logs = await chain.client.getLogs({ address, fromBlock: 0n, toBlock: "latest" });
  const abi = kind === "erc20" ? tokenHubERC20Abi : kind === "erc721" ? tokenHubERC721Abi : tokenHubERC1155Abi;
  const events = parseEventLogs({ abi: abi as Abi, logs, eventName: kind === "erc1155" ? ["TransferSingle", "TransferBatch"] : ["Transfer"] }) as unknown as {
    eventName: string;
    args: Record<string, any>;
    blockNumber: bigint;
    transactionHash: Hex;
    logIndex: number;
  }[];
  const moves = events.flatMap((event): (Expected & { part: number })[] => {
    const at = { blockNumber: event.blockNumber.toString(), transactionHash: event.transactionHash, logIndex: event.logIndex };
    const side = { from: getAddress(event.args.from), to: getAddress(event.args.to) };
    if (event.eventName === "TransferBatch") {
      return (event.args.ids as bigint[]).map((id, part) => ({ ...side, tokenId: id.toString(), amountRaw: String(event.args.values[part]), ...at, part }));
    }
    if (event.eventName === "TransferSingle") return [{ ...side, tokenId: String(event.args.id), amountRaw: String(event.args.value), ...at, part: 0 }];
    if (kind === "erc20") return [{ ...side, tokenId: null, amountRaw: String(event.args.value), ...at, part: 0 }];
    return [{ ...side, tokenId: String(event.args.tokenId), amountRaw: "1", ...at, part: 0 }];
  });
  moves.sort((a, b) => Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)) || b.logIndex - a.logIndex || b.part - a.part);
  return moves.map(({ part: _part, ...move }) => move);
}

/** Every page of a listing, following nextPageKey; `between` runs after each page but the last. */
async function walk(path: string, key: "transfers" | "tokens", between: (page: number) => Promise<void> = async () => {}): Promise<Body[]> {
  const items: Body[] = [];
  let pageKey: string | null = null;
  for (let page = 0; ; page++) {
    const body = await read(`${path}${pageKey === null ? "" : `&pageKey=${pageKey}`}`);
    items.push(...body[key]);
    pageKey = body.nextPageKey;
    if (pageKey === null) return items;
    expect(body[key]).toHaveLength(50);
    await between(page);
  }
}

const apiTransfer = (transfer: Body): Expected => ({
  from: transfer.from,
  to: transfer.to,
  tokenId: transfer.tokenId,
  amountRaw: transfer.amountRaw,
  blockNumber: transfer.blockNumber,
  transactionHash: transfer.transactionHash,
  logIndex: transfer.logIndex,
});

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  const [first, second, third] = chain.accounts;
  [alice, bob, carol] = [first!.address, second!.address, third!.address];
  headBlock = await chain.client.getBlockNumber();
  const rival = `${service.projectName}-rival`;
  expect((await service.cli(["project", "create", rival])).code).toBe(0);
  rivalToken = (await service.cli(["token", "create", "--project", rival, "--scopes", "mint,read"])).stdout.trim().split("\n").at(-1)!.trim();

  contracts.coin = await create("erc20", "Coin");
  contracts.club = await create("erc721", "Club");
  contracts.art = await create("erc721", "Art");
  contracts.items = await create("erc1155", "Items");
  contracts.rival = await create("erc721", "Rival", rivalToken);
  for (let type = 0; type < 2; type++) expect((await call("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: contracts.items })).status).toBe(200);

  const mints: [string, Record<string, unknown>, string?][] = [
    ["/api/v1/erc20/mint", { contractAddress: contracts.coin, recipientAddress: alice, amount: "100" }],
    ["/api/v1/erc721/mint", { contractAddress: contracts.club, recipientAddress: alice }],
    ["/api/v1/erc721/mint", { contractAddress: contracts.club, recipientAddress: alice }],
    ["/api/v1/erc721/mint", { contractAddress: contracts.club, recipientAddress: alice }],
    ["/api/v1/erc721/mint", { contractAddress: contracts.art, recipientAddress: alice, metadata: { name: "Sunrise" } }],
    ["/api/v1/erc1155/mint", { contractAddress: contracts.items, recipientAddress: alice, tokenId: "1", amount: "5" }],
    ["/api/v1/erc1155/batchMint", { contractAddress: contracts.items, mints: [{ recipientAddress: bob, tokenId: "2", amount: "2" }, { recipientAddress: alice, tokenId: "2", amount: "3" }] }],
    ["/api/v1/erc721/mint", { contractAddress: contracts.rival, recipientAddress: alice }, rivalToken],
  ];
  for (const [path, body, token] of mints) {
    const block = await mint(path, body, token);
    if (block > headBlock) headBlock = block;
  }
  // Alice moves some of it on: club #1 to bob, 25 coins to bob, 2 of item 1 to carol.
  clubMove = await onChain(first!, contracts.club, tokenHubERC721Abi as Abi, "transferFrom", [alice, bob, 1n]);
  await onChain(first!, contracts.coin, tokenHubERC20Abi as Abi, "transfer", [bob, 25_000_000n]);
  await onChain(first!, contracts.items, tokenHubERC1155Abi as Abi, "safeTransferFrom", [alice, carol, 1n, 2n, "0x"]);
}, 120_000);

afterAll(async () => {
  await service?.release();
});

describe("GET /api/v1/transfers", () => {
  it("lists each standard's transfers newest first, as the chain's logs have them, mints included", async () => {
    for (const [name, kind] of [["coin", "erc20"], ["club", "erc721"], ["items", "erc1155"]] as const) {
      const body = await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts[name]}`);
      expect(body.transfers.map(apiTransfer), name).toEqual(await transfersOnChain(contracts[name], kind));
      expect(body.nextPageKey).toBeNull();
      for (const transfer of body.transfers) {
        expect(transfer).toMatchObject({ standard: kind, contractAddress: contracts[name] });
        expect(transfer.amount).toBe(kind === "erc20" ? formatUnits(BigInt(transfer.amountRaw), 6) : transfer.amountRaw);
      }
    }
    const coin = await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.coin}`);
    expect(coin.transfers.map((transfer: Body) => transfer.amount)).toEqual(["25", "100"]);
    const [moved] = (await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.club}`)).transfers;
    const block = await chain.client.getBlock({ blockNumber: BigInt(moved.blockNumber) });
    expect(moved).toMatchObject({ transactionHash: clubMove, from: alice, to: bob, tokenId: "1", timestamp: Number(block.timestamp) });
  });

  it("filters by token, by address (from or to) and by blocks", async () => {
    const club = await transfersOnChain(contracts.club, "erc721");
    const byToken = await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.club}&tokenId=1`);
    expect(byToken.transfers.map(apiTransfer)).toEqual(club.filter((transfer) => transfer.tokenId === "1"));
    expect(byToken.transfers.map((transfer: Body) => [transfer.from, transfer.to])).toEqual([
      [alice, bob],
      ["0x0000000000000000000000000000000000000000", alice],
    ]);
    const items = await transfersOnChain(contracts.items, "erc1155");
    for (const address of [alice, bob, carol]) {
      const body = await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.items}&address=${address.toLowerCase()}`);
      expect(body.transfers.map(apiTransfer), address).toEqual(items.filter((transfer) => transfer.from === address || transfer.to === address));
    }
    expect((await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.items}&address=${carol}`)).transfers).toHaveLength(1);
    const moveBlock = club[0]!.blockNumber;
    const inBlock = await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.club}&fromBlock=${moveBlock}&toBlock=${moveBlock}`);
    expect(inBlock.transfers.map(apiTransfer)).toEqual([club[0]]);
    const before = await read(`/api/v1/transfers?chainId=31337&contractAddress=${contracts.club}&toBlock=${Number(moveBlock) - 1}`);
    expect(before.transfers.map(apiTransfer)).toEqual(club.slice(1));
  });

  it("refuses what it cannot answer with a 4xx that says why", async () => {
    const asked = async (query: string) => await call("GET", `/api/v1/transfers?chainId=31337&${query}`);
    const tokenOfCoin = await asked(`contractAddress=${contracts.coin}&tokenId=1`);
    expect(tokenOfCoin.status).toBe(400);
    expect(tokenOfCoin.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", details: [{ path: "tokenId" }] });
    const backwards = await asked(`contractAddress=${contracts.club}&fromBlock=9&toBlock=3`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toContain("fromBlock 9 is after toBlock 3");
    for (const pageKey of ["nonsense!", Buffer.from('["1","2"]').toString("base64url"), Buffer.from('["0x12"]').toString("base64url")]) {
      const forged = await asked(`contractAddress=${contracts.club}&pageKey=${pageKey}`);
      expect(forged.status, pageKey).toBe(400);
      expect(forged.body.details).toEqual([{ path: "pageKey", message: expect.stringContaining("pass nextPageKey as it came") }]);
    }
    const unknown = await asked(`contractAddress=${getAddress(keccak256(toHex("nobody")).slice(0, 42))}`);
    expect(unknown.status).toBe(404);
    expect((await asked("tokenId=1")).status).toBe(400);
  });
});

describe("GET /api/v1/tokens?ownerAddress", () => {
  it("lists what the chain says an address holds across the project's collections, not a token it moved away nor another project's", async () => {
    const body = await read(`/api/v1/tokens?chainId=31337&ownerAddress=${alice}`);
    const read721 = async (address: Address, id: bigint) =>
      getAddress((await chain.client.readContract({ address, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [id] })) as string);
    const expected: [Address, Kind, string | null, string][] = [];
    expected.push([contracts.coin, "erc20", null, String(await chain.client.readContract({ address: contracts.coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [alice] }))]);
    for (const id of [1n, 2n, 3n]) if ((await read721(contracts.club, id)) === alice) expected.push([contracts.club, "erc721", id.toString(), "1"]);
    if ((await read721(contracts.art, 1n)) === alice) expected.push([contracts.art, "erc721", "1", "1"]);
    for (const id of [1n, 2n]) {
      const balance = await chain.client.readContract({ address: contracts.items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [alice, id] });
      if (balance > 0n) expected.push([contracts.items, "erc1155", id.toString(), balance.toString()]);
    }
    expected.sort(([a, , idA], [b, , idB]) => a.toLowerCase().localeCompare(b.toLowerCase()) || Number(BigInt(idA ?? -1) - BigInt(idB ?? -1)));
    expect(body.tokens.map((token: Body) => [token.contractAddress, token.tokenType, token.tokenId, token.balanceRaw])).toEqual(expected);
    // The chain still has the rival's token with alice, and club #1 with bob: neither is hers to list here.
    expect(await read721(contracts.rival, 1n)).toBe(alice);
    expect(body.tokens.some((token: Body) => token.contractAddress === contracts.rival)).toBe(false);
    expect(body.tokens.some((token: Body) => token.contractAddress === contracts.club && token.tokenId === "1")).toBe(false);
    expect(expected.map(([, kind]) => kind)).toEqual(expect.arrayContaining(["erc20", "erc721", "erc1155"]));

    const byKind = (kind: Kind) => body.tokens.find((token: Body) => token.tokenType === kind);
    expect(byKind("erc20")).toMatchObject({ name: "Coin", symbol: "COI", balance: "75", balanceRaw: "75000000", tokenId: null, metadata: null, tbaAddress: null });
    const art = body.tokens.find((token: Body) => token.contractAddress === contracts.art);
    const listed = await read(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${contracts.art}`);
    expect(art).toMatchObject({ balance: "1", metadata: listed.tokens[0].metadata, tbaAddress: listed.tokens[0].tbaAddress });
    expect(art.metadata.name).toBe("Sunrise");
    expect(byKind("erc1155").metadata).toMatchObject({ name: expect.any(String) });
    // The rival project sees its own collection there, and none of ours.
    const rivals = await call("GET", `/api/v1/tokens?chainId=31337&ownerAddress=${alice}&minBlock=${headBlock}`, undefined, rivalToken);
    expect(rivals.body.tokens.map((token: Body) => token.contractAddress)).toEqual([contracts.rival]);
  });

  it("walks 120 tokens with pageKey while 10 more are minted between pages, none twice and none skipped", async () => {
    const dave = getAddress(keccak256(toHex(`${service.projectName}-dave`)).slice(0, 42));
    const [first, second] = [await create("erc721", "Many A"), await create("erc721", "Many B")].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    headBlock = [await mintMany(first!, dave, 60), await mintMany(second!, dave, 60), headBlock].reduce((a, b) => (a > b ? a : b));
    const key = (token: Body) => `${token.contractAddress} ${token.tokenId}`;
    const initial = [...Array.from({ length: 60 }, (_, index) => `${first} ${index + 1}`), ...Array.from({ length: 60 }, (_, index) => `${second} ${index + 1}`)];

    // After the second page (which ends in the second collection), 10 tokens that sort before it: an offset would
    // shift the third page back over 10 tokens already answered.
    const walked = await walk(`/api/v1/tokens?chainId=31337&ownerAddress=${dave}`, "tokens", async (page) => {
      if (page === 1) headBlock = await mintMany(first!, dave, 10);
    });
    const keys = walked.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(initial));
    expect(keys).toHaveLength(120);

    // Newest first, 10 mints after the first page are newer than all of it: an offset would answer 10 again.
    const history = await walk(`/api/v1/transfers?chainId=31337&contractAddress=${first}`, "transfers", async () => {
      headBlock = await mintMany(first!, dave, 10);
    });
    const ids = history.map((transfer) => transfer.tokenId as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(Array.from({ length: 70 }, (_, index) => String(70 - index)));

    // The older lists take a page key too, now and at a block, and answer with the page `page` would.
    for (const at of ["", `&atBlock=${headBlock}`]) {
      const listing = `/api/v1/erc721/tokens?chainId=31337&contractAddress=${first}${at}`;
      const [firstPage, byIndex] = [await read(listing), await read(`${listing}&page=1`)];
      expect(firstPage.nextPageKey).toEqual(expect.any(String));
      const byKey = await read(`${listing}&pageKey=${firstPage.nextPageKey}`);
      expect(byKey.tokens.map((token: Body) => token.tokenId)).toEqual(byIndex.tokens.map((token: Body) => token.tokenId));
      expect(byKey.tokens.length).toBeGreaterThan(0);
      const both = await call("GET", `${listing}&page=1&pageKey=${firstPage.nextPageKey}`);
      expect(both.status).toBe(400);
      expect(both.body.details).toEqual([{ path: "page", message: "is not taken with pageKey" }]);
    }
  }, 180_000);
});
