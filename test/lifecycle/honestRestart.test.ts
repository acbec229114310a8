/**
 * Issue 25, acceptance 1: a restart on the same data never answers a shorter listing as complete, `/ready` says 200
 * only once the listing is full, and the embedded chain's history is not indexed again.
 */
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
const OWNER = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
const TOKENS = 30;

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.destroy();
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

    // Polled every 100 ms from the first answer: each listing and each /ready, until both say complete for a while.
    const reads: { status: number; tokens: number | undefined; code: string | undefined }[] = [];
    const readies: { status: number; listingFullBefore: boolean }[] = [];
    let listingFull = false;
    let polling = true;
    const poll = (async () => {
      let answered = false;
      while (polling) {
        try {
          const read = await call("GET", listing);
          answered = true;
          reads.push({ status: read.status, tokens: read.body.tokens?.length, code: read.body.code });
          if (read.status === 200) {
            expect(read.body).toEqual(full);
            listingFull = true;
          } else {
            expect(read).toMatchObject({ status: 503, body: { success: false, code: "NOT_READY" } });
          }
          const ready = await fetch(`${service.baseUrl}/ready`);
          readies.push({ status: ready.status, listingFullBefore: listingFull });
        } catch (error) {
          if (answered) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await service.start();
    await waitFor(() => readies.filter((ready) => ready.status === 200).length >= 5, { timeoutMs: 60_000, message: () => `/ready never 200: ${JSON.stringify(reads.slice(-5))}` });
    polling = false;
    await poll;

    expect(reads.length).toBeGreaterThan(5);
    expect(reads.every((read) => (read.status === 200 && read.tokens === TOKENS) || (read.status === 503 && read.code === "NOT_READY"))).toBe(true);
    expect(readies.filter((ready) => ready.status === 200 && !ready.listingFullBefore)).toEqual([]);

    // No re-run: Ponder neither reverts the chain nor indexes its blocks from the start again.
    const log = service.output().slice(restartedAt);
    expect(log).toMatch(/the index keeps what it indexed up to block \d+ and resumes after it/);
    expect(log).not.toMatch(/Started returning 200 responses endpoint=\/ready[\s\S]*Started backfill indexing/);
    // Nothing was minted since the stop: every block Ponder indexes after the start is one without an event of ours.
    const indexed = [...log.matchAll(/Indexed block.*?event_count=(\d+)/g)].map((match) => Number(match[1]));
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.filter((count) => count > 0)).toEqual([]);
  });
});
