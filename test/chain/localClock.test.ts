/**
 * The local chain's clock across a stop and a start (issue 38, Deliver 5 and acceptance 3): anvil restarts its clock
 * at the genesis time tokenhub gives it to keep the genesis hash, so without the resume every restart stamped new
 * blocks before the last ones.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AnvilInstance } from "../../server/chain/anvil.js";
import { DEFAULT_CHAINS } from "../../server/chain/chainsConfig.js";
import { resolveChain, stopLocalChain } from "../../server/runtime/chains.js";
import { waitFor } from "../helpers/waitFor.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-clock-"));
const chain = DEFAULT_CHAINS[0]!;
let running: AnvilInstance | undefined;

afterAll(async () => {
  if (running) await stopLocalChain(running, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<AnvilInstance> {
  const resolved = await resolveChain(chain, dataDir, () => undefined);
  if (!("chain" in resolved) || resolved.anvil === undefined) throw new Error("the local chain did not start");
  running = resolved.anvil;
  return resolved.anvil;
}

async function stop(anvil: AnvilInstance): Promise<void> {
  await stopLocalChain(anvil, dataDir);
  running = undefined;
}

async function rpc<T>(anvil: AnvilInstance, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Mines one block (at `timestamp` when given) and answers its number and timestamp. */
async function mine(anvil: AnvilInstance, timestamp?: number): Promise<{ number: number; timestamp: number }> {
  await rpc(anvil, "evm_mine", timestamp === undefined ? [] : [timestamp]);
  const block = await rpc<{ number: string; timestamp: string }>(anvil, "eth_getBlockByNumber", ["latest", false]);
  return { number: Number(block.number), timestamp: Number(block.timestamp) };
}

describe("the local chain's clock", { timeout: 120_000 }, () => {
  it("never goes back across a stop and a start, and follows the wall clock after one", async () => {
    const first = await start();
    const genesis = Number((await rpc<{ timestamp: string }>(first, "eth_getBlockByNumber", ["0x0", false])).timestamp);
    const before = await mine(first);
    await stop(first);
    const stoppedAt = Math.floor(Date.now() / 1000);
    await waitFor(() => Math.floor(Date.now() / 1000) >= stoppedAt + 4, { timeoutMs: 6_000, intervalMs: 100 });

    const second = await start();
    expect(Number((await rpc<{ timestamp: string }>(second, "eth_getBlockByNumber", ["0x0", false])).timestamp)).toBe(genesis);
    const after = await mine(second);
    expect(after.number).toBe(before.number + 1);
    expect(after.timestamp).toBeGreaterThanOrEqual(before.timestamp);
    expect(after.timestamp).toBeGreaterThanOrEqual(stoppedAt + 4);

    // A last block later than the wall clock (a clock set back, or blocks stamped ahead): the next one comes after it.
    const ahead = await mine(second, after.timestamp + 3_600);
    await stop(second);
    const third = await start();
    const next = await mine(third);
    expect(next.number).toBe(ahead.number + 1);
    expect(next.timestamp).toBeGreaterThan(ahead.timestamp);
  });
});
