/**
 * Query benchmark: seeds a large index (by default 1,000,000 ERC-721 tokens over 100,000 owners and 1,000,000
 * ERC-1155 balances) into a running service's database, then measures each read route with autocannon at
 * concurrency 1, 50 and 200, and the route's own statements for the same lookup, run by the service's function on a
 * pool like the route's (its size, its session settings, the same decoding of the results), on the same database in
 * the same run. The figure is the ratio of the two.
 *
 *   npm run bench:queries [-- --tokens 100000 --owners 10000 --balances 100000 --requests 1000 --rounds 3]
 */
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Address, getAddress } from "viem";
import { httpLoad, type Measured, summarize } from "../lib/load.js";
import { treeCpuSeconds } from "../lib/processTree.js";
import { type IndexReadPool, openIndexReadPool, ROUTE_READ_CONNECTIONS } from "../lib/indexReadPool.js";
import { startBenchService } from "../lib/service.js";
import type { IndexDb } from "../../server/services/collections/collections.js";
import { type Lookup, QUERY_COLLECTIONS, queryLookups } from "./lookups.js";
import { type SeedPlan, seedIndex } from "./seed.js";

const { values } = parseArgs({
  options: {
    tokens: { type: "string", default: "1000000" },
    owners: { type: "string", default: "100000" },
    balances: { type: "string", default: "1000000" },
    holdings: { type: "string", default: "100" },
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "1,50,200" },
    rounds: { type: "string", default: "3" },
    only: { type: "string" },
  },
});
const tokens = Number(values.tokens);
const owners = Number(values.owners);
const balances = Number(values.balances);
const holdings = Number(values.holdings);
const requestsPerLevel = Number(values.requests);
const levels = values.concurrency.split(",").map(Number);
const rounds = Number(values.rounds);
if (tokens < 100 || owners < 1 || owners > tokens || balances < owners || holdings < 1) {
  throw new Error("Need --tokens ≥ 100, 1 ≤ --owners ≤ --tokens, --balances ≥ --owners, --holdings ≥ 1.");
}

const CHAIN_ID = 31337;
const PONDER = "indexer+API (Ponder)";
const log = (line: string) => console.log(line);

async function routeLoad(base: string, token: string, lookup: Lookup, concurrency: number, amount: number): Promise<Measured> {
  return httpLoad({ base, token, concurrency, amount, path: lookup.path });
}

async function statementLoad(db: IndexDb, lookup: Lookup, concurrency: number, amount: number): Promise<Measured> {
  const latencies: number[] = [];
  let started = 0;
  let failures = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < amount) {
        started++;
        const queryBegan = performance.now();
        try {
          await lookup.statement(db);
        } catch {
          failures++;
        }
        latencies.push(performance.now() - queryBegan);
      }
    }),
  );
  return summarize(latencies, (performance.now() - began) / 1000, failures);
}

async function waitUntilIndexed(pool: pg.Pool, schema: string, addresses: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${schema}".collection WHERE chain_id = $1 AND address = ANY($2)`, [CHAIN_ID, addresses]);
    if (rows[0].n === addresses.length) return;
    if (Date.now() > deadline) throw new Error("The created collections were not indexed within 60 s.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

log(`query benchmark: ${tokens.toLocaleString("en")} ERC-721 tokens over ${owners.toLocaleString("en")} owners, ${balances.toLocaleString("en")} ERC-1155 balances, holders of 3 collections of ${holdings.toLocaleString("en")} holdings each`);
log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average at start ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);

const service = await startBenchService("queries");
const databaseUrl = service.databaseUrl();
const adminPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let readPool: IndexReadPool | undefined;
try {
  const created: Record<string, Address> = {};
  for (const [key, route, body] of QUERY_COLLECTIONS) {
    const response = await service.post(route, { chainId: CHAIN_ID, ...body });
    if (response.status !== 200) throw new Error(`${route} failed: ${JSON.stringify(response.body)}`);
    created[key] = getAddress(response.body.contractAddress as string);
  }
  const schema = "tokenhub_index";
  const lower = (address: Address) => address.toLowerCase();
  await waitUntilIndexed(adminPool, schema, Object.values(created).map(lower));
  log("collections created through the API and indexed; seeding");

  const plan: SeedPlan = {
    schema,
    chainId: CHAIN_ID,
    erc721: { contract: lower(created.erc721!), tokens, owners },
    erc1155: { contract: lower(created.erc1155!), balances, owners, tokenTypes: Math.max(100, Math.ceil(balances / owners)) },
    holders: { erc20: lower(created.holdersErc20!), erc721: lower(created.holdersErc721!), erc1155: lower(created.holdersErc1155!), holdings },
  };
  const seedBegan = performance.now();
  await seedIndex(adminPool, plan, (line) => log(line));
  log(`seeded in ${((performance.now() - seedBegan) / 1000).toFixed(1)} s`);

  readPool = await openIndexReadPool(databaseUrl, schema);
  log(`statements on a pool like the routes': ${ROUTE_READ_CONNECTIONS} connections, Ponder's read-only session settings`);
  const lookups = queryLookups({ chainId: CHAIN_ID, created, plan }).filter((lookup) => values.only === undefined || lookup.name.includes(values.only));

  for (const lookup of lookups) {
    const response = await fetch(`${service.base}${lookup.path()}`, { headers: { authorization: `Bearer ${service.token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${lookup.name}: ${response.status} ${text}`);
    const body = JSON.parse(text) as Record<string, unknown[]>;
    const items = body.tokens ?? body.owners ?? body.holders ?? [];
    log(`${lookup.name}: ${items.length} items, ${(text.length / 1024).toFixed(1)} KiB`);
  }

  // Route and statement alternate, `rounds` times each per level, so that a change in the shared machine's load
  // weighs on both alike. The Ponder process's CPU per request is read from /proc: the route's own cost.
  const pid = service.child.pid!;
  const measured = async (load: () => Promise<Measured>, amount: number) => {
    const before = treeCpuSeconds(pid);
    const result = await load();
    const after = treeCpuSeconds(pid);
    return { ...result, ponderUs: (((after.get(PONDER) ?? 0) - (before.get(PONDER) ?? 0)) / amount) * 1e6, seconds: amount / result.perSecond };
  };
  const combine = (phases: Awaited<ReturnType<typeof measured>>[], amount: number) => {
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    return {
      perSecond: (amount * phases.length) / phases.reduce((sum, phase) => sum + phase.seconds, 0),
      p50: median(phases.map((phase) => phase.p50)),
      p99: median(phases.map((phase) => phase.p99)),
      failures: phases.reduce((sum, phase) => sum + phase.failures, 0),
      ponderUs: median(phases.map((phase) => phase.ponderUs)),
    };
  };
  const rows: string[] = [];
  for (const lookup of lookups) {
    await routeLoad(service.base, service.token, lookup, 10, 200);
    await statementLoad(readPool.db, lookup, 10, 200);
    for (const concurrency of levels) {
      const amount = Math.ceil((concurrency === 1 ? Math.max(50, Math.floor(requestsPerLevel / 6)) : requestsPerLevel) / rounds);
      const routePhases = [];
      const statementPhases = [];
      for (let round = 0; round < rounds; round++) {
        routePhases.push(await measured(() => routeLoad(service.base, service.token, lookup, concurrency, amount), amount));
        statementPhases.push(await measured(() => statementLoad(readPool!.db, lookup, concurrency, amount), amount));
      }
      const route = combine(routePhases, amount);
      const plain = combine(statementPhases, amount);
      const row = `| ${lookup.name} | ${concurrency} | ${route.perSecond.toFixed(0)} | ${route.p50.toFixed(1)} | ${route.p99.toFixed(1)} | ${plain.perSecond.toFixed(0)} | ${plain.p50.toFixed(1)} | ${plain.p99.toFixed(1)} | ${((100 * route.perSecond) / plain.perSecond).toFixed(0)} % | ${(route.p99 / plain.p99).toFixed(1)}x | ${route.ponderUs.toFixed(0)} |`;
      rows.push(row);
      log(`${row}${route.failures + plain.failures > 0 ? ` failures: route ${route.failures}, statement ${plain.failures}` : ""}`);
    }
  }
  log(
    "\n| lookup | concurrency | route req/s | route p50 ms | route p99 ms | statement/s | statement p50 ms | statement p99 ms | route/statement throughput | p99 route/statement | route: Ponder CPU us/req |",
  );
  log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) log(row);
  log(`\nload average at end ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
} finally {
  await readPool?.pool.end();
  await adminPool.end();
  await service.destroy();
}
