import { tokenHubERC721Abi } from "../../abis/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "../../server/errors.js";
import type { SentTransaction } from "../../server/chain/transactions/pipeline.js";
import { createRpcClient } from "../../server/chain/transactions/rpc.js";
import { waitFor } from "../helpers/waitFor.js";
import { chainNonce, memoryLogger, mintToData, recipient, startPipelineWorld, totalMinted, type PipelineWorld } from "./fixtures.js";
import { startRpcProxy, type RpcProxy } from "./rpcProxy.js";

let world: PipelineWorld;
let proxy: RpcProxy;
beforeAll(async () => {
  world = await startPipelineWorld();
  proxy = await startRpcProxy(world.chain.node.rpcUrl, { seed: 20240611, delayMs: [50, 400] });
});
afterAll(async () => {
  await proxy?.stop();
  await world?.stop();
});

describe("RPC faults", () => {
  it("lands every accepted send exactly once when a fifth of RPC calls fail, reset, lose their answer or stall", async () => {
    const signer = await world.newSigner();
    const collection = await world.erc721([signer.address]);
    const startNonce = await chainNonce(world, signer.address);
    proxy.setFaultRate(0.2);
    const pipeline = await world.pipeline([signer], {
      rpcUrl: proxy.url,
      rpcTimeoutMs: 2_000,
      dropGraceMs: 1_000,
      resubmitAfterMs: 4_000,
    });

    // A few sends at a time, so the pipeline makes hundreds of RPC requests rather than a handful of big batches.
    const count = 200;
    const results = await settledWithConcurrency(count, 8, (index) =>
      pipeline.send({ chainId: world.chain.chainId, to: collection, data: mintToData(recipient(index)), purpose: "test.mint" }),
    );
    const accepted = results.flatMap((result, index) => (result.status === "fulfilled" ? [{ index, sent: result.value }] : []));
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    // Retries absorb a 20 % fault rate; a refusal, if one happens, must be the typed one and must have sent nothing.
    expect(refused.every((reason) => reason instanceof ChainUnavailableError)).toBe(true);
    expect(accepted.length).toBeGreaterThan(count * 0.9);

    const records = await waitFor(
      async () => {
        const found = await Promise.all(accepted.map(({ sent }) => pipeline.get(sent.chainId, sent.hash)));
        return found.every((record) => record?.status === "success") && found;
      },
      { timeoutMs: 30_000, intervalMs: 200, message: () => "accepted transactions not all mined" },
    );
    const faults = { ...proxy.stats };
    proxy.setFaultRate(0);

    const balances = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        world.chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient(index)] }),
      ),
    );
    const acceptedIndexes = new Set(accepted.map(({ index }) => index));
    expect(balances.map((balance, index) => [index, balance])).toEqual(
      balances.map((_, index) => [index, acceptedIndexes.has(index) ? 1n : 0n]),
    );
    expect(await totalMinted(world, collection)).toBe(BigInt(accepted.length));
    const nonces = accepted.map(({ sent }: { sent: SentTransaction }) => sent.nonce).sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(accepted.length);
    expect(records.every((record) => record !== undefined && record.blockNumber !== null)).toBe(true);
    // Only accepted mints and gap fillers (none expected: refusals happen before a nonce is allocated) used nonces.
    expect(await chainNonce(world, signer.address)).toBe(startNonce + accepted.length);
    // Each kind of fault really happened (how often depends on how requests were batched in this run).
    for (const fault of ["error-503", "error-429", "reset", "answer-lost", "delay"] as const) expect(faults[fault], fault).toBeGreaterThan(0);
  });

  it("gives up with ChainUnavailableError after its retries when the RPC never answers", async () => {
    proxy.block(["eth_blockNumber"]);
    const rpc = createRpcClient({
      urls: [proxy.url],
      timeoutMs: 1_000,
      retry: { count: 2, baseDelayMs: 10, maxDelayMs: 20 },
      maxBatchSize: 10,
      logger: memoryLogger().logger,
    });
    const blockedBefore = proxy.stats.blocked;
    await expect(rpc.call("eth_blockNumber")).rejects.toBeInstanceOf(ChainUnavailableError);
    expect(proxy.stats.blocked - blockedBefore).toBe(3);
    proxy.block([]);
    expect(typeof (await rpc.call<string>("eth_blockNumber"))).toBe("string");
  });
});

async function settledWithConcurrency<T>(count: number, concurrency: number, run: (index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await run(index).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason: unknown) => ({ status: "rejected", reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
