import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { freePort } from "../../server/ports.js";
import { chainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
let service: TestService;
let remote: AnvilInstance | undefined;
/** A chain whose RPC answers but that has none of the core contracts. */
let bare: AnvilInstance;
let remotePort: number;
const signerKey = generatePrivateKey();

async function call(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function createAndMint(chainId: number, recipient: Address): Promise<{ collection: Address; minted: Hex }> {
  const created = await call("POST", "/api/v1/erc721/create", { chainId, name: "Up", symbol: "UP" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const collection = created.body.contractAddress as Address;
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${created.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 30_000 });
  const minted = await call("POST", "/api/v1/erc721/mint", { chainId, contractAddress: collection, recipientAddress: recipient });
  expect(minted.status, JSON.stringify(minted.body)).toBe(200);
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${minted.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 30_000 });
  return { collection, minted: minted.body.transactionHash as Hex };
}

beforeAll(async () => {
  // The remote chain's RPC: a port nothing listens on until the test starts a node there.
  remotePort = await freePort();
  bare = await startAnvil({ chainId: 31339, quiet: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-chains-"));
  const chainsFile = path.join(dataDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: 31338, name: "remote", rpcUrl: `http://127.0.0.1:${remotePort}` }, { id: 31339, name: "bare", rpcUrl: bare.rpcUrl }] }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile, TOKENHUB_SIGNER_KEYS_31338: signerKey, TOKENHUB_LOG_LEVLE: "debug" } });
});

afterAll(async () => {
  await service?.destroy();
  await remote?.stop();
  await bare?.stop();
});

/** The banner's lines about one chain: its `chain` line and the indented lines under it. */
function bannerBlock(output: string, chainLine: string): string[] {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.startsWith(chainLine));
  expect(start, `no banner line ${chainLine} in:\n${output}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith("            "));
  return lines.slice(start, end);
}

describe("a chain whose RPC is down at start-up", { timeout: 240_000 }, () => {
  it("does not stop the others: the local chain serves reads and mints, the other answers 503 with the reason", async () => {
    expect(service.output()).toContain(
      `chain     remote (31338): UNREACHABLE, its RPC http://127.0.0.1:${remotePort} does not answer`,
    );
    expect(service.output()).toContain("chain     remote (id 31338) UNREACHABLE: ");

    const recipient = "0x00000000000000000000000000000000000000b1";
    const { collection } = await createAndMint(31337, recipient);
    const tokens = await waitFor(async () => {
      const answer = await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`);
      return (answer.body.tokens as unknown[] | undefined)?.length === 1 ? answer : undefined;
    });
    expect(tokens.status).toBe(200);

    const write = await call("POST", "/api/v1/erc721/create", { chainId: 31338, name: "Down", symbol: "DWN" });
    expect(write.status).toBe(503);
    expect(write.body).toMatchObject({ success: false, code: "CHAIN_UNAVAILABLE" });
    expect(write.body.error).toMatch(new RegExp(`^Chain remote \\(31338\\) is unavailable: its RPC http://127\\.0\\.0\\.1:${remotePort} does not answer .*once its RPC answers\\.$`));
    const read = await call("GET", `/api/v1/erc721/tokens?chainId=31338&contractAddress=${collection}`);
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ success: false, code: "NOT_READY" });
    expect(read.body.error).toMatch(/^Chain remote \(31338\) is not indexed: its RPC .* does not answer/);
  });

  it("does not log a 503 NOT_READY as an error: one INFO request line, nothing else for the request", async () => {
    const response = await fetch(`${service.baseUrl}/api/v1/erc721/tokens?chainId=31338&contractAddress=0x00000000000000000000000000000000000000c1`, {
      headers: { authorization: `Bearer ${service.adminToken}` },
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe("NOT_READY");
    const requestId = response.headers.get("x-request-id")!;
    const ofRequest = () => service.output().split("\n").filter((line) => line.includes(`requestId=${requestId}`));
    await waitFor(() => ofRequest().some((line) => / INFO  request .*status=503/.test(line)), { timeoutMs: 10_000, message: () => `no request line for ${requestId}` });
    expect(ofRequest().filter((line) => /^\S+ (ERROR|WARN) /.test(line))).toEqual([]);
    expect(ofRequest()).toHaveLength(1);
  });

  it("lists in the banner the contracts of the chains that have them, and none for a chain without them", () => {
    const output = service.output();
    const local = bannerBlock(output, "  chain     local (id 31337)");
    expect(local.join("\n")).toMatch(/TokenFactory 0x[0-9a-fA-F]{40}/);
    expect(bannerBlock(output, "  chain     bare (id 31339)")).toEqual([
      "  chain     bare (id 31339)",
      // No startBlock in the chains file and no deployment recorded for it: from the first block.
      "            indexed from block 0",
      "            core contracts missing: collections and accounts cannot be created here until they are deployed",
    ]);
    // The unreachable chain: its reason, no contracts.
    expect(bannerBlock(output, "  chain     remote (id 31338)")).toEqual([expect.stringMatching(/^  chain     remote \(id 31338\) UNREACHABLE: /)]);
  });

  it("serves the chain once its RPC answers, without a restart", async () => {
    const supervisor = service.pid();
    remote = await startAnvil({ chainId: 31338, port: remotePort, quiet: true });
    const chain = chainClient(remote.rpcUrl, 31338);
    await waitFor(() => service.output().includes("indexer   remote answers now: restarting the indexer with it"), { timeoutMs: 30_000 });
    await waitFor(
      async () => (await call("GET", "/api/v1/collections?chainId=31338").catch(() => ({ status: 0 }))).status === 200 && (await fetch(`${service.baseUrl}/ready`)).ok,
      { timeoutMs: 60_000 },
    );
    // tokenhub's contracts deployed only once the service has joined the chain, which found none then: a create asks
    // the chain again instead of refusing until a restart.
    expect(service.output()).toContain("contracts remote: missing");
    await deployCore(chain.client, chain.accounts[0]!);
    await chain.client.setBalance({ address: privateKeyToAccount(signerKey).address, value: 10n ** 21n });
    const recipient = "0x00000000000000000000000000000000000000b2";
    const { collection } = await createAndMint(31338, recipient);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient] })).toBe(1n);
    await waitFor(async () => ((await call("GET", `/api/v1/erc721/tokens?chainId=31338&contractAddress=${collection}`)).body.tokens as unknown[] | undefined)?.length === 1, {
      timeoutMs: 30_000,
    });
    // The local chain's index came along: its collection is still listed.
    expect(((await call("GET", "/api/v1/collections?chainId=31337")).body.collections as unknown[]).length).toBe(1);
    expect(service.pid()).toBe(supervisor);
  });
});

describe("configuration", () => {
  it("warns about a misspelt TOKENHUB_* variable at start", () => {
    expect(service.output()).toContain("config    WARNING TOKENHUB_LOG_LEVLE is not a tokenhub setting and is ignored; did you mean TOKENHUB_LOG_LEVEL?");
  });

  it("refuses a chains file with a misspelt key before it creates or starts anything", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-typo-")), "data");
    const chainsFile = path.join(path.dirname(dataDir), "chains.json");
    fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 8453, name: "base", rpcURL: "http://127.0.0.1:1" }] }));
    const run = spawn(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), "start"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, TOKENHUB_DATA_DIR: dataDir, TOKENHUB_CHAINS_FILE: chainsFile, PORT: String(await freePort()) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    run.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(`tokenhub: Invalid chains file ${chainsFile}: chains[0].rpcURL: unknown key; did you mean rpcUrl?\n`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
