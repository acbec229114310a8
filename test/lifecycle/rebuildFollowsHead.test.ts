/**
 * Issue 25, acceptance 3: during a rebuild of the index (TOKENHUB_INDEX_VERSION bumped), a token minted through the API
 * is listed within 10 s, while the build before still answers, and no read answers other than 200 with the right body.
 *
 * The rebuild is slow by construction (issue 36), not by volume (it was 100,000 events, which a fast machine rebuilt
 * before the test was done with it, and which cost minutes of CPU beside the rest of the suite): a remote chain added
 * at the restart has a history the new build fetches within its provider's calls a second, at least REBUILD_SECONDS.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainClient, type ChainClient, createCollectionOnChain, mintErc20InBulk } from "../helpers/chainClient.js";
import { answeringBuild, queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { type SlowHistoryChain, startSlowHistoryChain } from "../helpers/slowHistoryChain.js";
import { waitFor } from "../helpers/waitFor.js";

/** Transfer events on chain before the rebuild, which the new build indexes again: ERC-20 mints in batches. */
const EVENTS = 5_000;
const PER_TRANSACTION = 1_000;
/**
 * The least the new build takes after its Ponder starts, once the follower answers (one call a range of the added
 * chain's history; about six times that measured): more than a mint's listing by the follower, with room for a loaded
 * machine.
 */
const REBUILD_SECONDS = 5;
const HOLDERS = 200;
const OWNER = getAddress("0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f");
const holder = (index: number) => getAddress(`0x${(0x5000 + index).toString(16).padStart(40, "0")}`);

type Answer = { status: number; body: unknown };

let service: TestService;
let chain: ChainClient;
let coin: Address;
let nft: Address;
let owners: string;
let listing: string;
let added: SlowHistoryChain;
let chainsFile: string;
const LOCAL = { id: 31337, name: "local" };

async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  added = await startSlowHistoryChain({ chainId: 31339, name: "added", seconds: REBUILD_SECONDS });
  chainsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-chains-")), "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [LOCAL] }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  coin = (await createCollectionOnChain(chain, service.runtime().chains[0]!.core.tokenFactory, "erc20", { name: "Bulk", symbol: "BLK" })).address;
  await mintErc20InBulk(chain, coin, EVENTS, PER_TRANSACTION, (index) => holder(index % HOLDERS));
  // Past Ponder's finality for this chain id (30 blocks): the blocks are final, and the rebuild reads them from
  // Ponder's RPC cache, as a rebuild after an upgrade does.
  await chain.client.mine({ blocks: 64 });
  const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "During", symbol: "DRG" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  nft = (created.body as { contractAddress: Address }).contractAddress;
  owners = `/api/v1/erc20/owners?chainId=31337&contractAddress=${coin}`;
  listing = `/api/v1/erc721/tokens?chainId=31337&contractAddress=${nft}&ownerAddress=${OWNER}`;
  // The first build holds every event.
  await waitFor(
    async () => {
      const supply = await queryDatabase<{ n: string }>(service.databaseUrl(), "SELECT count(*)::text AS n FROM tokenhub_index.transfer WHERE contract = $1", [coin.toLowerCase()]);
      return Number(supply[0]?.n) === EVENTS;
    },
    { timeoutMs: 420_000, message: () => "the first build never held every event" },
  );
  await waitFor(async () => (await call("GET", listing)).status === 200, { timeoutMs: 30_000 });
}, 240_000);

afterAll(async () => {
  await service?.destroy();
  await added?.stop();
});

describe("a rebuild of the index", () => {
  it("keeps the build that answers following the chain: a mint made during the rebuild is listed within 10 s, every read 200 with the right body", { timeout: 300_000 }, async () => {
    const held = await call("GET", owners);
    expect(held.status).toBe(200);
    const empty = await call("GET", listing);
    expect(empty).toEqual({ status: 200, body: expect.objectContaining({ tokens: [] }) });
    const before = await answeringBuild(service.databaseUrl());

    await service.stop();
    service.env.TOKENHUB_INDEX_VERSION = "2";
    fs.writeFileSync(chainsFile, JSON.stringify({ chains: [LOCAL, added.entry] }));
    const restartedAt = Date.now();
    const from = service.output().length;
    await service.start({ until: /answers until it is done/ });
    // From the first answer on: every answer is recorded.
    await waitFor(async () => (await fetch(`${service.baseUrl}/health`).catch(() => undefined))?.ok === true, { timeoutMs: 60_000 });

    const wrong: string[] = [];
    let minted: unknown;
    let polling = true;
    let reads = 0;
    const poller = (async () => {
      while (polling) {
        const [ownersNow, listingNow] = await Promise.all([call("GET", owners), call("GET", listing)]);
        reads += 2;
        if (JSON.stringify(ownersNow) !== JSON.stringify(held)) wrong.push(`${owners} -> ${ownersNow.status} ${JSON.stringify(ownersNow.body).slice(0, 300)}`);
        // The listing without the new token, until it has it; then with it, never without it again.
        if (minted === undefined && listingNow.status === 200 && (listingNow.body as { tokens: unknown[] }).tokens.length === 1) minted = listingNow.body;
        else if (JSON.stringify(listingNow) !== JSON.stringify(minted === undefined ? empty : { status: 200, body: minted })) wrong.push(`${listing} -> ${listingNow.status} ${JSON.stringify(listingNow.body).slice(0, 300)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    try {
      const mint = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: nft, recipientAddress: OWNER });
      expect(mint.status, JSON.stringify(mint.body)).toBe(200);
      const mintedAt = Date.now();
      await waitFor(() => minted !== undefined, { timeoutMs: 60_000, message: () => service.output().slice(from).slice(-3000) });
      const listedAfter = Date.now() - mintedAt;
      console.log(`listed ${listedAfter} ms after the mint`);
      // Listed by the build that answered before: the rebuild was still under way.
      expect(await answeringBuild(service.databaseUrl())).toBe(before);
      expect(listedAfter, `listed ${listedAfter} ms after the mint`).toBeLessThanOrEqual(10_000);
      expect((minted as { tokens: { ownerAddress: string }[] }).tokens.map((token) => getAddress(token.ownerAddress))).toEqual([OWNER]);

      await waitFor(() => service.output().slice(from).includes(`dropped ${before}`), { timeoutMs: 240_000, message: () => service.output().slice(from).slice(-3000) });
      // Some reads from the new build too.
      const switched = reads;
      await waitFor(() => reads > switched + 10, { timeoutMs: 30_000 });
    } finally {
      polling = false;
      await poller;
    }
    expect(wrong).toEqual([]);
    expect(await answeringBuild(service.databaseUrl())).not.toBe(before);
    expect(service.output().slice(from)).toContain(`${before} keeps following the chain while the new build is made`);
    // The added chain's history took the new build at least what the provider's pace allows, and it holds its tokens.
    expect(Date.now() - restartedAt).toBeGreaterThanOrEqual(REBUILD_SECONDS * 1000);
    const old = await call("GET", `/api/v1/erc721/tokens?chainId=${added.entry.id}&contractAddress=${added.entry.contracts[0]!.address}`);
    expect((old.body as { tokens?: unknown[] }).tokens?.length, JSON.stringify(old.body).slice(0, 300)).toBe(5);
  });
});
