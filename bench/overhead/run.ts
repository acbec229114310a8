/**
 * Per-request cost benchmark: the CPU time the Ponder process (which serves the API) spends per request, for
 * requests that do almost nothing else, so what is measured is the fixed cost every request pays: Node's HTTP
 * server, Ponder's middleware (metrics, CORS), ours (request id, auth, validation) and writing the answer. Read from
 * /proc over many requests, it does not depend on how busy the machine is the way a rate does.
 *
 *   npm run bench:overhead [-- --requests 20000 --rounds 3]
 */
import { parseArgs } from "node:util";
import { httpLoad } from "../lib/load.js";
import { treeCpuSeconds } from "../lib/processTree.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({ options: { requests: { type: "string", default: "20000" }, rounds: { type: "string", default: "3" } } });
const requests = Number(values.requests);
const rounds = Number(values.rounds);
const CONCURRENCY = 50;
const PONDER = "indexer+API (Ponder)";

const routes = [
  { name: "GET /health (Ponder's own route: its middleware only)", path: "/health" },
  { name: "GET /api/v1/collections (auth, validation, one small query)", path: "/api/v1/collections?chainId=31337" },
  { name: "GET /api/v1/nothing (auth-free 404 through the error handler)", path: "/api/v1/nothing" },
];

const service = await startBenchService("overhead");
try {
  console.log(`per-request CPU of the Ponder process, ${requests} requests per round from ${CONCURRENCY} connections, median of ${rounds} rounds`);
  const rows: string[] = [];
  for (const route of routes) {
    const load = (amount: number) => httpLoad({ base: service.base, token: service.token, concurrency: CONCURRENCY, amount, path: () => route.path });
    await load(Math.min(5000, requests));
    const costs: number[] = [];
    const rates: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const before = treeCpuSeconds(service.child.pid!).get(PONDER)!;
      const result = await load(requests);
      const after = treeCpuSeconds(service.child.pid!).get(PONDER)!;
      costs.push(((after - before) / requests) * 1e6);
      rates.push(result.perSecond);
      console.log(`${route.name}, round ${round + 1}: ${costs.at(-1)!.toFixed(0)} us per request at ${result.perSecond.toFixed(0)} req/s`);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    rows.push(`| ${route.name} | ${median(costs).toFixed(0)} us | ${median(rates).toFixed(0)} |`);
  }
  console.log(["", "| request | Ponder CPU per request | req/s |", "| --- | --- | --- |", ...rows].join("\n"));
} finally {
  await service.destroy();
}
