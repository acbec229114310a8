/**
 * Issue 25, acceptance 1: a restart on the same data never answers a shorter listing as complete, `/ready` says 200
 * only once the listing is full, and the embedded chain's history is not indexed again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, createCollectionOnChain, deployTokenFactory, minedReceipt } from "../helpers/chainClient.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let remoteService: TestService | undefined;
let remote: AnvilInstance | undefined;
const OWNER = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
const TOKENS = 30;

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown, on: TestService = service): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${on.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${on.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

type Read = { status: number; full: boolean; code: string | undefined };

/**
 * Starts `on` again and polls /ready, then `listing`, every 100 ms from the first answer until /ready has said 200 five
 * times. Every read, and how many /ready 200s a listing read after them found short: /ready is asked first, so that a
 * listing completed between the two reads is not counted against it.
 */
async function pollThroughRestart(on: TestService, listing: string, full: Body): Promise<{ reads: Read[]; readiesBeforeFull: number }> {
  const reads: Read[] = [];
  let readiesBeforeFull = 0;
  let readies = 0;
  let polling = true;
  const poll = (async () => {
    let answered = false;
    while (polling) {
      try {
        const ready = await fetch(`${on.baseUrl}/ready`);
        const read = await call("GET", listing, undefined, on);
        answered = true;
        const isFull = read.status === 200 && JSON.stringify(read.body) === JSON.stringify(full);
        reads.push({ status: read.status, full: isFull, code: read.body.code });
        if (ready.status === 200) {
          readies += 1;
          if (!isFull) readiesBeforeFull += 1;
        }
      } catch (error) {
        if (answered) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await on.start();
  await waitFor(() => readies >= 5, { timeoutMs: 90_000, message: () => `/ready was not 200 five times: ${JSON.stringify(reads.slice(-5))}` });
  polling = false;
  await poll;
  return { reads, readiesBeforeFull };
}

beforeAll(async () => {
  // At debug, Ponder's line for each block it indexes live stays in the output (server/indexer/ponderLaunch.ts): what
  // this file counts.
  service = await startTestService({ env: { TOKENHUB_LOG_LEVEL: "debug" } });
});

afterAll(async () => {
  await service?.destroy();
  await remoteService?.destroy();
  await remote?.stop();
});

describe("a restart on the same data", () => {
  it("answers the full listing or 503 NOT_READY, /ready only once it is full, and re-runs no history", { timeout: 240_000 }, async () => {
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Kept", symbol: "KEPT" });
    expect(created.status).toBe(200);
    const collection = created.body.contractAddress as Address;
    for (let sent = 0; sent < TOKENS; sent += 10) {
      const minted = await Promise.all(
        Array.from({ length: 10 }, () => call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: OWNER })),
      );
      for (const mint of minted) expect(mint.status).toBe(200);
      await Promise.all(
        minted.map((mint) =>
          waitFor(async () => (await call("GET", `/api/v1/transactions/${mint.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 30_000 }),
        ),
      );
    }
    const listing = `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&ownerAddress=${OWNER}`;
    await waitFor(async () => (await call("GET", listing)).body.tokens?.length === TOKENS, { timeoutMs: 30_000 });
    const full = (await call("GET", listing)).body;

    service.signal("SIGINT", "group");
    expect(await service.exited()).toBe(0);
    const restartedAt = service.output().length;

    const { reads, readiesBeforeFull } = await pollThroughRestart(service, listing, full);
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.filter((read) => !((read.status === 200 && read.full) || (read.status === 503 && read.code === "NOT_READY")))).toEqual([]);
    expect(readiesBeforeFull).toEqual(0);

    // No re-run: Ponder neither reverts the chain nor indexes its blocks from the start again.
    const log = service.output().slice(restartedAt);
    expect(log).toMatch(/the index keeps what it indexed up to block \d+ and resumes after it/);
    expect(log).not.toMatch(/Started returning 200 responses endpoint=\/ready[\s\S]*Started backfill indexing/);
    // Nothing was minted since the stop: every block Ponder indexes after the start is one without an event of ours.
    const indexed = [...log.matchAll(/Indexed block.*?event_count=(\d+)/g)].map((match) => Number(match[1]));
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.filter((count) => count > 0)).toEqual([]);
  });

  it("on a remote chain, whose unfinalized window Ponder redoes, answers 503 NOT_READY until that window is back, and /ready 503", { timeout: 240_000 }, async () => {
    remote = await startAnvil({ chainId: 31338, quiet: true });
    const chain = chainClient(remote.rpcUrl, 31338);
    const [deployer] = chain.accounts;
    const { addresses } = await deployCore(chain.client, deployer!);
    const factory = await deployTokenFactory(chain, addresses);
    const { address: collection } = await createCollectionOnChain(chain, factory, "erc721", { name: "Far", symbol: "FAR" });
    for (let block = 0; block < 10; block++) {
      await minedReceipt(
        chain,
        await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "mintTo", args: [OWNER, 2n], account: deployer!, chain: chain.client.chain }),
      );
    }
    const chainsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-chains-")), "chains.json");
    fs.writeFileSync(
      chainsFile,
      JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: 31338, name: "far", rpcUrl: remote.rpcUrl, contracts: [{ address: collection, kind: "erc721" }] }] }),
    );
    remoteService = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile, TOKENHUB_LOG_LEVEL: "debug" } });
    const listing = `/api/v1/erc721/tokens?chainId=31338&contractAddress=${collection}&ownerAddress=${OWNER}`;
    const full = await waitFor(async () => {
      const read = await call("GET", listing, undefined, remoteService);
      return read.body.tokens?.length === 20 && read.body;
    }, { timeoutMs: 60_000, message: () => "the remote chain's 20 tokens were never listed" });

    remoteService.signal("SIGINT", "group");
    expect(await remoteService.exited()).toBe(0);
    const restartedAt = remoteService.output().length;
    // The chain makes blocks again once Ponder starts: its finalized block (the head less 30) is then below what the
    // index held, so Ponder's crash recovery reverts those blocks, marks the build ready at its finalized block and
    // brings them back only through its live sync, which these blocks drive.
    const producing = setInterval(() => {
      if (remoteService!.output().slice(restartedAt).includes("starting Ponder")) void chain.client.mine({ blocks: 1 }).catch(() => undefined);
    }, 500);
    try {
      const { reads, readiesBeforeFull } = await pollThroughRestart(remoteService, listing, full);
      expect(reads.filter((read) => !((read.status === 200 && read.full) || (read.status === 503 && read.code === "NOT_READY")))).toEqual([]);
      expect(readiesBeforeFull).toEqual(0);
    } finally {
      clearInterval(producing);
    }
    // Ponder did revert the window (what the hold is for): its crash recovery ran on a chain with events in it.
    expect(remoteService.output().slice(restartedAt)).toMatch(/Indexed block.*chain=far.*event_count=[1-9]/);
  });
});
