import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NONCE_GAP_PURPOSE } from "../../server/chain/transactions/gapFiller.js";
import type { SentTransaction } from "../../server/chain/transactions/pipeline.js";
import { allocateNonces, readNextNonce } from "../../server/store/transactions.js";
import { waitFor } from "../helpers/waitFor.js";
import { chainNonce, mintToData, recipient, startPipelineWorld, totalMinted, type PipelineWorld } from "./fixtures.js";
import { startRpcProxy, type RpcProxy } from "./rpcProxy.js";

let world: PipelineWorld;
let proxy: RpcProxy;
beforeAll(async () => {
  world = await startPipelineWorld();
  proxy = await startRpcProxy(world.chain.node.rpcUrl);
});
afterAll(async () => {
  await proxy?.stop();
  await world?.stop();
});

describe("start-up recovery", () => {
  it("rebroadcasts transactions recorded but never broadcast, and fills an allocated-but-unrecorded nonce gap", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const startNonce = await chainNonce(world, signer.address);
    // The process that "crashes": everything reaches the database, no raw transaction reaches the node.
    proxy.block(["eth_sendRawTransaction"]);
    const crashed = await world.pipeline([signer], { rpcUrl: proxy.url, rpcRetry: { count: 1 }, receiptPollMs: 60_000 });
    const mint = (index: number) =>
      crashed.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(index)), purpose: "test.mint" });

    const before = await Promise.all([0, 1, 2, 3, 4].map(mint));
    // A crash between allocating nonces and recording their transactions.
    await allocateNonces(world.db.pool, world.chain.chainId, signer.address, 2);
    const after = await Promise.all([5, 6, 7].map(mint));
    await crashed.stop();
    expect(proxy.stats.blocked).toBeGreaterThan(0);
    expect(await chainNonce(world, signer.address, "pending")).toBe(startNonce);
    expect(after.map((sent) => sent.nonce)).toEqual([startNonce + 7, startNonce + 8, startNonce + 9]);

    const restarted = await world.pipeline([signer]);
    const sent: SentTransaction[] = [...before, ...after];
    const records = await Promise.all(sent.map((transaction) => restarted.waitForReceipt(world.chain.chainId, transaction.hash, { timeoutMs: 15_000 })));
    // The very bytes signed before the crash landed: the hashes the callers were given are the mined ones.
    expect(records.map((record) => [record.status, record.hash, record.previousHashes])).toEqual(
      sent.map((transaction) => ["success", transaction.hash, []]),
    );
    expect(await totalMinted(world, collection)).toBe(8n);
    expect(await chainNonce(world, signer.address)).toBe(startNonce + 10);
    expect(await readNextNonce(world.db.pool, world.chain.chainId, signer.address)).toBe(startNonce + 10);

    const fillers = await world.db.pool.query<{ nonce: string; status: string; to_address: string; value: string; data: Buffer }>(
      "SELECT nonce, status, to_address, value, data FROM tokenhub_app.transactions WHERE signer = $1 AND purpose = $2 ORDER BY nonce",
      [signer.address, NONCE_GAP_PURPOSE],
    );
    expect(fillers.rows.map((row) => [Number(row.nonce), row.status, row.to_address, row.value, row.data.length])).toEqual([
      [startNonce + 5, "success", signer.address, "0", 0],
      [startNonce + 6, "success", signer.address, "0", 0],
    ]);
  });

  it("fills a gap that appears while running, so the transactions behind it land", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const pipeline = await world.pipeline([signer]);
    const first = await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(1)), purpose: "test.mint" });
    await allocateNonces(world.db.pool, world.chain.chainId, signer.address, 1);
    const behind = await pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(2)), purpose: "test.mint" });
    expect(behind.nonce).toBe(first.nonce + 2);

    const record = await pipeline.waitForReceipt(world.chain.chainId, behind.hash, { timeoutMs: 15_000 });
    expect(record.status).toBe("success");
    expect(await totalMinted(world, collection)).toBe(2n);
    await waitFor(async () => (await chainNonce(world, signer.address)) === first.nonce + 3, { timeoutMs: 5_000 });
  });
});
