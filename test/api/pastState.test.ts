/**
 * Reads at a past block (issue 27, Deliver 3): `atBlock` on the ERC-721 tokens and owners, ERC-1155 and ERC-20 owners
 * and holders routes answers the state as the end of that block left it. Checked block by block against the chain's own
 * answer (`ownerOf` / `balanceOf` read at that block from anvil), over some 50 blocks of mints, transfers and burns,
 * then again after a reorganisation inside that window.
 */
import fs from "node:fs";
import path from "node:path";
import { type Abi, type Address, encodeFunctionData, formatUnits, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileBurnableTokens } from "../helpers/burnableTokens.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let chain: ChainClient;
let contracts: { nft: Address; coin: Address; items: Address };
let abis: { nft: Abi; coin: Abi; items: Abi };
let actors: Address[];
let firstBlock: number;
let lastBlock: number;
const NFT_IDS = [1n, 2n, 3n, 4n, 5n, 6n];
const ITEM_IDS = [1n, 2n, 3n];

type Body = Record<string, any>;
async function get(pathAndQuery: string): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return { status: response.status, body: (await response.json()) as Body };
}

const rpc = (method: string, params: unknown[]) => chain.client.request({ method: method as never, params: params as never });

/** Sends one call from an actor and waits for its block (automine: one block each). */
async function send(from: number, contract: keyof typeof contracts, functionName: string, args: unknown[]) {
  const hash = await chain.client.writeContract({
    address: contracts[contract],
    abi: abis[contract],
    functionName,
    args,
    account: chain.accounts[from]!,
    chain: chain.client.chain,
  } as never);
  await minedReceipt(chain, hash);
}

/** Several calls in one block: the last change of a token in a block is what the block leaves. */
async function inOneBlock(calls: [number, keyof typeof contracts, string, unknown[]][]) {
  await chain.client.setAutomine(false);
  const hashes: Hex[] = [];
  for (const [from, contract, functionName, args] of calls) {
    hashes.push(
      await chain.client.writeContract({ address: contracts[contract], abi: abis[contract], functionName, args, account: chain.accounts[from]!, chain: chain.client.chain } as never),
    );
  }
  await rpc("evm_mine", []);
  await chain.client.setAutomine(true);
  for (const hash of hashes) await minedReceipt(chain, hash);
}

/** The state at a block as the chain answers it: owner per NFT id, ERC-20 balance per holder, ERC-1155 balance per (holder, id). */
async function chainStateAt(block: number) {
  const blockNumber = BigInt(block);
  const read = (contract: keyof typeof contracts, functionName: string, args: unknown[]) =>
    chain.client.readContract({ address: contracts[contract], abi: abis[contract], functionName, args, blockNumber } as never) as Promise<unknown>;
  const nft: Record<string, string> = {};
  for (const id of NFT_IDS) {
    const owner = await read("nft", "ownerOf", [id]).catch(() => undefined);
    if (owner !== undefined) nft[id.toString()] = getAddress(owner as string);
  }
  const coin: Record<string, string> = {};
  const items: Record<string, Record<string, string>> = {};
  for (const actor of actors) {
    const balance = (await read("coin", "balanceOf", [actor])) as bigint;
    if (balance > 0n) coin[actor] = balance.toString();
    for (const id of ITEM_IDS) {
      const held = (await read("items", "balanceOf", [actor, id])) as bigint;
      if (held > 0n) (items[actor] ??= {})[id.toString()] = held.toString();
    }
  }
  return { nft, coin, items };
}

/** The same state as tokenhub answers it at the block, through every route that takes atBlock. */
async function apiStateAt(block: number) {
  const at = `chainId=31337&atBlock=${block}`;
  const tokens = await get(`/api/v1/erc721/tokens?${at}&contractAddress=${contracts.nft}`);
  const nftOwners = await get(`/api/v1/erc721/owners?${at}&contractAddress=${contracts.nft}`);
  const coinOwners = await get(`/api/v1/erc20/owners?${at}&contractAddress=${contracts.coin}`);
  const itemOwners = await get(`/api/v1/erc1155/owners?${at}&contractAddress=${contracts.items}`);
  const holders = await get(`/api/holders?${at}&contractAddresses=${contracts.nft},${contracts.coin},${contracts.items}`);
  for (const answer of [tokens, nftOwners, coinOwners, itemOwners, holders]) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.atBlock).toBe(block);
    expect(typeof answer.body.finalized).toBe("boolean");
  }
  const nft = Object.fromEntries(tokens.body.tokens.map((token: Body) => [token.tokenId, token.ownerAddress]));
  // The owners listing says the same as the token listing.
  const byOwners = Object.fromEntries(nftOwners.body.owners.flatMap((owner: Body) => owner.tokens.map((token: Body) => [token.tokenId, owner.ownerAddress])));
  expect(byOwners).toEqual(nft);
  const coin = Object.fromEntries(coinOwners.body.owners.map((owner: Body) => [owner.ownerAddress, owner.totalBalanceRaw]));
  const items = Object.fromEntries(
    itemOwners.body.owners.map((owner: Body) => [owner.ownerAddress, Object.fromEntries(owner.tokens.map((token: Body) => [token.tokenId, token.balance]))]),
  );
  // Holders group the same holdings by holder: rebuild the three maps from them.
  const fromHolders = { nft: {} as Record<string, string>, coin: {} as Record<string, string>, items: {} as Record<string, Record<string, string>> };
  for (const holder of holders.body.holders) {
    for (const held of holder.collections) {
      if (held.contractAddress === contracts.nft) for (const token of held.nfts) fromHolders.nft[token.tokenId] = holder.holderAddress;
      if (held.contractAddress === contracts.coin) fromHolders.coin[holder.holderAddress] = held.balance;
      if (held.contractAddress === contracts.items) {
        fromHolders.items[holder.holderAddress] = Object.fromEntries(held.nfts.map((token: Body) => [token.tokenId, itemBalance(items, holder.holderAddress, token.tokenId)]));
        expect(held.balance).toBe(Object.values(fromHolders.items[holder.holderAddress]!).reduce((sum, value) => sum + BigInt(value), 0n).toString());
      }
    }
  }
  expect(fromHolders.nft).toEqual(nft);
  expect(fromHolders.items).toEqual(items);
  // Holders answer ERC-20 balances in the token's units (18 decimals here).
  expect(fromHolders.coin).toEqual(Object.fromEntries(Object.entries(coin).map(([owner, raw]) => [owner, formatUnits(BigInt(raw as string), 18)])));
  return { nft, coin, items };
}

const itemBalance = (items: Record<string, Record<string, string>>, owner: string, tokenId: string) => items[owner]?.[tokenId] ?? "missing";

beforeAll(async () => {
  service = await startTestService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  actors = chain.accounts.map((account) => account.address);
  const compiled = compileBurnableTokens();
  const deploy = async (name: keyof typeof compiled) =>
    (await minedReceipt(chain, await chain.client.deployContract({ abi: compiled[name].abi, bytecode: compiled[name].bytecode, account: chain.accounts[0]!, chain: chain.client.chain })))
      .contractAddress!;
  contracts = { nft: getAddress(await deploy("BurnableNft")), coin: getAddress(await deploy("BurnableCoin")), items: getAddress(await deploy("BurnableItems")) };
  abis = { nft: compiled.BurnableNft.abi, coin: compiled.BurnableCoin.abi, items: compiled.BurnableItems.abi };
  firstBlock = Number(await chain.client.getBlockNumber());

  const chainsFile = path.join(service.dataDir, "chains.json");
  const external = (address: Address, kind: string) => ({ address, kind, startBlock: firstBlock });
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({ chains: [{ id: 31337, name: "local", contracts: [external(contracts.nft, "erc721"), external(contracts.coin, "erc20"), external(contracts.items, "erc1155")] }] }),
  );
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  await service.start();

  const [a, b, c, d] = actors as [Address, Address, Address, Address];
  // Mints, transfers and burns of the three kinds, one block each, with a few blocks that change a token twice (sent
  // by one account, so their order in the block is their nonces': the others let it move their NFTs).
  await send(2, "nft", "setApprovalForAll", [a, true]);
  await send(3, "nft", "setApprovalForAll", [a, true]);
  await send(0, "nft", "mint", [a, 1n]);
  await send(0, "nft", "mint", [b, 2n]);
  await send(0, "coin", "mint", [a, 1000n]);
  await send(0, "items", "mint", [a, 1n, 10n]);
  await send(0, "nft", "mint", [a, 3n]);
  await send(0, "items", "mint", [b, 2n, 5n]);
  await send(0, "nft", "transferFrom", [a, c, 1n]);
  await send(0, "coin", "transfer", [b, 300n]);
  await send(1, "coin", "burn", [100n]);
  await send(0, "items", "safeTransferFrom", [a, c, 1n, 4n, "0x"]);
  await send(1, "nft", "burn", [2n]);
  await send(2, "items", "burn", [c, 1n, 4n]);
  await send(1, "coin", "transfer", [c, 200n]);
  await send(0, "nft", "mint", [d, 2n]);
  await inOneBlock([
    [0, "nft", "transferFrom", [c, d, 1n]],
    [0, "nft", "transferFrom", [d, a, 1n]],
    [0, "coin", "transfer", [d, 50n]],
  ]);
  await send(0, "items", "mint", [d, 3n, 7n]);
  await send(3, "items", "safeBatchTransferFrom", [d, b, [3n], [7n], "0x"]);
  await send(0, "nft", "mint", [b, 4n]);
  await send(1, "nft", "transferFrom", [b, c, 4n]);
  await send(2, "nft", "burn", [4n]);
  await send(2, "coin", "transfer", [a, 200n]);
  await inOneBlock([
    [0, "nft", "mint", [c, 5n]],
    [0, "nft", "burn", [5n]],
    [0, "items", "mint", [c, 2n, 3n]],
  ]);
  await send(0, "nft", "mint", [c, 5n]);
  for (let round = 0; round < 14; round++) {
    await send(0, "coin", "transfer", [actors[round % 4]!, BigInt(round + 1)]);
    await send(1, "items", "safeTransferFrom", [b, actors[(round + 2) % 4]!, 2n, 1n, "0x"]).catch(async () => await send(0, "items", "mint", [b, 2n, 2n]));
  }
  await send(0, "nft", "mint", [a, 6n]);
  await send(0, "nft", "transferFrom", [a, b, 6n]);
  lastBlock = Number(await chain.client.getBlockNumber());
  // The index holds every block of it (read your writes: minBlock). Its wait is bounded (TOKENHUB_READ_WAIT_MS, 5 s):
  // on a loaded machine the index can be further behind than that, and the read answers 503 NOT_READY meanwhile.
  await waitFor(async () => (await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${contracts.nft}&minBlock=${lastBlock}`)).status === 200, {
    timeoutMs: 60_000,
    message: () => `the index never reached block ${lastBlock}`,
  });
}, 240_000);

afterAll(async () => {
  await service?.destroy();
});

describe("atBlock", () => {
  it("answers, for every block of 50 with mints, transfers and burns, what the chain answers at that block", async () => {
    expect(lastBlock - firstBlock).toBeGreaterThanOrEqual(50);
    let changes = 0;
    let previous = "";
    for (let block = firstBlock; block <= lastBlock; block++) {
      const expected = await chainStateAt(block);
      expect(await apiStateAt(block), `block ${block}`).toEqual(expected);
      if (JSON.stringify(expected) !== previous) changes++;
      previous = JSON.stringify(expected);
    }
    // The blocks really differ from one another: the answers follow the chain, not one state repeated.
    expect(changes).toBeGreaterThan(30);
  });

  it("changes, after a reorganisation inside the window, the answers of the blocks it replaced and no other", async () => {
    const before = new Map<number, string>();
    for (let block = firstBlock; block <= lastBlock; block++) before.set(block, JSON.stringify(await apiStateAt(block)));
    // The last three blocks (an ERC-1155 transfer, token 6 minted to one holder, then moved) are replaced by one that
    // mints token 6 to another, and two empty ones.
    const [a, , c] = actors as [Address, Address, Address];
    const mintToC = { from: a, to: contracts.nft, data: encodeFunctionData({ abi: abis.nft, functionName: "mint", args: [c, 6n] }), gas: "0x30d40" };
    await rpc("anvil_reorg", [3, [[mintToC, 0]]]);
    await rpc("anvil_mine", ["0x1"]);
    const head = Number(await chain.client.getBlockNumber());
    await waitFor(async () => JSON.stringify((await apiStateAt(head).catch(() => undefined))?.nft) === JSON.stringify((await chainStateAt(head)).nft), {
      timeoutMs: 30_000,
      message: () => "the index did not follow the reorganisation",
    });
    const replacedFrom = lastBlock - 2;
    let changed = 0;
    for (let block = firstBlock; block <= lastBlock; block++) {
      const now = await apiStateAt(block);
      expect(now, `block ${block}`).toEqual(await chainStateAt(block));
      if (block < replacedFrom) expect(JSON.stringify(now), `block ${block}, before the reorganisation`).toBe(before.get(block));
      else if (JSON.stringify(now) !== before.get(block)) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("refuses a block before the contract's indexed start or after the index's head with a 400 that says why", async () => {
    const early = await get(`/api/v1/erc721/owners?chainId=31337&contractAddress=${contracts.nft}&atBlock=${firstBlock - 1}`);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(early.body.error).toBe(
      `atBlock ${firstBlock - 1} is before ${contracts.nft}'s indexed start (block ${firstBlock}, its startBlock in the chains file): the index knows nothing of it before that.`,
    );
    const head = Number(await chain.client.getBlockNumber());
    const late = await get(`/api/v1/erc20/owners?chainId=31337&contractAddress=${contracts.coin}&atBlock=${head + 1000}`);
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(new RegExp(`^atBlock ${head + 1000} is after the index's head: the index of chain local \\(31337\\) is at block \\d+\\. Ask again once it is indexed \\(minBlock=${head + 1000} waits for it\\)\\.$`));
    const noChain = await get(`/api/holders?contractAddresses=${contracts.nft}&atBlock=${head}`);
    expect(noChain.status).toBe(400);
    expect(noChain.body.error).toContain("atBlock is a block of one chain: name it with chainId.");
    const notANumber = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${contracts.nft}&atBlock=latest`);
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.error).toContain("atBlock");
  });

  it("marks a block in the unfinalized window finalized: false and one at or below the final block true", async () => {
    // The restart in beforeAll made what the index held then final (the embedded chain's blocks are this service's
    // alone); Ponder moves the chain's final block on only 60 blocks later (its finality for chain 31337 is 30 blocks),
    // so every block since is in the window.
    const indexed = async () => {
      const [row] = await queryDatabase<{ latest_checkpoint: string; finalized_checkpoint: string }>(
        service.databaseUrl(),
        "SELECT latest_checkpoint, finalized_checkpoint FROM tokenhub_index._ponder_checkpoint WHERE chain_id = 31337",
      );
      // A Ponder checkpoint: 10 digits of block timestamp, 16 of chain id, then 16 of block number.
      const blockOf = (checkpoint: string) => Number(checkpoint.slice(26, 42));
      return { latest: blockOf(row!.latest_checkpoint), finalized: blockOf(row!.finalized_checkpoint) };
    };
    const before = await indexed();
    expect(before.finalized).toBeGreaterThanOrEqual(firstBlock);
    expect(before.latest).toBeGreaterThan(before.finalized + 10);
    const finalizedAt = async (block: number) => {
      const answer = await get(`/api/v1/erc20/owners?chainId=31337&contractAddress=${contracts.coin}&atBlock=${block}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.finalized as boolean;
    };
    for (let block = firstBlock; block <= before.latest; block++) expect(await finalizedAt(block), `block ${block}`).toBe(block <= before.finalized);
    // Every route that takes atBlock says the same at the last final block and the first one after it.
    for (const [block, finalized] of [[before.finalized, true], [before.finalized + 1, false]] as const) {
      const at = `chainId=31337&atBlock=${block}`;
      for (const pathAndQuery of [
        `/api/v1/erc721/tokens?${at}&contractAddress=${contracts.nft}`,
        `/api/v1/erc721/owners?${at}&contractAddress=${contracts.nft}`,
        `/api/v1/erc1155/owners?${at}&contractAddress=${contracts.items}`,
        `/api/holders?${at}&contractAddresses=${contracts.nft},${contracts.coin},${contracts.items}`,
      ]) {
        const answer = await get(pathAndQuery);
        expect(answer.status, pathAndQuery).toBe(200);
        expect(answer.body.finalized, pathAndQuery).toBe(finalized);
      }
    }
    expect(await indexed(), "the window moved while the test read it").toEqual(before);
  });

  it("answers without atBlock as before: no atBlock or finalized fields", async () => {
    const now = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${contracts.nft}`);
    expect(now.status).toBe(200);
    expect(Object.keys(now.body).sort()).toEqual(["nextPage", "nextPageKey", "page", "success", "tokens"]);
  });
});
