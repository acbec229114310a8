/**
 * What a running service costs while nobody uses it: CPU seconds a minute by program, and the database transactions a
 * second its loops make, against a bare Ponder app (bench/backfill/bareApp, the installed Ponder) following the same
 * chain, in the same run. Both sit on a chain that mines no blocks and on the PostgreSQL of DATABASE_URL, each in a
 * database of its own; each is measured alone, after it has settled.
 *
 *   npm run bench:idle [-- --seconds 60 --rounds 2]
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { bytesToHex } from "viem";
import { anvilDevAccount } from "../../server/chain/anvil.js";
import { ponderBin } from "../../server/indexer/ponderInternals.js";
import { freePort } from "../../server/ports.js";
import { startTestService } from "../../test/helpers/service.js";
import { waitFor } from "../../test/helpers/waitFor.js";
import { BENCH_CHAIN_ID, generateChain } from "../backfill/generate.js";
import { databaseCpuBetween, databaseCpuSeconds } from "../lib/databaseCpu.js";
import { treeCpuSeconds } from "../lib/processTree.js";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" }, settle: { type: "string", default: "30" }, rounds: { type: "string", default: "2" } } });
const windowSeconds = Number(values.seconds);
const settleSeconds = Number(values.settle);
const rounds = Number(values.rounds);
const ADMIN_DATABASE_URL = process.env.DATABASE_URL;
if (!ADMIN_DATABASE_URL) throw new Error("bench:idle needs DATABASE_URL (a PostgreSQL server it may create databases on)");
const BARE_APP = path.join(import.meta.dirname, "..", "backfill", "bareApp");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const admin = new pg.Pool({ connectionString: ADMIN_DATABASE_URL, max: 2 });

/** The CPU seconds of a database's connections, and its transactions so far. */
async function databaseCounters(database: string): Promise<{ cpu: Map<number, number>; transactions: number }> {
  const cpu = await databaseCpuSeconds(admin, database);
  // pg_stat_database is cumulative and refreshed at each transaction's end: asked outside a transaction, it is current.
  const stats = await admin.query<{ transactions: string }>("SELECT (xact_commit + xact_rollback)::text AS transactions FROM pg_stat_database WHERE datname = $1", [database]);
  return { cpu, transactions: Number(stats.rows[0]?.transactions ?? 0) };
}

type Idle = { cpuPerMinute: Map<string, number>; transactionsPerSecond: number };

/** Over the window: CPU by program of the processes under `rootPids` and of the database's connections. */
async function measureIdle(rootPids: number[], database: string): Promise<Idle> {
  const treeCpu = () => {
    const total = new Map<string, number>();
    for (const pid of rootPids) for (const [program, seconds] of treeCpuSeconds(pid)) total.set(program, (total.get(program) ?? 0) + seconds);
    return total;
  };
  const before = treeCpu();
  const dbBefore = await databaseCounters(database);
  const began = performance.now();
  await sleep(windowSeconds * 1000);
  const after = treeCpu();
  const dbAfter = await databaseCounters(database);
  const minutes = (performance.now() - began) / 60_000;
  const cpuPerMinute = new Map<string, number>();
  for (const [program, seconds] of after) cpuPerMinute.set(program, (seconds - (before.get(program) ?? 0)) / minutes);
  cpuPerMinute.set("PostgreSQL (its connections)", databaseCpuBetween(dbBefore.cpu, dbAfter.cpu) / minutes);
  return { cpuPerMinute, transactionsPerSecond: (dbAfter.transactions - dbBefore.transactions) / (minutes * 60) };
}

const describe = (idle: Idle) => {
  const total = [...idle.cpuPerMinute.values()].reduce((sum, value) => sum + value, 0);
  const parts = [...idle.cpuPerMinute].filter(([, seconds]) => seconds >= 0.005).sort((a, b) => b[1] - a[1]).map(([program, seconds]) => `${program} ${seconds.toFixed(2)}`);
  return `${total.toFixed(2)} CPU-s a minute (${((total / 60) * 100).toFixed(1)} % of a core: ${parts.join(", ")}); ${idle.transactionsPerSecond.toFixed(1)} database transactions a second`;
};

log(`bench/idle: ${windowSeconds} s windows after ${settleSeconds} s to settle, ${rounds} round(s); load before ${load()} (${os.cpus().length} cores)`);
const chain = await generateChain(1_000);
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-idle-"));
const chainsFile = path.join(directory, "chains.json");
fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: BENCH_CHAIN_ID, name: "bench", rpcUrl: chain.node.rpcUrl, startBlock: 0 }] }));
try {
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}:`);
    // The bare app: `ponder start` as tokenhub runs its own Ponder, on a database of its own.
    const bareDatabase = `bench_idle_bare_${crypto.randomBytes(5).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${bareDatabase}`);
    const port = await freePort();
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${bareDatabase}`;
    const bare: ChildProcess = spawn(
      process.execPath,
      ["--no-deprecation", "--max-semi-space-size=32", ponderBin(), "--root", BARE_APP, "--log-level", "warn", "start", "--schema", "bare", "--port", String(port)],
      {
        cwd: BARE_APP,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url.toString(), BARE_CHAIN_ID: String(BENCH_CHAIN_ID), BARE_RPC_URL: chain.node.rpcUrl, BARE_TOKEN_FACTORY: chain.tokenFactory },
        stdio: "ignore",
        detached: true,
      },
    );
    try {
      await waitFor(() => fetch(`http://127.0.0.1:${port}/ready`).then((response) => response.status === 200, () => false), { timeoutMs: 180_000, intervalMs: 500, message: () => "the bare app did not become ready" });
      await sleep(settleSeconds * 1000);
      log(`  bare Ponder app: ${describe(await measureIdle([bare.pid!], bareDatabase))} (load ${load()})`);
    } finally {
      process.kill(-bare.pid!, "SIGTERM");
      await new Promise((resolve) => bare.once("exit", resolve));
      await admin.query(`DROP DATABASE IF EXISTS ${bareDatabase} WITH (FORCE)`);
    }

    const signer = anvilDevAccount(12);
    const service = await startTestService({
      external: true,
      env: { TOKENHUB_CHAINS_FILE: chainsFile, [`TOKENHUB_SIGNER_KEYS_${BENCH_CHAIN_ID}`]: bytesToHex(signer.getHdKey().privateKey!) },
    });
    try {
      await waitFor(() => fetch(`${service.baseUrl}/ready`).then((response) => response.status === 200, () => false), { timeoutMs: 180_000, intervalMs: 500, message: () => "tokenhub did not become ready" });
      await sleep(settleSeconds * 1000);
      const database = new URL(service.env.DATABASE_URL!).pathname.slice(1);
      // The supervisor and its children (Ponder, the embedded chain's anvil); the database is counted by its connections.
      const supervisor = service.processes().filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("tokenhub.mjs"));
      log(`  tokenhub:        ${describe(await measureIdle(supervisor, database))} (load ${load()})`);
    } finally {
      await service.destroy();
    }
  }
} finally {
  await chain.node.stop();
  await admin.end();
  fs.rmSync(directory, { recursive: true, force: true });
}

function log(line: string): void {
  console.log(line);
}
