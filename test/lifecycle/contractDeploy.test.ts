/**
 * A chain that is not the embedded one, as a team meets a public testnet (issue 26, Deliver 1 and acceptance 1's
 * deploy part): history before tokenhub's first block, core contracts deployed by `tokenhub contract deploy`, and a
 * chains file without startBlock. The command refuses an unfunded signer, deploys once, records the factory's block,
 * and the service then indexes from that block and is ready within 60 s.
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
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const CLI = path.resolve(import.meta.dirname, "..", "..", "bin", "tokenhub.mjs");
const CHAIN_ID = 84532;
/**
 * Blocks of history before the deployment. anvil mines a long history slowly (measured on this machine, one
 * anvil_mine call each: 1,000 blocks in 1.2 s, 5,000 in about 50 s, 20,000 in over 6 minutes; each block costs more
 * as the chain grows), so the test shows the start block by its value and the banner, not by the time 20,000 blocks
 * would take.
 */
const HISTORY_BLOCKS = 1_000;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const signerKey = generatePrivateKey();
const signer = privateKeyToAccount(signerKey).address;

let anvil: AnvilInstance;
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

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, quiet: true });
  chain = chainClient(anvil.rpcUrl, CHAIN_ID);
  // Straight to the node: a client's timeout and retry would mine the history twice.
  const mined = await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${HISTORY_BLOCKS.toString(16)}`] }),
  });
  expect(mined.status).toBe(200);
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error("this test needs DATABASE_URL (a PostgreSQL server the command and the service share)");
  const name = `tokenhub_test_${crypto.randomBytes(6).toString("hex")}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  database = { admin, name, url: url.toString() };
  await adminQuery(`CREATE DATABASE ${name}`);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-deploy-"));
  const chainsFile = path.join(workDir, "chains.json");
  // No startBlock: the recorded deployment block is the default.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN_ID, name: "testnet", rpcUrl: anvil.rpcUrl, finality: 3 }] }));
  cliEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: database.url,
    TOKENHUB_DATA_DIR: path.join(workDir, "data"),
    TOKENHUB_CHAINS_FILE: chainsFile,
    [`TOKENHUB_SIGNER_KEYS_${CHAIN_ID}`]: signerKey,
  };
  fs.mkdirSync(cliEnv.TOKENHUB_DATA_DIR!);
}, 180_000);

afterAll(async () => {
  await service?.destroy();
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
    expect(lines[0]).toBe(`Chain testnet (${CHAIN_ID}) at http://127.0.0.1:${new URL(anvil.rpcUrl).port}, signer ${signer}.`);
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
    const head = await chain.client.getBlockNumber();
    const again = await deploy();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split("\n").slice(1)).toEqual([
      `The core contracts are already deployed (TokenFactory ${tokenFactory}): nothing sent.`,
      `Its deployment block ${factoryBlock} is recorded already.`,
    ]);
    expect(await chain.client.getTransactionCount({ address: signer })).toBe(nonce);
    expect(await chain.client.getBlockNumber()).toBe(head);
  });

  it("starts the service on the chains file without startBlock: indexed from the recorded block, ready within 60 s, and it mints", async () => {
    const recorded = (await queryDatabase<{ factory_block: string }>(database.url, "SELECT factory_block FROM tokenhub_app.core_deployments"))[0]!.factory_block;
    const started = Date.now();
    service = await startTestService({ env: { DATABASE_URL: database.url, TOKENHUB_CHAINS_FILE: cliEnv.TOKENHUB_CHAINS_FILE, [`TOKENHUB_SIGNER_KEYS_${CHAIN_ID}`]: signerKey } });
    await waitFor(async () => (await fetch(`${service!.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000, message: () => "not ready within 60 s" });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(service.runtime().chains.map((entry) => [entry.id, entry.startBlock, entry.coreDeployed])).toEqual([[CHAIN_ID, Number(recorded), true]]);
    expect(service.output()).toContain(`chain     testnet (${CHAIN_ID}): no startBlock in the chains file: indexed from block ${recorded}, where its factory was deployed`);
    expect(service.output()).toContain(`            indexed from block ${recorded}`);

    const headers = { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` };
    const created = await fetch(`${service.baseUrl}/api/v1/erc721/create`, { method: "POST", headers, body: JSON.stringify({ chainId: CHAIN_ID, name: "First", symbol: "FST" }) });
    const collection = ((await created.json()) as { contractAddress: Address }).contractAddress;
    expect(created.status).toBe(200);
    const minted = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, { method: "POST", headers, body: JSON.stringify({ chainId: CHAIN_ID, contractAddress: collection, recipientAddress: ALICE }) });
    expect(minted.status).toBe(200);
    await waitFor(async () => (await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [ALICE] })) === 1n, { timeoutMs: 30_000 });
    // The index, started at the factory's block, finds the collection the factory created.
    await waitFor(async () => {
      const listed = (await (await fetch(`${service!.baseUrl}/api/v1/collections?chainId=${CHAIN_ID}`, { headers })).json()) as { collections?: { contractAddress: string }[] };
      return listed.collections?.some((item) => item.contractAddress === collection) === true;
    }, { timeoutMs: 30_000, message: () => "the index never listed the collection" });
  });
});
