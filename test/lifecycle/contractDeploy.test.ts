/**
 * A chain that is not the embedded one, as a team meets a public testnet (issue 26, Deliver 1 and acceptance 1): 2 s
 * blocks, history before tokenhub's first block, a node without archive state, and every call through a
 * proxy that imposes a hosted provider's limits (Alchemy's "2K block range" refusal, 429 over 50 calls a second). Core
 * contracts deployed by `tokenhub contract deploy`, and a chains file without startBlock. The command refuses an
 * unfunded signer, deploys once, records the factory's block; the service then indexes from that block through the
 * provider's refusals and is ready within 60 s.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type Address, getAddress, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { predictCoreAddresses } from "../../server/chain/deployCore.js";
import { chainClient, type ChainClient, createCollectionOnChain } from "../helpers/chainClient.js";
import { startLimitingProxy, type LimitingProxy } from "../helpers/limitingProxy.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const CLI = path.resolve(import.meta.dirname, "..", "..", "bin", "tokenhub.mjs");
const CHAIN_ID = 84532;
/**
 * Blocks of history before the deployment, and after it before the service starts. Ponder's backfill asks 25 blocks
 * first and half as many again each time, so it asks more than the provider's 2,000 only past about 6,300 blocks:
 * that is what the blocks after the deployment are for. The history before it is never read when the index starts at
 * the recorded block (the start block and the log line say where it starts), so it only has to be more than a
 * range: anvil mines each block slower as the chain grows (20,000 took 100 s here, the last ones at 6 ms a block),
 * and this file was the slow tier's longest at 20,000 (about 415 s in full runs).
 */
const HISTORY_BLOCKS = 3_000;
const BLOCKS_AFTER_DEPLOY = 7_000;
const BLOCK_SECONDS = 2;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const signerKey = generatePrivateKey();
const signer = privateKeyToAccount(signerKey).address;

let anvil: AnvilInstance;
let proxy: LimitingProxy;
let chain: ChainClient;
let service: TestService | undefined;
let workDir: string;
let database: { admin: string; name: string; url: string };
let cliEnv: NodeJS.ProcessEnv;

async function deploy(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, "contract", "deploy", "--chain", String(CHAIN_ID)], { env: cliEnv, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Mines `blocks` blocks BLOCK_SECONDS apart, straight to the node (a client's timeout and retry would mine them twice),
 * in calls of 1,000 so that no one call outlasts a timeout.
 */
async function mineHistory(blocks: number): Promise<void> {
  for (let left = blocks; left > 0; left -= 1_000) {
    const mined = await fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${Math.min(left, 1_000).toString(16)}`, `0x${BLOCK_SECONDS.toString(16)}`] }),
    });
    expect(mined.status).toBe(200);
  }
}

beforeAll(async () => {
  // The history's timestamps end about now, as a live chain's do.
  const genesisTimestamp = Math.floor(Date.now() / 1000) - (HISTORY_BLOCKS + BLOCKS_AFTER_DEPLOY) * BLOCK_SECONDS;
  anvil = await startAnvil({ chainId: CHAIN_ID, quiet: true, blockTime: BLOCK_SECONDS, pruneHistory: 64, genesisTimestamp });
  chain = chainClient(anvil.rpcUrl, CHAIN_ID);
  await mineHistory(HISTORY_BLOCKS);
  proxy = await startLimitingProxy(anvil.rpcUrl, { maxGetLogsBlocks: 2_000, callsPerSecond: 50 });
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error("this test needs DATABASE_URL (a PostgreSQL server the command and the service share)");
  const name = `tokenhub_test_${crypto.randomBytes(6).toString("hex")}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  database = { admin, name, url: url.toString() };
  await adminQuery(`CREATE DATABASE ${name}`);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-deploy-"));
  const chainsFile = path.join(workDir, "chains.json");
  // No startBlock: the recorded deployment block is the default. The eth_getLogs range is one a user brought from
  // another provider (QuickNode's 10,000), above this one's 2,000: the refusal must be recognised and the range split.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN_ID, name: "testnet", rpcUrl: proxy.url, finality: 3, getLogsBlockRange: 10_000 }] }));
  cliEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: database.url,
    TOKENHUB_DATA_DIR: path.join(workDir, "data"),
    TOKENHUB_CHAINS_FILE: chainsFile,
    [`TOKENHUB_SIGNER_KEYS_${CHAIN_ID}`]: signerKey,
  };
  fs.mkdirSync(cliEnv.TOKENHUB_DATA_DIR!);
}, 600_000);

afterAll(async () => {
  await service?.destroy();
  await proxy?.stop();
  await anvil?.stop();
  if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe("tokenhub contract deploy", { timeout: 180_000 }, () => {
  const { tokenFactory } = predictCoreAddresses();

  it("refuses a signer that cannot pay, naming the address to fund, and sends nothing", async () => {
    const refused = await deploy();
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`^tokenhub: The signer ${signer} holds 0 ETH on chain testnet \\(${CHAIN_ID}\\); deploying 6 contracts \\(\\d+ gas\\) costs up to 0\\.\\d+ ETH at today's fees\\. Fund ${signer} and run this again; nothing was sent\\.\\n$`));
    expect(await chain.client.getTransactionCount({ address: signer })).toBe(0);
    expect(await chain.client.getCode({ address: tokenFactory })).toBeUndefined();
  });

  it("deploys the core contracts once funded, records the factory's block, and sends nothing when run again", async () => {
    await chain.client.setBalance({ address: signer, value: parseEther("1") });
    const first = await deploy();
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stdout.trim().split("\n");
    expect(lines[0]).toBe(`Chain testnet (${CHAIN_ID}) at http://127.0.0.1:${new URL(proxy.url).port}, signer ${signer}.`);
    expect(lines[1]).toMatch(/^Deploying erc6551Registry, accountImplementation, erc20Implementation, erc721Implementation, erc1155Implementation, tokenFactory: \d+ gas, up to 0\.\d+ ETH \(the signer holds 1\)\.$/);
    // Each contract: sent, then deployed, in order.
    expect(lines.slice(2, 14).map((line) => line.replace(/0x[0-9a-fA-F]+/g, "0x…").replace(/block \d+/, "block N"))).toEqual(
      ["erc6551Registry", "accountImplementation", "erc20Implementation", "erc721Implementation", "erc1155Implementation", "tokenFactory"].flatMap((name) => [
        `  ${name} → 0x…: sent 0x…`,
        `  ${name} → 0x…: deployed in block N`,
      ]),
    );
    const factoryBlock = Number(/tokenFactory → 0x[0-9a-fA-F]{40}: deployed in block (\d+)/.exec(first.stdout)![1]);
    expect(factoryBlock).toBeGreaterThan(HISTORY_BLOCKS);
    expect(lines[14]).toBe(`Recorded: TokenFactory deployed in block ${factoryBlock}; the service indexes chain testnet from there (restart it if it runs).`);
    expect(await chain.client.getCode({ address: tokenFactory })).toMatch(/^0x[0-9a-f]{100,}/);
    expect(await queryDatabase(database.url, "SELECT chain_id, factory_address, factory_block FROM tokenhub_app.core_deployments")).toEqual([
      { chain_id: String(CHAIN_ID), factory_address: tokenFactory, factory_block: String(factoryBlock) },
    ]);

    const nonce = await chain.client.getTransactionCount({ address: signer });
    const again = await deploy();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split("\n").slice(1)).toEqual([
      `The core contracts are already deployed (TokenFactory ${tokenFactory}): nothing sent.`,
      `Its deployment block ${factoryBlock} is recorded already.`,
    ]);
    expect(await chain.client.getTransactionCount({ address: signer })).toBe(nonce);
  });

  it("starts the service on the chains file without startBlock: indexed from the recorded block through the provider's limits, ready within 60 s, and it mints", { timeout: 300_000 }, async () => {
    const recorded = (await queryDatabase<{ factory_block: string }>(database.url, "SELECT factory_block FROM tokenhub_app.core_deployments"))[0]!.factory_block;
    // A collection made by someone else just after the deployment, then more history: the index must cover it all.
    const earlier = await createCollectionOnChain(chain, tokenFactory, "erc721", { name: "Earlier", symbol: "EAR" });
    await mineHistory(BLOCKS_AFTER_DEPLOY);
    const head = await chain.client.getBlockNumber();
    expect(head - BigInt(recorded)).toBeGreaterThan(6_500n);
    const started = Date.now();
    service = await startTestService({ env: { DATABASE_URL: database.url, TOKENHUB_CHAINS_FILE: cliEnv.TOKENHUB_CHAINS_FILE, [`TOKENHUB_SIGNER_KEYS_${CHAIN_ID}`]: signerKey } });
    await waitFor(async () => (await fetch(`${service!.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000, message: () => "not ready within 60 s" });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(service.runtime().chains.map((entry) => [entry.id, entry.startBlock, entry.coreDeployed])).toEqual([[CHAIN_ID, Number(recorded), true]]);
    expect(service.output()).toContain(`chain     testnet (${CHAIN_ID}): no startBlock in the chains file: indexed from block ${recorded}, where its factory was deployed`);
    expect(service.output()).toContain(`            indexed from block ${recorded}`);
    expect(proxy.refused.range).toBeGreaterThan(0);
    expect(proxy.widestGetLogs).toBeLessThanOrEqual(2_000);

    const headers = { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` };
    const created = await fetch(`${service.baseUrl}/api/v1/erc721/create`, { method: "POST", headers, body: JSON.stringify({ chainId: CHAIN_ID, name: "First", symbol: "FST" }) });
    const collection = ((await created.json()) as { contractAddress: Address }).contractAddress;
    expect(created.status).toBe(200);
    const minted = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, { method: "POST", headers, body: JSON.stringify({ chainId: CHAIN_ID, contractAddress: collection, recipientAddress: ALICE }) });
    expect(minted.status).toBe(200);
    await waitFor(async () => (await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [ALICE] })) === 1n, { timeoutMs: 30_000 });
    // The index, started at the factory's block, finds the collections the factory created, before and after its start.
    await waitFor(async () => {
      const listed = (await (await fetch(`${service!.baseUrl}/api/v1/collections?chainId=${CHAIN_ID}`, { headers })).json()) as { collections?: { contractAddress: string }[] };
      const addresses = listed.collections?.map((item) => item.contractAddress) ?? [];
      return addresses.includes(collection) && addresses.includes(earlier.address);
    }, { timeoutMs: 30_000, message: () => "the index never listed both collections" });
  });
});
