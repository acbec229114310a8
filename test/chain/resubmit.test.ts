import { parseGwei } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/waitFor.js";
import { feeBumpOnNode, memoryLogger, mintToData, recipient, startPipelineWorld, totalMinted, type PipelineWorld } from "./fixtures.js";

let world: PipelineWorld;
beforeAll(async () => {
  world = await startPipelineWorld();
});
afterAll(() => world?.stop());
afterEach(async () => {
  await world.chain.client.setAutomine(true);
});

const rpc = (method: string, params: unknown[] = []) => world.chain.client.request({ method: method as never, params: params as never });

describe("resubmission", () => {
  it("rebroadcasts a transaction the node dropped from its pool, and it lands under the same hash", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const pipeline = await world.pipeline([signer], { dropGraceMs: 300, resubmitAfterMs: 30_000 });
    await world.chain.client.setAutomine(false);
    const sent = await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(1)), purpose: "test.mint" });
    expect(await world.chain.client.getTransaction({ hash: sent.hash })).toMatchObject({ hash: sent.hash });

    await rpc("anvil_dropTransaction", [sent.hash]);
    expect(await rpc("eth_getTransactionByHash", [sent.hash])).toBeNull();
    await world.chain.client.setAutomine(true);

    const record = await pipeline.waitForReceipt(world.chain.chainId, sent.hash, { timeoutMs: 10_000 });
    expect(record).toMatchObject({ status: "success", hash: sent.hash, previousHashes: [] });
    expect(await totalMinted(world, collection)).toBe(1n);
  });

  it("replaces a transaction priced out by the base fee with a fee bump, keeping the first hash", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const { logger, lines } = memoryLogger();
    const pipeline = await world.pipeline([signer], { resubmitAfterMs: 500, logger });
    await world.chain.client.setAutomine(false);
    const sent = await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(2)), purpose: "test.mint" });
    const first = await world.chain.client.getTransaction({ hash: sent.hash });

    // The next block's base fee rises above what the transaction offers: it cannot be mined.
    await world.chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: first.maxFeePerGas! * 4n });
    await world.chain.client.mine({ blocks: 1 });
    expect(await rpc("eth_getTransactionReceipt", [sent.hash])).toBeNull();

    const bumped = await feeBumpOnNode(world, pipeline, sent.hash, { timeoutMs: 10_000 });
    expect(bumped.previousHashes).toEqual([sent.hash]);
    const replacement = await world.chain.client.getTransaction({ hash: bumped.hash });
    expect(replacement.nonce).toBe(sent.nonce);
    expect(replacement.maxFeePerGas!).toBeGreaterThan(first.maxFeePerGas! * 4n);

    await world.chain.client.mine({ blocks: 1 });
    const record = await pipeline.waitForReceipt(world.chain.chainId, bumped.hash, { timeoutMs: 10_000 });
    expect(record).toMatchObject({ status: "success", hash: bumped.hash, previousHashes: [sent.hash] });
    // Any attempt's hash finds the transaction.
    expect((await pipeline.get(world.chain.chainId, sent.hash))?.id).toBe(record.id);
    expect(await totalMinted(world, collection)).toBe(1n);
    expect(lines.some((line) => line.includes('"msg":"fee bump"'))).toBe(true);
  });

  it("waits at the fee cap instead of failing, and lands once fees come down", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const cap = parseGwei("20");
    const { logger, lines } = memoryLogger();
    const pipeline = await world.pipeline([signer], { resubmitAfterMs: 300, maxFeePerGasCap: cap, logger });
    await world.chain.client.setAutomine(false);
    const sent = await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(3)), purpose: "test.mint" });

    await world.chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("100") });
    await world.chain.client.mine({ blocks: 1 });
    await waitFor(() => lines.some((line) => line.includes('"msg":"fee cap reached: waiting for lower fees"')), {
      timeoutMs: 10_000,
      message: () => "the cap was never reached",
    });
    const waiting = (await pipeline.get(world.chain.chainId, sent.hash))!;
    expect(waiting.status).toBe("pending");
    const attempts = await world.db.pool.query<{ max_fee_per_gas: string }>(
      "SELECT max_fee_per_gas FROM tokenhub_app.transaction_attempts WHERE transaction_id = $1",
      [waiting.id],
    );
    expect(attempts.rows.every((row) => BigInt(row.max_fee_per_gas) <= cap)).toBe(true);
    // Still waiting, not failed, several passes later.
    const offers = () => lines.filter((line) => line.includes('"msg":"offering capped transactions again"')).length;
    const offered = offers();
    await waitFor(() => offers() >= offered + 3, { timeoutMs: 5_000, message: () => "the monitor stopped offering the capped transaction" });
    expect((await pipeline.get(world.chain.chainId, sent.hash))!.status).toBe("pending");

    await world.chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
    // Automine is off: mine until an attempt, offered again by the monitor at the lower base fee, is included.
    const record = await waitFor(
      async () => {
        await world.chain.client.mine({ blocks: 1 });
        const current = await pipeline.get(world.chain.chainId, sent.hash);
        return current?.status !== "pending" && current;
      },
      { timeoutMs: 10_000, intervalMs: 100, message: () => "never landed after the base fee came down" },
    );
    expect(record.status).toBe("success");
    expect(await totalMinted(world, collection)).toBe(1n);
  });
});
