/**
 * Query benchmark: seeds a large index (by default 1,000,000 ERC-721 tokens and their mints' transfers over 100,000
 * owners, and 1,000,000 ERC-1155 balances) into a running service's database, then measures each read route with
 * autocannon at concurrency 1, 50 and 200 against two limits on the same database in the same run: a minimal HTTP
 * server in this process (minimalServer.ts) answering the same lookup with the route's service function and body,
 * loaded by the same autocannon, and the route's own statements, run by the service's function on a pool like the
 * route's (its size, its session settings, the same decoding of the results). The figures are the route's ratios to
 * each.
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
import { readRuntimeConfig, runtimeFilePath } from "../../server/config/runtime.js";
import { hashToken } from "../../server/services/projects/apiTokens.js";
import { type Lookup, QUERY_COLLECTIONS, queryLookups, type StatementDeps } from "./lookups.js";
import { type MinimalServer, startMinimalServer } from "./minimalServerThread.js";
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

/** The route's load, or the minimal server's: the same requests, bearer token included, to another base. */
async function httpLookupLoad(base: string, token: string, lookup: Lookup, concurrency: number, amount: number): Promise<Measured> {
  return httpLoad({ base, token, concurrency, amount, path: lookup.path });
}

async function statementLoad(deps: StatementDeps, lookup: Lookup, concurrency: number, amount: number): Promise<Measured> {
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
          await lookup.statement(deps);
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
let minimal: MinimalServer | undefined;
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

  // The project the bench's token acts for, as the routes' authentication finds it: an owner's tokens are those of
  // its collections.
  const { rows: tokenRows } = await adminPool.query<{ project_id: string }>("SELECT project_id FROM tokenhub_app.api_tokens WHERE token_hash = $1", [hashToken(service.token)]);
  const projectId = tokenRows[0]!.project_id;
  const runtime = readRuntimeConfig(runtimeFilePath(service.dataDir));
  readPool = await openIndexReadPool(databaseUrl, schema);
  const statementDeps: StatementDeps = { indexDb: readPool.db, runtime, projectId };
  minimal = await startMinimalServer({ databaseUrl, indexSchema: schema, runtime, projectId });
  const minimalBase = minimal.base;
  log(`minimal server and statements each on a pool like the routes': ${ROUTE_READ_CONNECTIONS} connections, Ponder's read-only session settings`);
  const lookups = queryLookups({ chainId: CHAIN_ID, created, plan }).filter((lookup) => values.only === undefined || lookup.name.includes(values.only));

  const answerText = async (base: string, lookup: Lookup, path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${service.token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${lookup.name}: ${base}${path} answered ${response.status} ${text}`);
    return text;
  };
  // The minimal server is the route's limit only while it answers what the route answers, byte for byte.
  for (const lookup of lookups) {
    const path = lookup.path();
    const text = await answerText(service.base, lookup, path);
    const minimalText = await answerText(minimalBase, lookup, path);
    if (minimalText !== text) {
      let at = 0;
      while (text[at] === minimalText[at]) at++;
      const around = (answer: string) => answer.slice(Math.max(0, at - 80), at + 80);
      throw new Error(`${lookup.name}: the minimal server's answer to ${path} differs from the route's at character ${at}:\n  route:   ${around(text)}\n  minimal: ${around(minimalText)}`);
    }
    const body = JSON.parse(text) as Record<string, unknown[]>;
    const items = body.tokens ?? body.owners ?? body.holders ?? body.transfers ?? [];
    log(`${lookup.name}: ${items.length} items, ${(text.length / 1024).toFixed(1)} KiB, the same from the minimal server`);
  }

  // Route, minimal server and statement alternate, `rounds` times each per level, so that a change in the shared
  // machine's load weighs on all three alike. The Ponder process's CPU per request is read from /proc: the route's own
  // cost.
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
  const figures = (result: ReturnType<typeof combine>) => `${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)}`;
  const ratios = (route: ReturnType<typeof combine>, limit: ReturnType<typeof combine>) =>
    `${((100 * route.perSecond) / limit.perSecond).toFixed(0)} % | ${(route.p99 / limit.p99).toFixed(1)}x`;
  for (const lookup of lookups) {
    await httpLookupLoad(service.base, service.token, lookup, 10, 200);
    await httpLookupLoad(minimalBase, service.token, lookup, 10, 200);
    await statementLoad(statementDeps, lookup, 10, 200);
    for (const concurrency of levels) {
      const amount = Math.ceil((concurrency === 1 ? Math.max(50, Math.floor(requestsPerLevel / 6)) : requestsPerLevel) / rounds);
      const routePhases = [];
      const minimalPhases = [];
      const statementPhases = [];
      for (let round = 0; round < rounds; round++) {
        routePhases.push(await measured(() => httpLookupLoad(service.base, service.token, lookup, concurrency, amount), amount));
        minimalPhases.push(await measured(() => httpLookupLoad(minimalBase, service.token, lookup, concurrency, amount), amount));
        statementPhases.push(await measured(() => statementLoad(statementDeps, lookup, concurrency, amount), amount));
      }
      const route = combine(routePhases, amount);
      const minimalServer = combine(minimalPhases, amount);
      const statement = combine(statementPhases, amount);
      const row = `| ${lookup.name} | ${concurrency} | ${figures(route)} | ${figures(minimalServer)} | ${figures(statement)} | ${ratios(route, minimalServer)} | ${ratios(route, statement)} | ${route.ponderUs.toFixed(0)} |`;
      rows.push(row);
      const failures = route.failures + minimalServer.failures + statement.failures;
      log(`${row}${failures > 0 ? ` failures: route ${route.failures}, minimal server ${minimalServer.failures}, statement ${statement.failures}` : ""}`);
    }
  }
  log(
    "\n| lookup | concurrency | route req/s | route p50 ms | route p99 ms | minimal server req/s | minimal server p50 ms | minimal server p99 ms | statement/s | statement p50 ms | statement p99 ms | route/minimal server throughput | p99 route/minimal server | route/statement throughput | p99 route/statement | route: Ponder CPU us/req |",
  );
  log(`|${" --- |".repeat(16)}`);
  for (const row of rows) log(row);
  log(`\nload average at end ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
} finally {
  await minimal?.stop();
  await readPool?.pool.end();
  await adminPool.end();
  await service.destroy();
}
