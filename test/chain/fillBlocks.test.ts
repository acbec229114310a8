import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type Address, getAddress, numberToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";
import { backlogBlocks, measureBlockSpace, SENT_TRANSACTIONS_SQL, startTimedChain, TIMED_CHAIN_ID, type TimedChain } from "./timedChain.js";

/**
 * Issue 26, Deliver 5: at an offered load above the chain's capacity, the mints landed per block are at least 90 % of
 * what the block gas limit holds at the gas a mint costs. The blocks hold 10M gas (2 s blocks: about 95 mints a
 * second) so that the load offered is above that whatever else the machine runs: with 30M (about 300 a second) the
 * service alone offered 330 a second, and beside two rebuild tests too few for three backlog blocks (issue 36).
 */

let timed: TimedChain;
let service: TestService;
let directory: string;
const MINTS = 3_000;
const CLIENTS = 1_000;
const BLOCK_TIME = 2;
/** Mints to new holders, each its own: the gas of a mint that writes fresh storage, as most mints do. */
const recipient = (index: number) => getAddress(numberToHex(0xb10c_0000_0000n + BigInt(index), { size: 20 }));

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.adminToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  timed = await startTimedChain({ blockTime: BLOCK_TIME, gasLimit: 10_000_000 });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-fill-"));
  // Per-chain RPC limits go here, beside the chain (the test's anvil answers every call; the budget must not be the bound).
  const chainsFile = timed.writeChainsFile(directory, { finality: 1 });
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile, [`TOKENHUB_SIGNER_KEYS_${TIMED_CHAIN_ID}`]: timed.signerKey } });
}, 180_000);

afterAll(async () => {
  await service?.destroy();
  await timed?.stop();
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
});

describe("block space at a load above the chain's capacity", () => {
  it("lands at least 90 % of what each backlog block holds, every mint exactly once", { timeout: 300_000 }, async () => {
    const created = await call("POST", "/api/v1/erc721/create", { chainId: TIMED_CHAIN_ID, name: "Crowded", symbol: "CRWD" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const collection = created.body.contractAddress as Address;
    await waitFor(async () => (await call("GET", `/api/v1/transactions/${created.body.transactionHash}`)).body.status === "success", { timeoutMs: 60_000 });
    const from = await timed.chain.client.getBlockNumber();
    let next = 0;

    const answered = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `${service.baseUrl}/api/v1/erc721/mint`,
          method: "POST",
          connections: CLIENTS,
          amount: MINTS,
          timeout: 120,
          headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
          requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ chainId: TIMED_CHAIN_ID, contractAddress: collection, recipientAddress: recipient(next++) }) }) }],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    expect(answered.non2xx + answered.errors + answered.timeouts).toBe(0);
    expect(answered["2xx"]).toBe(MINTS);

    const pending = async () =>
      Number((await queryDatabase<{ count: string }>(service.databaseUrl(), "SELECT count(*) FROM tokenhub_app.transactions WHERE status = 'pending'"))[0]!.count);
    await waitFor(async () => (await pending()) === 0, { timeoutMs: 120_000, intervalMs: 1_000, message: () => "mints still pending" });
    const sent = await queryDatabase<{ recorded_at: number; block_number: string }>(service.databaseUrl(), SENT_TRANSACTIONS_SQL, [TIMED_CHAIN_ID]);
    const space = await measureBlockSpace(timed.chain, collection, {
      fromBlock: from,
      toBlock: await timed.chain.client.getBlockNumber(),
      backlog: backlogBlocks(sent.map((row) => ({ recordedAt: row.recorded_at, blockNumber: BigInt(row.block_number) })), BLOCK_TIME),
    });

    // Every mint on chain exactly once: as many tokens as answered mints, each token once.
    expect(space.minted.length).toBe(MINTS);
    expect(new Set(space.minted.map((mint) => mint.tokenId)).size).toBe(MINTS);
    expect(new Set(space.minted.map((mint) => mint.to)).size).toBe(MINTS);
    expect(space.backlog.length).toBeGreaterThanOrEqual(3);
    const ratios = space.backlog.map((block) => `${block.number}: ${block.mints} mints, ${(block.ratio * 100).toFixed(1)} % (gas used ${((Number(block.gasUsed) / Number(block.gasLimit)) * 100).toFixed(1)} %)`);
    console.log(`gas per mint ${space.gasPerMint}; backlog blocks ${ratios.join("; ")}`);
    for (const block of space.backlog) expect(block.ratio, ratios.join("; ")).toBeGreaterThanOrEqual(0.9);
  });
});
