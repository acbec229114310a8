/**
 * Backfill speed (issue 25, Deliver 7): tokenhub's index against a bare Ponder app of the same Ponder version
 * (bench/backfill/bareApp: the same chain, factory and collections, each transfer stored as one row of its kind), on a
 * local anvil holding `--events` transfer events (bench/backfill/generate.ts). In one run, alternating so that both see
 * the same machine load:
 *
 * - cold: an empty RPC cache and a fresh database (bare, then tokenhub);
 * - warm: the RPC cache kept, a new build (bare: a new schema; tokenhub: TOKENHUB_INDEX_VERSION=2);
 * - restart: the complete index stopped and started again: seconds to /ready 200, and the events indexed again (none
 *   expected: every generated event is final by Ponder's count when the benchmark starts).
 *
 * A backfill's seconds are Ponder's own, from its log, the same for both apps: the "Completed backfill indexing across
 * all chains" duration, plus the time from that line to "Started returning 200 responses" (indexes, triggers, views).
 * Events per second are the chain's transfer events over those seconds.
 *
 *   npm run bench:backfill [-- --events 300000 --rounds 1]
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
import { startTestService, type TestService } from "../../test/helpers/service.js";
import { waitFor } from "../../test/helpers/waitFor.js";
import { databaseCpuSeconds } from "../lib/databaseCpu.js";
import { treeCpuSeconds } from "../lib/processTree.js";
import { BENCH_CHAIN_ID, generateChain, type GeneratedChain } from "./generate.js";

const { values } = parseArgs({ options: { events: { type: "string", default: "300000" }, rounds: { type: "string", default: "1" } } });
const events = Number(values.events);
const rounds = Number(values.rounds);
const ADMIN_DATABASE_URL = process.env.DATABASE_URL;
if (!ADMIN_DATABASE_URL) throw new Error("bench:backfill needs DATABASE_URL (a PostgreSQL server it may create databases on)");

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BARE_APP = path.join(import.meta.dirname, "bareApp");
const PONDER_BIN = ponderBin();
/** The chain's name in both apps' Ponder configuration (and so in Ponder's log lines). */
const CHAIN_NAME = "bench";
/** A backfill of 300,000 events on a loaded machine takes minutes; beyond this something is wrong. */
const BACKFILL_TIMEOUT_MS = 30 * 60_000;

const log = (line: string) => console.log(line);
const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

type PonderLine = { msg?: string; time?: number; duration?: number; chain?: string; event_count?: number; endpoint?: string; process?: string };

/**
 * The JSON log lines of the Ponder that builds the index, in `output`. Skipped: the supervisor's lines, and those of
 * the Ponders beside it during tokenhub's rebuild (the follower of the build that answers, the API), which the
 * supervisor marks with `process`.
 */
function ponderLines(output: string): PonderLine[] {
  return output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      const parsed = JSON.parse(line) as PonderLine;
      return parsed.process === undefined ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

type Backfill = { seconds: number; backfillSeconds: number; finishSeconds: number; indexedEvents: number };

/** The backfill Ponder logged in `output`, once it says it returns 200 on /ready; undefined before. */
function backfillOf(output: string): Backfill | undefined {
  const lines = ponderLines(output);
  const completed = lines.find((line) => line.msg === "Completed backfill indexing across all chains");
  const ready = lines.find((line) => line.msg === "Started returning 200 responses" && line.endpoint === "/ready");
  if (completed === undefined || ready === undefined) return undefined;
  const backfillSeconds = completed.duration! / 1000;
  const finishSeconds = (ready.time! - completed.time!) / 1000;
  return { seconds: backfillSeconds + finishSeconds, backfillSeconds, finishSeconds, indexedEvents: eventsIndexed(lines) };
}

/** Events Ponder indexed on the benchmark's chain, by its log (backfill ranges and live blocks). */
function eventsIndexed(lines: PonderLine[]): number {
  return lines.filter((line) => (line.msg === "Indexed block range" || line.msg === "Indexed block") && line.chain === CHAIN_NAME).reduce((sum, line) => sum + (line.event_count ?? 0), 0);
}

/**
 * Where the indexing time went, from Ponder's /metrics: seconds per indexing function (sum of its durations, and
 * calls), and per step of the backfill's transform (prefetch, index, load, commit...).
 */
async function profileOf(base: string, adminToken?: string): Promise<string> {
  // tokenhub serves /metrics on its API port to an admin token only (server/http/routes/operator.ts).
  const headers: Record<string, string> = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` };
  const text = await fetch(`${base}/metrics`, { headers }).then((response) => response.text());
  const sums = new Map<string, { seconds: number; calls: number }>();
  for (const match of text.matchAll(/^ponder_indexing_function_duration_(sum|count)\{[^}]*event="([^"]+)"[^}]*\} ([\d.e+-]+)$/gm)) {
    const entry = sums.get(match[2]!) ?? { seconds: 0, calls: 0 };
    if (match[1] === "sum") entry.seconds += Number(match[3]) / 1000;
    else entry.calls += Number(match[3]);
    sums.set(match[2]!, entry);
  }
  const functions = [...sums]
    .filter(([, entry]) => entry.calls > 0)
    .sort((a, b) => b[1].seconds - a[1].seconds)
    .map(([event, entry]) => `${event} ${entry.seconds.toFixed(1)} s / ${entry.calls} (${((entry.seconds / entry.calls) * 1e6).toFixed(0)} us each)`);
  const steps = [...text.matchAll(/^ponder_historical_transform_duration\{step="([^"]+)"\} ([\d.e+-]+)$/gm)].map((match) => `${match[1]} ${(Number(match[2]) / 1000).toFixed(1)} s`);
  // A store call Ponder's cache answers as "complete" costs no query; a "miss" is a query (a table evicted past
  // PONDER_CACHE_BYTES, or every table after a retried block range).
  const cacheRequests = [...text.matchAll(/^ponder_indexing_cache_requests_total\{([^}]*)\} ([\d.e+-]+)$/gm)]
    .map((match) => ({ table: /table="([^"]+)"/.exec(match[1]!)?.[1], type: /type="([^"]+)"/.exec(match[1]!)?.[1], count: Number(match[2]) }))
    .filter((request) => request.type !== "complete" && request.count > 0)
    .map((request) => `${request.table} ${request.type} ${request.count}`);
  return `functions: ${functions.join("; ")}\n    transform steps: ${steps.join(", ")}\n    cache requests not answered as complete: ${cacheRequests.join(", ") || "none"}`;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The CPU seconds an app has used since it started, by program: its processes (the tree under `rootPid`) and its
 * database's connections, read when its backfill is done. Every process and connection of the app began in the phase
 * measured (each phase starts the app), so what they hold is that phase's; short-lived ones that exited are left out.
 */
async function cpuOfApp(rootPid: number, database: string): Promise<string> {
  const byProgram = new Map(treeCpuSeconds(rootPid));
  const pool = new pg.Pool({ connectionString: ADMIN_DATABASE_URL, max: 1 });
  try {
    const connections = [...(await databaseCpuSeconds(pool, database)).values()].reduce((sum, seconds) => sum + seconds, 0);
    byProgram.set("PostgreSQL (its connections)", connections);
  } finally {
    await pool.end();
  }
  const total = [...byProgram.values()].reduce((sum, seconds) => sum + seconds, 0);
  const parts = [...byProgram].filter(([, seconds]) => seconds >= 0.05).sort((a, b) => b[1] - a[1]).map(([program, seconds]) => `${program} ${seconds.toFixed(1)}`);
  return `${total.toFixed(1)} CPU-s (${parts.join(", ")})`;
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

type BareRun = { base: string; pid: number; output(): string; exited(): boolean; stop(): Promise<void> };

/** `ponder start` of the bare app on `schema`, run as tokenhub runs its own Ponder (server/indexer/ponderProcess.ts). */
async function startBare(chain: GeneratedChain, database: string, schema: string, port: number): Promise<BareRun> {
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--no-deprecation", "--max-semi-space-size=32", PONDER_BIN, "--root", BARE_APP, "--log-level", "info", "--log-format", "json", "start", "--schema", schema, "--port", String(port)],
    {
      cwd: BARE_APP,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: databaseUrl(database),
        BARE_CHAIN_ID: String(BENCH_CHAIN_ID),
        BARE_RPC_URL: chain.node.rpcUrl,
        BARE_TOKEN_FACTORY: chain.tokenFactory,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      gone = true;
      resolve();
    }),
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    exited: () => gone,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

async function waitForBackfill(output: () => string, exited: () => boolean, label: string): Promise<Backfill> {
  return await waitFor(
    () => {
      if (exited()) throw new Error(`${label} exited during its backfill:\n${output().slice(-4000)}`);
      return backfillOf(output());
    },
    { timeoutMs: BACKFILL_TIMEOUT_MS, intervalMs: 250, message: () => `${label} did not finish its backfill:\n${output().slice(-4000)}` },
  );
}

async function isReady(base: string): Promise<boolean> {
  return await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status === 200,
    () => false,
  );
}

type Restart = { seconds: number; eventsAgain: number };

/** Seconds from `start()` to /ready 200, and the events indexed again by then and in the 3 s after. */
async function measureRestart(base: string, start: () => Promise<unknown>, output: () => string): Promise<Restart> {
  const mark = output().length;
  const began = performance.now();
  const starting = start();
  await waitFor(() => isReady(base), { timeoutMs: 120_000, intervalMs: 100, message: () => `no /ready 200 after the restart:\n${output().slice(mark).slice(-4000)}` });
  const seconds = (performance.now() - began) / 1000;
  await starting;
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  return { seconds, eventsAgain: eventsIndexed(ponderLines(output().slice(mark))) };
}

/** Each app's whole output, kept after the run for a closer look: */
const LOG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-backfill-logs-"));
const keepLog = (name: string, output: string) => fs.writeFileSync(path.join(LOG_DIR, `${name}.log`), output);

type Round = { cold: [Backfill, Backfill]; warm: [Backfill, Backfill]; restart: [Restart, Restart]; profiles: [string, string]; cpu: string[]; load: string[] };

async function runRound(chain: GeneratedChain, chainsFile: string): Promise<Round> {
  const loads: string[] = [];
  const phase = (name: string) => {
    loads.push(`${name} ${load()}`);
    log(`  ${name} (load ${load()})`);
  };
  const bareDatabase = `bench_backfill_bare_${crypto.randomBytes(5).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${bareDatabase}`);
  let service: TestService | undefined;
  try {
    phase("bare cold");
    let bare = await startBare(chain, bareDatabase, "bare_cold", await freePort());
    const bareCold = await waitForBackfill(bare.output, bare.exited, "the bare app");
    const cpu = [`bare cold ${await cpuOfApp(bare.pid, bareDatabase)}`];
    const bareProfile = await profileOf(bare.base);
    keepLog("bare-cold", bare.output());
    await bare.stop();

    phase("tokenhub cold");
    const signer = anvilDevAccount(12);
    service = await startTestService({
      external: true,
      env: {
        TOKENHUB_CHAINS_FILE: chainsFile,
        [`TOKENHUB_SIGNER_KEYS_${BENCH_CHAIN_ID}`]: bytesToHex(signer.getHdKey().privateKey!),
        TOKENHUB_LOG_LEVEL: "info",
        TOKENHUB_LOG_FORMAT: "json",
      },
    });
    const running = service;
    let mark = 0;
    const since = () => running.output().slice(mark);
    let serviceExited = false;
    void running.exited().then(() => (serviceExited = true));
    const tokenhubCold = await waitForBackfill(since, () => serviceExited, "tokenhub");
    // The supervisor and its children (Ponder, the embedded chain's anvil); the database by its connections.
    const supervisorPid = () => running.processes().find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("tokenhub.mjs"))!;
    const tokenhubDatabase = new URL(running.env.DATABASE_URL!).pathname.slice(1);
    cpu.push(`tokenhub cold ${await cpuOfApp(supervisorPid(), tokenhubDatabase)}`);
    const tokenhubProfile = await profileOf(running.baseUrl, running.adminToken);

    phase("bare warm");
    bare = await startBare(chain, bareDatabase, "bare_warm", await freePort());
    const bareWarm = await waitForBackfill(bare.output, bare.exited, "the bare app");
    cpu.push(`bare warm ${await cpuOfApp(bare.pid, bareDatabase)}`);
    keepLog("bare-warm", bare.output());
    await bare.stop();

    phase("tokenhub warm");
    await running.stop();
    running.env.TOKENHUB_INDEX_VERSION = "2";
    mark = running.output().length;
    serviceExited = false;
    await running.start();
    void running.exited().then(() => (serviceExited = true));
    const tokenhubWarm = await waitForBackfill(since, () => serviceExited, "tokenhub");
    cpu.push(`tokenhub warm ${await cpuOfApp(supervisorPid(), tokenhubDatabase)}`);
    // The new build answers once it has replaced the old one (server/indexer/indexer.ts, switchToBuild); /ready says
    // 200 for the old one meanwhile.
    await waitFor(() => since().includes("the index answers from build"), { timeoutMs: 120_000, intervalMs: 250, message: () => since().slice(-4000) });
    await waitFor(() => isReady(running.baseUrl), { timeoutMs: 120_000, intervalMs: 250 });

    phase("tokenhub restart");
    await running.stop();
    const tokenhubRestart = await measureRestart(running.baseUrl, () => running.start(), running.output);

    phase("bare restart");
    let restarted: BareRun | undefined;
    const barePort = await freePort();
    const bareRestart = await measureRestart(
      `http://127.0.0.1:${barePort}`,
      async () => {
        restarted = await startBare(chain, bareDatabase, "bare_warm", barePort);
      },
      () => restarted?.output() ?? "",
    ).catch(async (error: unknown) => {
      await restarted?.stop();
      throw error;
    });
    keepLog("bare-restart", restarted!.output());
    await restarted!.stop();
    return { cold: [tokenhubCold, bareCold], warm: [tokenhubWarm, bareWarm], restart: [tokenhubRestart, bareRestart], profiles: [tokenhubProfile, bareProfile], cpu, load: loads };
  } finally {
    if (service) keepLog("tokenhub", service.output());
    await service?.destroy();
    await adminQuery(`DROP DATABASE IF EXISTS ${bareDatabase} WITH (FORCE)`);
  }
}

log(`bench/backfill: ${events} transfer events, ${rounds} round(s); load before ${load()} (${os.cpus().length} cores)`);
const chain = await generateChain(events);
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-backfill-"));
try {
  const { mix } = chain;
  log(
    `generated in ${chain.seconds.toFixed(1)} s: ${mix.erc721Mints} ERC-721 mints (mintToMany), ${mix.erc721Transfers} ERC-721 transfers, ` +
      `${mix.erc20Mints} ERC-20 mints, ${mix.erc1155Mints} ERC-1155 mints; ${chain.collections} collections, ${chain.blocks} blocks (load ${load()})`,
  );
  const chainsFile = path.join(directory, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: BENCH_CHAIN_ID, name: CHAIN_NAME, rpcUrl: chain.node.rpcUrl, startBlock: 0 }] }));
  const perSecond = (backfill: Backfill) => chain.transfers / backfill.seconds;
  const describe = (backfill: Backfill) =>
    `${backfill.seconds.toFixed(1)} s (backfill ${backfill.backfillSeconds.toFixed(1)} s + indexes/ready ${backfill.finishSeconds.toFixed(1)} s), ${perSecond(backfill).toFixed(0)} events/s, ${backfill.indexedEvents} events indexed`;
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}:`);
    const result = await runRound(chain, chainsFile);
    for (const kind of ["cold", "warm"] as const) {
      const [tokenhub, bare] = result[kind];
      log(`${kind}: tokenhub ${describe(tokenhub)}`);
      log(`${kind}: bare     ${describe(bare)}`);
      log(`${kind}: ratio tokenhub/bare ${(perSecond(tokenhub) / perSecond(bare)).toFixed(2)} (target >= 0.9)`);
    }
    const [tokenhub, bare] = result.restart;
    log(`where the cold backfill's indexing time went (Ponder's /metrics):\n  tokenhub ${result.profiles[0]}\n  bare     ${result.profiles[1]}`);
    log(`CPU of each app from its start to its backfill's /ready, by program:\n  ${result.cpu.join("\n  ")}`);
    log(`restart: tokenhub ready in ${tokenhub.seconds.toFixed(1)} s, ${tokenhub.eventsAgain} events indexed again (target < 10 s, 0)`);
    log(`restart: bare     ready in ${bare.seconds.toFixed(1)} s, ${bare.eventsAgain} events indexed again`);
    log(`load average (1, 5, 15 min) at each phase: ${result.load.join("; ")}`);
    log(`logs: ${LOG_DIR}`);
  }
} finally {
  await chain.node.stop();
  fs.rmSync(directory, { recursive: true, force: true });
}
