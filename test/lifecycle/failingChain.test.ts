import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient } from "../helpers/chainClient.js";
import { startLimitingProxy, type LimitingProxy } from "../helpers/limitingProxy.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Issue 26, acceptance 3: a chain whose RPC refuses every call (HTTP 429 with Alchemy's words) for the whole run, and
 * one whose RPC starts refusing while the service runs. Neither stops the service: the local chain serves mints and
 * reads throughout, the failing chains answer 503 CHAIN_UNAVAILABLE with the reason. A third chain's RPC refuses the
 * start's first reads of contract code: it still creates collections (the refusals were not taken for missing
 * contracts).
 */
let service: TestService;
let refusingNode: AnvilInstance;
let failingNode: AnvilInstance;
let coyNode: AnvilInstance;
let refusing: LimitingProxy;
let failing: LimitingProxy;
let coy: LimitingProxy;
/** Code reads the coy chain's RPC refuses at the start: fewer than start-up tries one (so the chain comes up with the rest). */
const CODE_READS_REFUSED = 2;
const signerKey = generatePrivateKey();

async function call(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
}

/** A collection created and a token minted on the chain, both awaited until the index shows the token. */
async function createAndMint(chainId: number, recipient: Address): Promise<Address> {
  const created = await call("POST", "/api/v1/erc721/create", { chainId, name: "Up", symbol: "UP" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const collection = created.body.contractAddress as Address;
  const minted = await call("POST", "/api/v1/erc721/mint", { chainId, contractAddress: collection, recipientAddress: recipient });
  expect(minted.status, JSON.stringify(minted.body)).toBe(200);
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${minted.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 30_000 });
  await waitFor(async () => ((await call("GET", `/api/v1/erc721/tokens?chainId=${chainId}&contractAddress=${collection}`)).body.tokens as unknown[] | undefined)?.length === 1, {
    timeoutMs: 30_000,
  });
  return collection;
}

beforeAll(async () => {
  [refusingNode, failingNode, coyNode] = (await Promise.all([31338, 31339, 31340].map((chainId) => startAnvil({ chainId, quiet: true })))) as [AnvilInstance, AnvilInstance, AnvilInstance];
  for (const [node, chainId] of [[failingNode!, 31339], [coyNode!, 31340]] as const) {
    const chain = chainClient(node.rpcUrl, chainId);
    await deployCore(chain.client, chain.accounts[0]!);
    await chain.client.setBalance({ address: privateKeyToAccount(signerKey).address, value: 10n ** 21n });
  }
  refusing = await startLimitingProxy(refusingNode.rpcUrl);
  refusing.refuse("all");
  failing = await startLimitingProxy(failingNode.rpcUrl);
  coy = await startLimitingProxy(coyNode.rpcUrl);
  let codeReads = 0;
  coy.refuse((call) => call.method === "eth_getCode" && ++codeReads <= CODE_READS_REFUSED);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-failing-chain-"));
  const chainsFile = path.join(dataDir, "chains.json");
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({
      chains: [
        { id: 31337, name: "local" },
        { id: 31338, name: "refusing", rpcUrl: refusing.url },
        { id: 31339, name: "failing", rpcUrl: failing.url, finality: 0 },
        { id: 31340, name: "coy", rpcUrl: coy.url, finality: 0 },
      ],
    }),
  );
  service = await startTestService({
    env: { TOKENHUB_CHAINS_FILE: chainsFile, TOKENHUB_SIGNER_KEYS_31338: generatePrivateKey(), TOKENHUB_SIGNER_KEYS_31339: signerKey, TOKENHUB_SIGNER_KEYS_31340: signerKey },
  });
}, 180_000);

afterAll(async () => {
  await service?.destroy();
  await Promise.all([refusing?.stop(), failing?.stop(), coy?.stop()]);
  await Promise.all([refusingNode?.stop(), failingNode?.stop(), coyNode?.stop()]);
});

describe("one chain's RPC never stops the service", { timeout: 300_000 }, () => {
  it("serves the local chain while another chain's RPC refuses everything; that chain answers 503 CHAIN_UNAVAILABLE", async () => {
    await createAndMint(31337, "0x00000000000000000000000000000000000000b1");
    const write = await call("POST", "/api/v1/erc721/create", { chainId: 31338, name: "Down", symbol: "DWN" });
    expect(write.status).toBe(503);
    expect(write.body).toMatchObject({ success: false, code: "CHAIN_UNAVAILABLE" });
    expect(write.body.error).toMatch(/^Chain refusing \(31338\) is unavailable: its RPC .* does not answer/);
    expect(write.retryAfter).not.toBeNull();
    expect(refusing.refused.all).toBeGreaterThan(0);
    expect(refusing.forwarded.size).toBe(0);
  });

  it("does not take the start's refused code reads for missing contracts: the chain creates collections", async () => {
    expect(coy.refused.all).toBe(CODE_READS_REFUSED);
    expect(service.output()).toContain("contracts coy: core contracts present");
    await createAndMint(31340, "0x00000000000000000000000000000000000000d1");
  });

  it("keeps serving when a chain's RPC starts refusing while it runs, past Ponder's own retries; that chain answers 503 until its RPC answers again", async () => {
    await createAndMint(31339, "0x00000000000000000000000000000000000000c1");
    failing.refuse("all");
    const since = Date.now();
    // A write meets the refusals itself first (503 once its retries run out); the pipeline's receipt pass meets them
    // every second, and after ten seconds of nothing but refusals the chain is turned away at once, with the reason.
    const answers: { status: number; code: unknown }[] = [];
    const turnedAway = await waitFor(
      async () => {
        const answer = await call("POST", "/api/v1/erc721/create", { chainId: 31339, name: "Later", symbol: "LTR" });
        answers.push({ status: answer.status, code: answer.body.code });
        return answer.status === 503 && /its RPC has failed every call/.test(String(answer.body.error)) ? answer : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
    expect(answers).toEqual(answers.map(() => ({ status: 503, code: "CHAIN_UNAVAILABLE" })));
    expect(turnedAway.body).toMatchObject({ success: false, code: "CHAIN_UNAVAILABLE" });
    expect(turnedAway.body.error).toMatch(/^Chain failing \(31339\) is unavailable: its RPC has failed every call for \d+ s \(last: .*\)/);
    expect(turnedAway.retryAfter).not.toBeNull();

    // Ponder gives a call up after ten tries over about 64 s and stopped the whole process then; the local chain
    // still serves mints and reads well after that.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, since + 80_000 - Date.now())));
    await createAndMint(31337, "0x00000000000000000000000000000000000000b2");
    expect(failing.refused.all).toBeGreaterThan(0);
    expect(service.output()).not.toMatch(/unhandledRejection: stopping|uncaughtException: stopping/);

    failing.refuse("none");
    await waitFor(async () => (await call("POST", "/api/v1/erc721/create", { chainId: 31339, name: "Back", symbol: "BCK" })).status === 200, {
      timeoutMs: 60_000,
      intervalMs: 1_000,
    });
  });
});
