/**
 * Issue 25, Deliver 3 on a remote chain: while a new build is made (TOKENHUB_INDEX_VERSION bumped), the build that
 * answers keeps following a remote chain too. Ponder's start would take back the chain's blocks it does not count
 * final (the newest 30 here) and the build would answer without them for seconds: so the build answers as it stood
 * until the chain has made those blocks final, then its follower starts, and a token minted on the remote chain from
 * then on is listed by the build before within seconds. Every read throughout: 200 with the right body.
 *
 * The new build is slow by construction (issue 36): a chain added at the restart has a history the new build fetches
 * within its provider's calls a second, which takes it at least REBUILD_SECONDS on any machine.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, type ChainClient, createCollectionOnChain, deployTokenFactory, minedReceipt } from "../helpers/chainClient.js";
import { answeringBuild, startTestService, type TestService } from "../helpers/service.js";
import { type SlowHistoryChain, startSlowHistoryChain } from "../helpers/slowHistoryChain.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * The least the new build takes (one call a range of the added chain's history; about six times that measured): more
 * than the follower's start after the chain made its blocks final (16 s on a quiet machine), a mint and its listing,
 * with room for a loaded one.
 */
const REBUILD_SECONDS = 15;
const REMOTE_ID = 31338;
const OWNER = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");

type Answer = { status: number; body: Record<string, any> };

let service: TestService;
let remote: AnvilInstance;
let far: ChainClient;
let farCollection: Address;
let listing: string;
let added: SlowHistoryChain;
let chainsFile: string;
const chains: object[] = [];

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

  added = await startSlowHistoryChain({ chainId: 31339, name: "added", seconds: REBUILD_SECONDS });

  chainsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-chains-")), "chains.json");
  chains.push({ id: 31337, name: "local" }, { id: REMOTE_ID, name: "far", rpcUrl: remote.rpcUrl, contracts: [{ address: farCollection, kind: "erc721" }] });
  fs.writeFileSync(chainsFile, JSON.stringify({ chains }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
  listing = `/api/v1/erc721/tokens?chainId=${REMOTE_ID}&contractAddress=${farCollection}&ownerAddress=${OWNER}`;
  await waitFor(async () => (await call("GET", listing)).body.tokens?.length === 20, { timeoutMs: 60_000, message: () => "the remote chain's 20 tokens were never listed" });
}, 240_000);

afterAll(async () => {
  await service?.destroy();
  await remote?.stop();
  await added?.stop();
});

describe("a rebuild of the index with a remote chain", () => {
  it("keeps the build that answers following the remote chain once the chain made its blocks final: every read 200 with the right body, a new token listed within 10 s of its head", { timeout: 360_000 }, async () => {
    const twenty = await call("GET", listing);
    expect(twenty.status).toBe(200);
    const before = await answeringBuild(service.databaseUrl());

    await service.stop();
    service.env.TOKENHUB_INDEX_VERSION = "2";
    fs.writeFileSync(chainsFile, JSON.stringify({ chains: [...chains, added.entry] }));
    const restartedAt = Date.now();
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
      // minute at a block a second: the test takes less of the new build's REBUILD_SECONDS.
      await far.client.mine({ blocks: 30 });
      await waitFor(() => log().includes(`${before} keeps following the chain while the new build is made`), { timeoutMs: 120_000, message: () => log().slice(-3000) });
      // From when the follower holds the chain's head: before, its Ponder starts (seconds, beside the new build's) and
      // indexes the chain's newest 30 blocks one by one, at the 20 calls a second a new Ponder asks at first.
      await waitFor(() => log().includes(`${before} holds the chains' heads and follows them`), { timeoutMs: 150_000, message: () => log().slice(-3000) });
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
    // The added chain's history took the new build at least what the provider's pace allows, and it holds its tokens.
    expect(Date.now() - restartedAt).toBeGreaterThanOrEqual(REBUILD_SECONDS * 1000);
    const old = await call("GET", `/api/v1/erc721/tokens?chainId=${added.entry.id}&contractAddress=${added.entry.contracts[0]!.address}`);
    expect(old.body.tokens?.length, JSON.stringify(old.body).slice(0, 300)).toBe(5);
  });
});
