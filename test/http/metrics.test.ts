import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/** /metrics (docs/deploy.md, "Metrics"): tokenhub's series beside Ponder's, moving as a burst of mints goes through. */

let service: TestService;
let signer: string;
const BURST = 40;

/** The scraped text as `series -> value`, a series being its name and labels as printed. */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(`${service.baseUrl}/metrics`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  expect(response.status).toBe(200);
  const series = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-z_:]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) series.set(match[1]!, Number(match[2]));
  }
  return series;
}

const value = (series: Map<string, number>, key: string) => series.get(key) ?? 0;

async function post(path: string, body: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  // Resubmission after 8 s: longer than the burst below stays unmined, short enough for the fee bump test.
  service = await startTestService({ env: { TOKENHUB_TX_MAX_JOINED_CALLS: "1", TOKENHUB_TX_RESUBMIT_AFTER_MS: "8000" } });
  signer = localSignerAccount(service.dataDir).address;
});

afterAll(async () => {
  await service?.destroy();
});

describe("metrics", () => {
  it("shows the pipeline, route and loop series moving during a mint burst, beside Ponder's", async () => {
    const created = await post("/api/v1/erc721/create", { chainId: 31337, name: "Metered", symbol: "MTR" });
    expect(created.status).toBe(200);
    const chain = 'chain_id="31337"';
    const mintRoute = 'method="POST",route="/api/v1/erc721/mint"';
    const before = await waitFor(async () => {
      const series = await scrape();
      const settled = `{${chain},status="success"}`;
      return value(series, `tokenhub_transactions${settled}`) >= 1 && value(series, `tokenhub_transaction_receipt_seconds_count${settled}`) >= 1 && series;
    });

    // The burst waits unmined (automine off) so that a scrape sees it in flight: pending, queued and ahead of the chain.
    const chainAt = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    await chainAt.client.setAutomine(false);
    const mints = await Promise.all(
      Array.from({ length: BURST }, () => post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: created.body.contractAddress, recipientAddress: signer })),
    );
    expect(mints.map((mint) => mint.status)).toEqual(Array(BURST).fill(200));
    const during = await waitFor(
      async () => {
        const series = await scrape();
        return value(series, `tokenhub_signer_nonce_gap{${chain},signer="${signer}"}`) === BURST && series;
      },
      { timeoutMs: 30_000, message: () => "the burst never showed as a nonce gap" },
    );
    expect(value(during, `tokenhub_transactions{${chain},status="pending"}`)).toBe(BURST);
    expect(value(during, `tokenhub_signer_pending_transactions{${chain},signer="${signer}"}`)).toBe(BURST);
    expect(value(during, `tokenhub_transaction_broadcast_seconds_count{${chain},purpose="erc721.mint"}`) - value(before, `tokenhub_transaction_broadcast_seconds_count{${chain},purpose="erc721.mint"}`)).toBe(BURST);
    await chainAt.client.mine({ blocks: 1 });
    await chainAt.client.setAutomine(true);

    const after = await waitFor(
      async () => {
        const series = await scrape();
        // The gauges are sampled every 2 s, apart from the receipt counter: wait for the pass after the receipts.
        const counted = value(series, `tokenhub_transaction_receipt_seconds_count{${chain},status="success"}`) - value(before, `tokenhub_transaction_receipt_seconds_count{${chain},status="success"}`) === BURST;
        const sampled =
          value(series, `tokenhub_transactions{${chain},status="pending"}`) === 0 && value(series, `tokenhub_signer_nonce_gap{${chain},signer="${signer}"}`) === 0;
        return counted && sampled && series;
      },
      { timeoutMs: 30_000, message: () => "the receipts of the burst were not counted, or the gauges never sampled them" },
    );
    const moved = (key: string) => value(after, key) - value(before, key);
    expect(moved(`tokenhub_http_requests_total{${mintRoute},status="200"}`)).toBe(BURST);
    expect(moved(`tokenhub_http_request_duration_seconds_count{${mintRoute}}`)).toBe(BURST);
    expect(moved(`tokenhub_transaction_broadcast_seconds_count{${chain},purpose="erc721.mint"}`)).toBe(BURST);
    expect(moved(`tokenhub_transactions{${chain},status="success"}`)).toBe(BURST);
    expect(value(after, `tokenhub_transactions{${chain},status="pending"}`)).toBe(0);
    expect(moved(`tokenhub_signer_balance{${chain},signer="${signer}"}`)).toBeLessThan(0);
    expect(value(after, `tokenhub_signer_nonce_gap{${chain},signer="${signer}"}`)).toBe(0);
    expect(value(after, `tokenhub_signer_pending_transactions{${chain},signer="${signer}"}`)).toBe(0);
    expect(moved('tokenhub_loop_duration_seconds_count{loop="pipeline_metrics"}')).toBeGreaterThan(0);
    expect(moved('tokenhub_loop_duration_seconds_count{loop="receipt"}')).toBeGreaterThan(0);
    expect(value(after, 'tokenhub_loop_failures_total{loop="pipeline_metrics"}')).toBe(0);
    // Ponder's own series are in the same scrape.
    expect([...after.keys()].some((key) => key.startsWith("ponder_"))).toBe(true);
  }, 60_000);

  it("counts a fee bump once: the replacement of a mint priced out by the base fee", async () => {
    const created = await post("/api/v1/erc721/create", { chainId: 31337, name: "Bumped", symbol: "BMP" });
    expect(created.status).toBe(200);
    const chain = 'chain_id="31337"';
    const transaction = async (hash: string) =>
      (await (await fetch(`${service.baseUrl}/api/v1/transactions/${hash}`, { headers: { authorization: `Bearer ${service.adminToken}` } })).json()) as {
        status?: string;
        previousHashes?: string[];
      };
    await waitFor(async () => (await transaction(created.body.transactionHash)).status === "success");
    const before = await scrape();

    const chainAt = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    await chainAt.client.setAutomine(false);
    try {
      const minted = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: created.body.contractAddress, recipientAddress: signer });
      expect(minted.status).toBe(200);
      const first = await chainAt.client.getTransaction({ hash: minted.body.transactionHash });
      // The next block's base fee is above what the mint offers: it stays pending until the pipeline bumps its fees.
      await chainAt.client.setNextBlockBaseFeePerGas({ baseFeePerGas: first.maxFeePerGas! * 4n });
      await chainAt.client.mine({ blocks: 1 });
      const bumped = await waitFor(async () => ((await transaction(minted.body.transactionHash)).previousHashes?.length ?? 0) > 0, {
        timeoutMs: 30_000,
        intervalMs: 250,
        message: () => "no fee bump",
      });
      expect(bumped).toBe(true);
      await chainAt.client.mine({ blocks: 1 });
      await waitFor(async () => (await transaction(minted.body.transactionHash)).status === "success", { timeoutMs: 30_000, intervalMs: 250 });
    } finally {
      await chainAt.client.setAutomine(true);
    }

    const after = await waitFor(
      async () => {
        const series = await scrape();
        // The fee bump gauge is sampled from the tables every 2 s: wait for a pass after the bump.
        return value(series, `tokenhub_transaction_fee_bumps{${chain}}`) > value(before, `tokenhub_transaction_fee_bumps{${chain}}`) && series;
      },
      { timeoutMs: 30_000, message: () => "the fee bump never showed in tokenhub_transaction_fee_bumps" },
    );
    const moved = (key: string) => value(after, key) - value(before, key);
    expect(moved(`tokenhub_transaction_fee_bumps{${chain}}`)).toBe(1);
    expect(moved(`tokenhub_transaction_resubmissions_total{${chain},kind="fee_bump"}`)).toBe(1);
    expect(moved(`tokenhub_transaction_resubmissions_total{${chain},kind="rebroadcast"}`)).toBe(0);
  }, 90_000);
});
