/**
 * Replica benchmark: the read routes of bench/queries and ERC-721 mints through one API replica, then through two,
 * beside one indexer on the external PostgreSQL (a database of its own), with the same data in the same run, and the
 * CPU each process used meanwhile: the indexer, each replica, this database's PostgreSQL backends, anvil, and the load
 * generator (this process). The figures are the ratios two replicas / one replica.
 *
 *   npm run bench:replicas [-- --tokens 100000 --requests 2000 --mints 2000 --concurrency 16 --rounds 2 --signers 1 --only mints]
 *
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server's admin connection; the database
 * created on it is dropped at the end.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Address, createTestClient, getAddress, http, publicActions, walletActions } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { anvilDevAccount, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { readRuntimeConfig } from "../../server/config/runtime.js";
import { httpLoad, type Measured } from "../lib/load.js";
import { cpuSecondsBetween, cpuSecondsMatching, treeCpuSeconds } from "../lib/processTree.js";
import { type BenchService, startBenchService } from "../lib/service.js";
import { QUERY_COLLECTIONS, type QueryCollections, queryLookups } from "../queries/lookups.js";
import { type SeedPlan, seedIndex } from "../queries/seed.js";

const { values } = parseArgs({
  options: {
    tokens: { type: "string", default: "100000" },
    owners: { type: "string", default: "10000" },
    balances: { type: "string", default: "100000" },
    holdings: { type: "string", default: "100" },
    requests: { type: "string", default: "2000" },
    mints: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "16" },
    rounds: { type: "string", default: "2" },
    signers: { type: "string", default: "1" },
    /** Only the work whose name contains this ("mints", "owners"). */
    only: { type: "string" },
  },
});
const CHAIN_ID = 31337;
const requests = Number(values.requests);
const mints = Number(values.mints);
const concurrency = Number(values.concurrency);
const rounds = Number(values.rounds);
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
const log = (line: string) => console.log(line);
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");

const admin = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const databaseName = `tokenhub_bench_replicas_${crypto.randomBytes(4).toString("hex")}`;
const databaseUrl = Object.assign(new URL(admin), { pathname: `/${databaseName}` }).toString();

async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

log(`replica benchmark: ${values.tokens} ERC-721 tokens, ${values.balances} ERC-1155 balances; ${requests} reads per route and ${mints} mints per phase at concurrency ${concurrency}; ${rounds} rounds; ${values.signers} signer(s)`);
log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average at start ${loadAverage()}`);

await asAdmin(`CREATE DATABASE ${databaseName}`);
const node = await startAnvil({ chainId: CHAIN_ID, quiet: true });
const shared = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-replicas-"));
const services: BenchService[] = [];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  const chain = createTestClient({ mode: "anvil", chain: { ...anvil, id: CHAIN_ID }, transport: http(node.rpcUrl) }).extend(publicActions).extend(walletActions);
  await deployCore(chain, anvilDevAccount(0));
  const signerKeys = Array.from({ length: Number(values.signers) }, () => generatePrivateKey());
  for (const key of signerKeys) await chain.setBalance({ address: privateKeyToAccount(key).address, value: 10n ** 24n });
  const chainsFile = path.join(shared, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN_ID, name: "main", rpcUrl: node.rpcUrl, finality: 0 }] }));

  const indexer = await startBenchService("indexer", { DATABASE_URL: databaseUrl, TOKENHUB_CHAINS_FILE: chainsFile }, ["--role", "indexer"]);
  services.push(indexer);
  const masterKeyFile = path.join(shared, "master.key");
  await promisify(execFile)(process.execPath, [path.resolve(import.meta.dirname, "..", "..", "bin", "tokenhub.mjs"), "master-key", "generate", masterKeyFile]);
  const replicaEnv = {
    DATABASE_URL: databaseUrl,
    TOKENHUB_CHAINS_FILE: chainsFile,
    TOKENHUB_SIGNER_KEYS: signerKeys.join(","),
    TOKENHUB_MASTER_KEY_FILE: masterKeyFile,
    TOKENHUB_ADMIN_TOKEN: indexer.token,
  };
  const replicas = [await startBenchService("api-1", replicaEnv, ["--role", "api"]), await startBenchService("api-2", replicaEnv, ["--role", "api"])];
  services.push(...replicas);
  const token = indexer.token;
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${replicas[0]!.base}${route}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const created = {} as QueryCollections;
  for (const [key, route, body] of QUERY_COLLECTIONS) {
    const response = await post(route, { chainId: CHAIN_ID, ...body });
    if (response.status !== 200) throw new Error(`${route} failed: ${JSON.stringify(response.body)}`);
    created[key] = getAddress(response.body.contractAddress as string);
  }
  const minted = await post("/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Minted", symbol: "MNT" });
  const mintCollection = minted.body.contractAddress as Address;
  const schema = readRuntimeConfig(path.join(indexer.dataDir, "runtime.json")).indexSchema;
  const addresses = [...Object.values(created), mintCollection].map((address) => address.toLowerCase());
  for (const deadline = Date.now() + 120_000; ; ) {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${schema}".collection WHERE chain_id = $1 AND address = ANY($2)`, [CHAIN_ID, addresses]);
    if (rows[0].n === addresses.length) break;
    if (Date.now() > deadline) throw new Error("The created collections were not indexed within 120 s.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const lower = (address: Address) => address.toLowerCase();
  const plan: SeedPlan = {
    schema,
    chainId: CHAIN_ID,
    erc721: { contract: lower(created.erc721), tokens: Number(values.tokens), owners: Number(values.owners) },
    erc1155: { contract: lower(created.erc1155), balances: Number(values.balances), owners: Number(values.owners), tokenTypes: Math.max(100, Math.ceil(Number(values.balances) / Number(values.owners))) },
    holders: { erc20: lower(created.holdersErc20), erc721: lower(created.holdersErc721), erc1155: lower(created.holdersErc1155), holdings: Number(values.holdings) },
  };
  await seedIndex(pool, plan, log);
  const wanted = (name: string) => values.only === undefined || name.includes(values.only);
  const lookups = queryLookups({ chainId: CHAIN_ID, created, plan }).filter((lookup) => wanted(lookup.name));
  log(`seeded; load average ${loadAverage()}`);

  /** CPU seconds so far per process of the benchmark; PostgreSQL's per backend of this database. */
  const cpuNow = () => {
    const tree = (pid: number) => [...treeCpuSeconds(pid).values()].reduce((sum, value) => sum + value, 0);
    const own = process.cpuUsage();
    return {
      seconds: {
        indexer: tree(indexer.child.pid!),
        "replica 1": tree(replicas[0]!.child.pid!),
        "replica 2": tree(replicas[1]!.child.pid!),
        anvil: tree(node.pid),
        "load generator": (own.user + own.system) / 1e6,
      } as Record<string, number>,
      backends: cpuSecondsMatching(databaseName),
    };
  };
  type Phase = { rate: number; failures: number; connections: number; cpu: Record<string, number> };
  /** The most connections to this database (of every process) seen while `work` ran, sampled every 250 ms. */
  const peakConnections = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    let peak = 0;
    const sample = () =>
      void pool
        .query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [databaseName])
        .then(({ rows }) => (peak = Math.max(peak, rows[0]!.n)), () => undefined);
    const sampler = setInterval(sample, 250);
    try {
      return [await work(), peak];
    } finally {
      clearInterval(sampler);
    }
  };
  /**
   * Runs `work` on the first `count` replicas at once, splitting concurrency and amount. The rate counts to the last
   * answer (autocannon itself stops on a 1 s tick), and so does the CPU share (the processes idle after it).
   */
  const measure = async (count: 1 | 2, amount: number, work: (replica: BenchService, concurrency: number, amount: number) => Promise<Measured>): Promise<Phase> => {
    const before = cpuNow();
    const began = performance.now();
    const [results, connections] = await peakConnections(() => Promise.all(replicas.slice(0, count).map((replica) => work(replica, concurrency / count, amount / count))));
    const after = cpuNow();
    const seconds = Math.max(...results.map((result) => amount / count / result.perSecond));
    const wall = (performance.now() - began) / 1000;
    return {
      rate: amount / seconds,
      failures: results.reduce((sum, result) => sum + result.failures, 0),
      connections,
      cpu: Object.fromEntries(
        [...Object.keys(after.seconds).map((name) => [name, after.seconds[name]! - before.seconds[name]!] as const), ["postgres", cpuSecondsBetween(before.backends, after.backends)] as const].map(
          ([name, used]) => [name, used / Math.min(wall, seconds + 0.05)],
        ),
      ),
    };
  };

  let answered = 0;
  let transactions = 0;
  const mintPhase = async (count: 1 | 2): Promise<Phase> => {
    const body = JSON.stringify({ chainId: CHAIN_ID, contractAddress: mintCollection, recipientAddress: RECIPIENT });
    const phase = await measure(count, mints, (replica, split, amount) => httpLoad({ base: replica.base, token, concurrency: split, amount, method: "POST", path: () => "/api/v1/erc721/mint", body }));
    answered += mints - phase.failures;
    // Every answered mint on chain before the next phase: none lost or doubled, and no backlog carried over.
    for (const deadline = Date.now() + 300_000; ; ) {
      const total = await chain.readContract({ address: mintCollection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
      if (total === BigInt(answered)) break;
      if (total > BigInt(answered) || Date.now() > deadline) throw new Error(`${total} tokens on chain for ${answered} answered mints`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM tokenhub_app.transactions WHERE lower(to_address) = $1 AND purpose = 'erc721.mint'", [mintCollection.toLowerCase()]);
    log(`  ${mints - phase.failures} mints in ${rows[0]!.n - transactions} transactions (${((mints - phase.failures) / (rows[0]!.n - transactions)).toFixed(1)} mints joined in each)`);
    transactions = rows[0]!.n;
    return phase;
  };
  const readPhase = (count: 1 | 2, lookup: (typeof lookups)[number]) => measure(count, requests, (replica, split, amount) => httpLoad({ base: replica.base, token, concurrency: split, amount, path: lookup.path }));

  for (const replica of replicas) {
    for (const lookup of lookups) {
      const response = await fetch(`${replica.base}${lookup.path()}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`${lookup.name}: ${response.status} ${await response.text()}`);
      await httpLoad({ base: replica.base, token, concurrency: 8, amount: 100, path: lookup.path });
    }
  }
  await mintPhase(2);

  const results = new Map<string, { one: Phase[]; two: Phase[] }>();
  const record = (name: string, count: 1 | 2, phase: Phase) => {
    const entry = results.get(name) ?? { one: [], two: [] };
    (count === 1 ? entry.one : entry.two).push(phase);
    results.set(name, entry);
    const cpu = Object.entries(phase.cpu).map(([process, share]) => `${process} ${(share * 100).toFixed(0)} %`).join(", ");
    const failed = phase.failures > 0 ? `, ${phase.failures} answers not 2xx` : "";
    log(`${name}, ${count} replica${count === 1 ? "" : "s"}: ${phase.rate.toFixed(0)}/s${failed}; ${phase.connections} connections at most; CPU ${cpu}; load average ${loadAverage()}`);
  };
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so that a drift of the shared machine's load weighs on both alike.
    const order: (1 | 2)[] = round % 2 === 0 ? [1, 2] : [2, 1];
    for (const lookup of lookups) for (const count of order) record(lookup.name, count, await readPhase(count, lookup));
    if (wanted("ERC-721 mints")) for (const count of order) record("ERC-721 mints", count, await mintPhase(count));
  }

  const mean = (phases: Phase[], pick: (phase: Phase) => number) => phases.reduce((sum, phase) => sum + pick(phase), 0) / phases.length;
  const processes = Object.keys(results.values().next().value!.one[0]!.cpu);
  log(`\n| work | 1 replica /s | 2 replicas /s | ratio 2/1 | connections 1 / 2 | CPU with 1 replica (% of a core: ${processes.join(", ")}) | CPU with 2 replicas |`);
  log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const [name, { one, two }] of results) {
    const cpu = (phases: Phase[]) => processes.map((process) => mean(phases, (phase) => phase.cpu[process]!) * 100).map((share) => share.toFixed(0)).join(" / ");
    const [rateOne, rateTwo] = [mean(one, (phase) => phase.rate), mean(two, (phase) => phase.rate)];
    const connections = (phases: Phase[]) => Math.max(...phases.map((phase) => phase.connections));
    log(`| ${name} | ${rateOne.toFixed(0)} | ${rateTwo.toFixed(0)} | ${(rateTwo / rateOne).toFixed(2)} | ${connections(one)} / ${connections(two)} | ${cpu(one)} | ${cpu(two)} |`);
  }
  const failures = [...results.values()].flatMap(({ one, two }) => [...one, ...two]).reduce((sum, phase) => sum + phase.failures, 0);
  if (failures > 0) log(`\n${failures} answers were not 2xx (see the lines above)`);
  log(`\nload average at end ${loadAverage()}`);
} finally {
  for (const service of services.reverse()) await service.destroy().catch(() => undefined);
  await pool.end();
  await node.stop();
  fs.rmSync(shared, { recursive: true, force: true });
  await asAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}
