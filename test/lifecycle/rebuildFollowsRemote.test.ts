/**
 * Issue 25, Deliver 3 on a remote chain: while a new build is made (TOKENHUB_INDEX_VERSION bumped), the build that
 * answers keeps following a remote chain too. Ponder's start would take back the chain's blocks it does not count
 * final (the newest 30 here) and the build would answer without them for seconds: so the build answers as it stood
 * until the chain has made those blocks final, then its follower starts, and a token minted on the remote chain from
 * then on is listed by the build before within seconds. Every read throughout: 200 with the right body.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, type ChainClient, createCollectionOnChain, deployTokenFactory, minedReceipt, mintErc20InBulk } from "../helpers/chainClient.js";
import { answeringBuild, queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/** Transfer events on the embedded chain, so that the new build takes a while: ERC-20 mints in batches. */
const EVENTS = 200_000;
const PER_TRANSACTION = 1_000;
const HOLDERS = 200;
const REMOTE_ID = 31338;
const OWNER = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
const holder = (index: number) => getAddress(`0x${(0x6000 + index).toString(16).padStart(40, "0")}`);

type Answer = { status: number; body: Record<string, any> };

let service: TestService;
let remote: AnvilInstance;
let far: ChainClient;
let farCollection: Address;
let listing: string;

async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const mintOnRemote = async (amount: bigint) =>
  await minedReceipt(
    far,
    await far.client.writeContract({ address: farCollection, abi: tokenHubERC721Abi, functionName: "mintTo", args: [OWNER, amount], account: far.accounts[0]!, chain: far.client.chain }),
  );

beforeAll(async () => {
  // The remote chain: core contracts, a factory and a collection of 20 tokens, then a block a second, as a real chain.
  remote = await startAnvil({ chainId: REMOTE_ID, quiet: true });
  far = chainClient(remote.rpcUrl, REMOTE_ID);
  const [deployer] = far.accounts;
  const { addresses } = await deployCore(far.client, deployer!);
  const factory = await deployTokenFactory(far, addresses);
  farCollection = (await createCollectionOnChain(far, factory, "erc721", { name: "Far", symbol: "FAR" })).address;
  for (let block = 0; block < 10; block++) await mintOnRemote(2n);
  await far.client.setIntervalMining({ interval: 1 });

  const chainsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-chains-")), "chains.json");
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: REMOTE_ID, name: "far", rpcUrl: remote.rpcUrl, contracts: [{ address: farCollection, kind: "erc721" }] }] }),
  );
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });

  // The embedded chain's history, which the new build indexes again.
  const local = chainClient(service.runtime().chains.find((chain) => chain.id === 31337)!.rpcUrl[0]!);
  const coin = (await createCollectionOnChain(local, service.runtime().chains.find((chain) => chain.id === 31337)!.core.tokenFactory, "erc20", { name: "Bulk", symbol: "BLK" })).address;
  await mintErc20InBulk(local, coin, EVENTS, PER_TRANSACTION, (index) => holder(index % HOLDERS));
  await local.client.mine({ blocks: 64 });
  await waitFor(
    async () => {
      const supply = await queryDatabase<{ n: string }>(service.databaseUrl(), "SELECT count(*)::text AS n FROM tokenhub_index.transfer WHERE contract = $1", [coin.toLowerCase()]);
      return Number(supply[0]?.n) === EVENTS;
    },
    { timeoutMs: 420_000, message: () => "the first build never held every event" },
  );
  listing = `/api/v1/erc721/tokens?chainId=${REMOTE_ID}&contractAddress=${farCollection}&ownerAddress=${OWNER}`;
  await waitFor(async () => (await call("GET", listing)).body.tokens?.length === 20, { timeoutMs: 60_000, message: () => "the remote chain's 20 tokens were never listed" });
}, 540_000);

afterAll(async () => {
  await service?.destroy();
  await remote?.stop();
});

describe("a rebuild of the index with a remote chain", () => {
  it("keeps the build that answers following the remote chain once the chain made its blocks final: every read 200 with the right body, a new token listed within 10 s", { timeout: 360_000 }, async () => {
    const twenty = await call("GET", listing);
    expect(twenty.status).toBe(200);
    const before = await answeringBuild(service.databaseUrl());

    await service.stop();
    service.env.TOKENHUB_INDEX_VERSION = "2";
    const from = service.output().length;
    await service.start({ until: /answers until it is done/ });
    await waitFor(async () => (await fetch(`${service.baseUrl}/health`).catch(() => undefined))?.ok === true, { timeoutMs: 60_000 });

    const wrong: string[] = [];
    let reads = 0;
    let twentyOne: Answer | undefined;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const now = await call("GET", listing);
        reads += 1;
        if (twentyOne === undefined && now.status === 200 && (now.body.tokens as unknown[]).length === 21) twentyOne = now;
        else if (JSON.stringify(now) !== JSON.stringify(twentyOne ?? twenty)) wrong.push(`${now.status} ${JSON.stringify(now.body).slice(0, 300)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    try {
      const log = () => service.output().slice(from);
      await waitFor(() => log().includes(`${before} answers as it stood at the restart until chain far reaches block`), { timeoutMs: 30_000, message: () => log().slice(-3000) });
      // The chain makes those blocks final at once (30 blocks, Ponder's count for this chain id) instead of in half a
      // minute at a block a second: the follower then starts while the new build is still being made, however fast this
      // machine backfills it (on a quiet machine the new build was done before the 30 s).
      await far.client.mine({ blocks: 30 });
      await waitFor(() => log().includes(`${before} keeps following the chain while the new build is made`), { timeoutMs: 120_000, message: () => log().slice(-3000) });
      await mintOnRemote(1n);
      const mintedAt = Date.now();
      await waitFor(() => twentyOne !== undefined, { timeoutMs: 60_000, message: () => log().slice(-3000) });
      const listedAfter = Date.now() - mintedAt;
      expect(await answeringBuild(service.databaseUrl())).toBe(before);
      expect(listedAfter, `listed ${listedAfter} ms after the mint`).toBeLessThanOrEqual(10_000);
      await waitFor(() => log().includes(`dropped ${before}`), { timeoutMs: 240_000, message: () => log().slice(-3000) });
      const switched = reads;
      await waitFor(() => reads > switched + 10, { timeoutMs: 30_000 });
    } finally {
      polling = false;
      await poller;
    }
    expect(wrong).toEqual([]);
    expect(await answeringBuild(service.databaseUrl())).not.toBe(before);
  });
});
