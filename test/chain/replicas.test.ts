import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NONCE_GAP_PURPOSE } from "../../server/chain/transactions/gapFiller.js";
import type { SentTransaction, TransactionPipeline } from "../../server/chain/transactions/pipeline.js";
import { createLease, currentLeases } from "../../server/store/coordination/leases.js";
import { allocateNonces } from "../../server/store/transactions.js";
import { waitFor } from "../helpers/waitFor.js";
import { chainNonce, feeBumpOnNode, mintToData, recipient, startPipelineWorld, totalMinted, type PipelineWorld } from "./fixtures.js";

let world: PipelineWorld;
let secondPool: pg.Pool;
beforeAll(async () => {
  world = await startPipelineWorld();
  // Another replica: its own pool on the same database, as another process would have.
  secondPool = new pg.Pool({ connectionString: `${new URL(`/${world.db.name}`, process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres")}`, max: 4 });
  secondPool.on("error", () => undefined);
});
afterAll(async () => {
  await world?.stop();
  await secondPool?.end();
});
afterEach(async () => {
  await world.chain.client.setAutomine(true);
});

async function settled(pipeline: TransactionPipeline, sent: readonly SentTransaction[]) {
  return waitFor(
    async () => {
      const records = await Promise.all(sent.map((transaction) => pipeline.get(transaction.chainId, transaction.hash)));
      return records.every((record) => record?.status === "success") && records;
    },
    { timeoutMs: 60_000, intervalMs: 100, message: () => "transactions still pending" },
  );
}

describe("two replicas of the pipeline on one database", () => {
  it("share a signer: 400 mints sent to both at once land once each, nonces contiguous, broadcast in order", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const first = await world.pipeline([signer]);
    const second = await world.pipeline([signer], { pool: secondPool });
    const startNonce = await chainNonce(world, signer.address);

    const sent = await Promise.all(
      Array.from({ length: 400 }, (_, index) =>
        (index % 2 === 0 ? first : second).send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(index)), purpose: "test.mint" }),
      ),
    );
    expect(sent.map((transaction) => transaction.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, index) => startNonce + index));
    await settled(first, sent);
    expect(await totalMinted(world, collection)).toBe(400n);
    expect(await chainNonce(world, signer.address)).toBe(startNonce + 400);
  });

  it("run a chain's receipt pass in one replica, and the other takes it over when that one stops", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const receiptLeases = async () => [...(await currentLeases(world.db.pool))].filter(([name]) => name.startsWith(`receipts:${world.chain.chainId}:`));
    const earlier = new Set((await receiptLeases()).map(([name]) => name));
    const pipelines = new Map([
      ["replica-1", await world.pipeline([signer], { replica: "replica-1" })],
      ["replica-2", await world.pipeline([signer], { pool: secondPool, replica: "replica-2" })],
    ]);
    const ours = async () => (await receiptLeases()).filter(([name]) => !earlier.has(name));
    // One holder for the pair, not one each.
    const [, holder] = await waitFor(async () => (await ours())[0]);
    expect(await ours()).toHaveLength(1);

    const survivor = [...pipelines].find(([name]) => name !== holder)![1];
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, index) => survivor.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(1000 + index)), purpose: "test.mint" })),
    );
    await settled(survivor, sent);

    await pipelines.get(holder!)!.stop();
    const afterStop = await Promise.all(
      Array.from({ length: 20 }, (_, index) => survivor.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(2000 + index)), purpose: "test.mint" })),
    );
    await settled(survivor, afterStop);
    expect((await ours()).map(([, name]) => name)).toEqual([[...pipelines.keys()].find((name) => name !== holder)]);
    expect(await totalMinted(world, collection)).toBe(40n);
  });
});

describe("the receipt pass's repairs, with two replicas running it", () => {
  it("bumps the fee of a transaction priced out by the base fee once, not once per replica", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const first = await world.pipeline([signer], { resubmitAfterMs: 500, replica: "replica-1" });
    await world.pipeline([signer], { pool: secondPool, resubmitAfterMs: 500, replica: "replica-2" });
    await world.chain.client.setAutomine(false);
    const sent = await first.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(3000)), purpose: "test.mint" });
    const offered = await world.chain.client.getTransaction({ hash: sent.hash });
    await world.chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: offered.maxFeePerGas! * 4n });
    await world.chain.client.mine({ blocks: 1 });

    const bumped = await feeBumpOnNode(world, first, sent.hash);
    // Mined at once: a second replica bumping the same transaction would have added an attempt by now.
    await world.chain.client.mine({ blocks: 1 });
    const record = await first.waitForReceipt(world.chain.chainId, bumped.hash, { timeoutMs: 15_000 });
    expect(record).toMatchObject({ status: "success", hash: bumped.hash, previousHashes: [sent.hash] });
    const attempts = await world.db.pool.query<{ hash: string }>("SELECT hash FROM tokenhub_app.transaction_attempts WHERE transaction_id = $1 ORDER BY attempt", [record.id]);
    expect(attempts.rows.map((row) => row.hash)).toEqual([sent.hash, bumped.hash]);
    expect(await totalMinted(world, collection)).toBe(1n);
  });

  it("fills a nonce gap once, and the transactions behind it land", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const first = await world.pipeline([signer], { replica: "replica-1" });
    const second = await world.pipeline([signer], { pool: secondPool, replica: "replica-2" });
    const before = await first.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(4000)), purpose: "test.mint" });
    // A crash between allocating nonces and recording their transactions leaves two nonces no transaction uses.
    await allocateNonces(world.db.pool, world.chain.chainId, signer.address, 2);
    const behind = await Promise.all(
      [4001, 4002].map((index, position) =>
        (position === 0 ? first : second).send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(index)), purpose: "test.mint" }),
      ),
    );
    expect(behind.map((sent) => sent.nonce).sort()).toEqual([before.nonce + 3, before.nonce + 4]);
    await settled(first, [before, ...behind]);

    const fillers = await world.db.pool.query<{ nonce: number; status: string }>(
      "SELECT nonce::int AS nonce, status FROM tokenhub_app.transactions WHERE chain_id = $1 AND signer = $2 AND purpose = $3 ORDER BY nonce",
      [world.chain.chainId, signer.address, NONCE_GAP_PURPOSE],
    );
    expect(fillers.rows).toEqual([
      { nonce: before.nonce + 1, status: "success" },
      { nonce: before.nonce + 2, status: "success" },
    ]);
    expect(await chainNonce(world, signer.address)).toBe(before.nonce + 5);
    expect(await totalMinted(world, collection)).toBe(3n);
  });
});

describe("a lease", () => {
  it("runs its job in one holder at a time, and passes to another once the holder stops renewing it", async () => {
    const a = createLease({ pool: world.db.pool, name: "test-job", holder: "a", ttlMs: 1_000 });
    const b = createLease({ pool: secondPool, name: "test-job", holder: "b", ttlMs: 1_000 });
    const ran: string[] = [];
    await a.runIfHeld(async () => void ran.push("a"));
    await b.runIfHeld(async () => void ran.push("b"));
    await a.runIfHeld(async () => void ran.push("a"));
    expect(ran).toEqual(["a", "a"]);
    expect((await currentLeases(world.db.pool)).get("test-job")).toBe("a");

    // A pass longer than the lease keeps it: the holder renews it while the pass runs.
    await a.runIfHeld(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await b.runIfHeld(async () => void ran.push("b"));
    });
    expect(ran).toEqual(["a", "a"]);

    // "a" renews it once more (a third of the lease after its last renewal, in the pass above), then dies: "b" gets it
    // once it expired, not before. Taken before the renewal: the expiry is counted from the database's clock when it
    // renewed, at or after this.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const diedAt = Date.now();
    expect(await renewedBy("test-job", () => a.runIfHeld(async () => undefined))).toBe(true);
    await waitFor(async () => {
      await b.runIfHeld(async () => void ran.push("b"));
      return ran.includes("b");
    }, { timeoutMs: 5_000, intervalMs: 50 });
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(900);
    expect(Date.now() - diedAt).toBeLessThan(2_500);

    // A holder that stops gives it back: the next one has it at once.
    await b.release();
    await a.runIfHeld(async () => void ran.push("a"));
    expect(ran.at(-1)).toBe("a");
  });

  it("is renewed once a third of it has passed, not at every pass: a loop every 200 ms writes its lease every few seconds", async () => {
    const lease = createLease({ pool: world.db.pool, name: "test-frequent-job", holder: "a", ttlMs: 60_000 });
    const passes: number[] = [];
    expect(await renewedBy("test-frequent-job", () => lease.runIfHeld(async () => void passes.push(1)))).toBe(true);
    for (let pass = 0; pass < 5; pass++) expect(await renewedBy("test-frequent-job", () => lease.runIfHeld(async () => void passes.push(1)))).toBe(false);
    expect(passes).toHaveLength(6);
    // Given back, it is taken (and so written) again at the next pass.
    await lease.release();
    expect(await renewedBy("test-frequent-job", () => lease.runIfHeld(async () => void passes.push(1)))).toBe(true);
    expect(passes).toHaveLength(7);
  });
});

/** Whether `pass` renewed the lease `name`: its expiry in the database moved. */
async function renewedBy(name: string, pass: () => Promise<void>): Promise<boolean> {
  const expiry = async () =>
    (await world.db.pool.query<{ expires_at: Date }>("SELECT expires_at FROM tokenhub_app.leases WHERE name = $1", [name])).rows[0]?.expires_at.getTime() ?? 0;
  const before = await expiry();
  await pass();
  return (await expiry()) > before;
}
