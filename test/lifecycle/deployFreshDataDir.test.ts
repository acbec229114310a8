/**
 * Issue 38, Deliver 4: `tokenhub contract deploy` on a data directory no `tokenhub start` has used, with the embedded
 * database (no DATABASE_URL). The command makes the database a first start would make, deploys, records the
 * deployment there and stops what it started; run again, it finds the record.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { predictCoreAddresses } from "../../server/chain/deployCore.js";
import { LOCK_FILE } from "../../server/runtime/dataDirLock.js";
import { chainClient } from "../helpers/chainClient.js";
import { processesOf } from "../helpers/service.js";

const CLI = path.resolve(import.meta.dirname, "..", "..", "bin", "tokenhub.mjs");
const CHAIN_ID = 84532;
const signerKey = generatePrivateKey();

let anvil: AnvilInstance;
let workDir: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;

async function tokenhub(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const deploy = () => tokenhub("contract", "deploy", "--chain", String(CHAIN_ID));

/** What the command leaves once it has exited: no PostgreSQL server, no lock on the data directory. */
function expectNothingRunning(): void {
  expect(processesOf(dataDir)).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, quiet: true });
  await chainClient(anvil.rpcUrl, CHAIN_ID).client.setBalance({ address: privateKeyToAccount(signerKey).address, value: parseEther("1") });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-fresh-deploy-"));
  // Not inside workDir, which only its owner may enter: as root, PostgreSQL would run outside the data directory
  // (privateDirectory.test.ts).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-fresh-data-"));
  const chainsFile = path.join(workDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN_ID, name: "testnet", rpcUrl: anvil.rpcUrl }] }));
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TOKENHUB_DATA_DIR: dataDir,
    TOKENHUB_CHAINS_FILE: chainsFile,
    [`TOKENHUB_SIGNER_KEYS_${CHAIN_ID}`]: signerKey,
  };
});

afterAll(async () => {
  await anvil?.stop();
  for (const dir of [workDir, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("tokenhub contract deploy on an empty data directory", { timeout: 120_000 }, () => {
  it("leaves the other commands as they were: a listing says there is nothing yet, and makes nothing", async () => {
    expect(await tokenhub("project", "list")).toEqual({
      code: 2,
      stdout: "",
      stderr: `tokenhub: No tokenhub data in ${dataDir}: run 'npm start' once first, or set DATABASE_URL.\n`,
    });
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("makes the embedded database, deploys, records the deployment there, and leaves nothing running", async () => {
    expect(fs.readdirSync(dataDir)).toEqual([]);
    const first = await deploy();
    expect(first.code, first.stderr).toBe(0);
    const recorded = /^Recorded: TokenFactory deployed in block (\d+);/m.exec(first.stdout);
    expect(recorded, first.stdout).not.toBeNull();
    const code = await chainClient(anvil.rpcUrl, CHAIN_ID).client.getCode({ address: predictCoreAddresses().tokenFactory });
    expect(code?.length).toBeGreaterThan(2);
    expect(fs.lstatSync(path.join(dataDir, "postgres")).isDirectory()).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    expectNothingRunning();

    // Read from the database the first run made: the record, not the chain, says where the factory is.
    const again = await deploy();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`The core contracts are already deployed (TokenFactory ${predictCoreAddresses().tokenFactory}): nothing sent.`);
    expect(again.stdout).toContain(`Its deployment block ${recorded![1]} is recorded already.`);
    expectNothingRunning();
  });
});
