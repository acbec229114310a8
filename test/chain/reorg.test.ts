import type pg from "pg";
import type { Address, Hex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { confirmationsOf } from "../../server/chain/transactions/finality.js";
import type { SentTransaction, TransactionPipeline } from "../../server/chain/transactions/pipeline.js";
import { waitFor } from "../helpers/waitFor.js";
import { startCountingRelay, type CountingRelay } from "./countingRelay.js";
import { createTestDatabase } from "./database.js";
import { chainNonce, feeBumpOnNode, memoryLogger, mintToData, recipient, startPipelineWorld, totalMinted, type PipelineWorld } from "./fixtures.js";

let world: PipelineWorld;
beforeAll(async () => {
  world = await startPipelineWorld();
});
afterAll(() => world?.stop());
afterEach(async () => {
  await world.chain.client.setAutomine(true);
});

const rpc = <T = unknown>(method: string, params: unknown[] = []) => world.chain.client.request({ method: method as never, params: params as never }) as Promise<T>;
const mine = (blocks = 1) => world.chain.client.mine({ blocks });
const balanceOf = (collection: Address, owner: Address) =>
  world.chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [owner] });

async function mint(pipeline: TransactionPipeline, collection: Address, to: Address): Promise<SentTransaction> {
  return pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(to), purpose: "test.mint" });
}

async function recordOf(pipeline: TransactionPipeline, hash: Hex) {
  return (await pipeline.get(world.chain.chainId, hash))!;
}

/** The signed bytes the pipeline recorded for an attempt (anvil_reorg takes raw transactions). */
async function rawAttempt(pool: pg.Pool, hash: Hex): Promise<Hex> {
  const { rows } = await pool.query<{ raw: Buffer }>("SELECT raw FROM tokenhub_app.transaction_attempts WHERE hash = $1", [hash]);
  return `0x${rows[0]!.raw.toString("hex")}`;
}

/** Waits until the receipt loop behind `relay` has read the head `passes` more times. */
async function loopPasses(relay: CountingRelay, passes: number): Promise<void> {
  const heads = () => relay.stats.byMethod.eth_getTransactionCount ?? 0;
  const seen = heads();
  await waitFor(() => heads() >= seen + passes, { timeoutMs: 5_000, message: () => "the receipt loop stopped" });
}

describe("finality", () => {
  it("keeps a transaction watched until its third confirmation with finality 3, then marks it final", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const relay = await startCountingRelay(world.chain.node.rpcUrl);
    try {
      const pipeline = await world.pipeline([signer], { finality: 3, rpcUrl: relay.url });
      const sent = await mint(pipeline, collection, recipient(1));
      const mined = await pipeline.waitForReceipt(world.chain.chainId, sent.hash, { timeoutMs: 10_000 });
      expect(mined).toMatchObject({ status: "success", final: false, reorgedFrom: null });
      expect(mined.blockHash).toBe((await world.chain.client.getTransactionReceipt({ hash: sent.hash })).blockHash);
      expect(confirmationsOf(mined.blockNumber!, await pipeline.chainView(world.chain.chainId))).toBe(1);

      await mine(1);
      await loopPasses(relay, 2);
      expect(confirmationsOf(mined.blockNumber!, await pipeline.chainView(world.chain.chainId))).toBe(2);
      expect((await recordOf(pipeline, sent.hash)).final).toBe(false);

      await mine(1);
      const final = await waitFor(async () => {
        const record = await recordOf(pipeline, sent.hash);
        return record.final && record;
      });
      expect(final).toMatchObject({ status: "success", blockNumber: mined.blockNumber, blockHash: mined.blockHash });
      expect(confirmationsOf(mined.blockNumber!, await pipeline.chainView(world.chain.chainId))).toBe(3);
    } finally {
      await relay.stop();
    }
  });

  it("uses the RPC's finalized tag when the chains file names it, and by default where the RPC serves it", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    // anvil finalizes the block 64 below its head (genesis until the chain is that long).
    await mine(64);
    const relay = await startCountingRelay(world.chain.node.rpcUrl);
    try {
      const tagged = await world.pipeline([signer], { finality: "finalized", rpcUrl: relay.url });
      const sent = await mint(tagged, collection, recipient(2));
      const mined = await tagged.waitForReceipt(world.chain.chainId, sent.hash, { timeoutMs: 10_000 });
      expect(await tagged.chainView(world.chain.chainId)).toMatchObject({ finalBlock: mined.blockNumber! - 64n });
      await mine(63);
      await loopPasses(relay, 2);
      expect((await recordOf(tagged, sent.hash)).final).toBe(false);
      await mine(1);
      await waitFor(async () => (await recordOf(tagged, sent.hash)).final);
    } finally {
      await relay.stop();
    }

    const byDefault = await world.pipeline([await world.newSigner()]);
    const head = await world.chain.client.getBlockNumber();
    expect(await byDefault.chainView(world.chain.chainId)).toMatchObject({ head: { blockNumber: head }, finalBlock: head - 64n });
  });

  it("counts 64 confirmations by default on a chain whose RPC does not serve the finalized tag", async () => {
    const refusing = await startCountingRelay(world.chain.node.rpcUrl, 0, (call) => call.method === "eth_getBlockByNumber" && call.params?.[0] === "finalized");
    try {
      const pipeline = await world.pipeline([await world.newSigner()], { rpcUrl: refusing.url });
      const head = await world.chain.client.getBlockNumber();
      expect(await pipeline.chainView(world.chain.chainId)).toMatchObject({ head: { blockNumber: head }, finalBlock: head - 63n });
    } finally {
      await refusing.stop();
    }
  });
});

describe("reorganisations", () => {
  it("puts a transaction whose block was rolled back to pending with reorgedFrom, broadcasts it again, and it lands once", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const { logger, lines } = memoryLogger();
    const pipeline = await world.pipeline([signer], { finality: 5, logger });
    const sent = await mint(pipeline, collection, recipient(3));
    const first = await pipeline.waitForReceipt(world.chain.chainId, sent.hash, { timeoutMs: 10_000 });

    await world.chain.client.setAutomine(false);
    await rpc("anvil_rollback", [1]);
    await mine(2);
    expect(await rpc("eth_getTransactionReceipt", [sent.hash])).toBeNull();
    expect(await balanceOf(collection, recipient(3))).toBe(0n);

    const pending = await waitFor(async () => {
      const record = await recordOf(pipeline, sent.hash);
      return record.status === "pending" && record;
    });
    expect(pending).toMatchObject({
      hash: sent.hash,
      blockNumber: null,
      blockHash: null,
      final: false,
      reorgedFrom: { blockNumber: first.blockNumber, blockHash: first.blockHash },
    });
    // Broadcast again with the same signed bytes: the node has it in its pool under the same hash.
    await waitFor(async () => (await rpc<{ hash: Hex } | null>("eth_getTransactionByHash", [sent.hash]))?.hash === sent.hash);

    await mine(1);
    const again = await pipeline.waitForReceipt(world.chain.chainId, sent.hash, { timeoutMs: 10_000 });
    expect(again).toMatchObject({ status: "success", hash: sent.hash, previousHashes: [], nonce: sent.nonce, reorgedFrom: pending.reorgedFrom });
    // Rolled back to the block below, two empty blocks mined, then the one that holds it again.
    expect(again.blockNumber).toBe(first.blockNumber! + 2n);
    expect(again.blockHash).not.toBe(first.blockHash);
    expect(await balanceOf(collection, recipient(3))).toBe(1n);
    expect(await totalMinted(world, collection)).toBe(1n);
    expect(await chainNonce(world, signer.address)).toBe(sent.nonce + 1);
    expect(lines.some((line) => line.includes('"msg":"blocks reorganised away: their transactions are pending again and broadcast again"'))).toBe(true);
  });

  it("records the attempt a new branch holds when it is another attempt (fee bump) of the same transaction", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const pipeline = await world.pipeline([signer], { finality: 5, resubmitAfterMs: 1_000 });
    await world.chain.client.setAutomine(false);
    const sent = await mint(pipeline, collection, recipient(4));
    const bumped = await feeBumpOnNode(world, pipeline, sent.hash);
    await mine(1);
    const mined = await pipeline.waitForReceipt(world.chain.chainId, sent.hash, { timeoutMs: 10_000 });
    expect(mined).toMatchObject({ status: "success", hash: bumped.hash, previousHashes: [sent.hash] });

    // The new branch holds the first attempt at the same nonce instead of the fee bump that was mined.
    await rpc("anvil_reorg", [1, [[await rawAttempt(world.db.pool, sent.hash), 0]]]);
    const again = await waitFor(async () => {
      const record = await recordOf(pipeline, sent.hash);
      return record.status === "success" && record.hash === sent.hash && record;
    });
    expect(again).toMatchObject({ previousHashes: [bumped.hash], nonce: sent.nonce, reorgedFrom: { blockNumber: mined.blockNumber, blockHash: mined.blockHash } });
    expect(again.blockNumber).toBe(mined.blockNumber);
    expect(await balanceOf(collection, recipient(4))).toBe(1n);
    expect(await totalMinted(world, collection)).toBe(1n);
    expect(await chainNonce(world, signer.address)).toBe(sent.nonce + 1);
  });

  it("sends a call again at a fresh nonce once another installation's transaction at its nonce is final on the new branch", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    // Another installation with the same key and its own database: its send is recorded but never reaches the node.
    const otherDatabase = await createTestDatabase();
    const noBroadcast = await startCountingRelay(world.chain.node.rpcUrl, 0, ["eth_sendRawTransaction"]);
    try {
      const other = await world.pipeline([signer], { pool: otherDatabase.pool, rpcUrl: noBroadcast.url, finality: 50 });
      const { logger, lines } = memoryLogger();
      const pipeline = await world.pipeline([signer], { finality: 2, logger });
      const theirs = await mint(other, collection, recipient(6));
      const ours = await mint(pipeline, collection, recipient(5));
      expect([theirs.nonce, ours.nonce]).toEqual([0, 0]);
      const mined = await pipeline.waitForReceipt(world.chain.chainId, ours.hash, { timeoutMs: 10_000 });

      // The new branch holds the other installation's transaction at nonce 0.
      await rpc("anvil_reorg", [1, [[await rawAttempt(otherDatabase.pool, theirs.hash), 0]]]);
      const waiting = await waitFor(async () => {
        const record = await recordOf(pipeline, ours.hash);
        return record.status === "pending" && record;
      });
      expect(waiting).toMatchObject({ nonce: 0, reorgedFrom: { blockNumber: mined.blockNumber, blockHash: mined.blockHash } });
      expect(await balanceOf(collection, recipient(5))).toBe(0n);
      expect(await balanceOf(collection, recipient(6))).toBe(1n);

      // Its nonce is used, but not in a final block yet (finality 2): a deeper reorganisation could still bring ours back.
      const theirBlock = (await world.chain.client.getTransactionReceipt({ hash: theirs.hash })).blockNumber;
      expect(await world.chain.client.getBlockNumber()).toBe(theirBlock);
      expect((await recordOf(pipeline, ours.hash)).nonce).toBe(0);
      await mine(1);
      const resent = await waitFor(async () => {
        const record = await recordOf(pipeline, ours.hash);
        return record.status === "success" && record;
      });
      expect(resent).toMatchObject({ nonce: 1, previousHashes: [ours.hash], reorgedFrom: waiting.reorgedFrom });
      expect(await world.chain.client.getTransaction({ hash: resent.hash })).toMatchObject({ nonce: 1 });
      await waitFor(async () => (await other.get(world.chain.chainId, theirs.hash))?.status === "success");
      expect(await other.get(world.chain.chainId, theirs.hash)).toMatchObject({ status: "success", nonce: 0, blockNumber: theirBlock });

      // Each accepted mint on chain exactly once; the signer's nonces contiguous.
      expect(await balanceOf(collection, recipient(5))).toBe(1n);
      expect(await balanceOf(collection, recipient(6))).toBe(1n);
      expect(await totalMinted(world, collection)).toBe(2n);
      expect(await chainNonce(world, signer.address)).toBe(2);
      expect(lines.some((line) => line.includes("the call is sent again at a fresh nonce"))).toBe(true);
      await other.stop();
    } finally {
      await noBroadcast.stop();
      await otherDatabase.drop();
    }
  });
});
