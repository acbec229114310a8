/**
 * A long steady run on a real chain's conditions (issue 26, Deliver 6): the chain of bench/realchain (an anvil making
 * a block every 2 s under a 30M block gas limit, finality 3 confirmations) behind the limiting proxy of a hosted RPC
 * (eth_getLogs over 2,000 blocks refused with Alchemy's words, more than 50 calls a second answered 429), the chain's
 * provider limits at the hosted defaults. For `--minutes` it offers `--mints` ERC-721 mints and `--reads` reads a
 * second at a steady pace (each sent on schedule, not after the last answer), half of the reads a mint's transaction
 * status, half a page of the collection's tokens. Prints per minute (by when a request was sent) the p99 latency of
 * mints and of reads, the errors and the resident memory of the service's processes, then the memory slope (MiB a
 * minute, least squares over the minute samples, and over the second half alone, once caches are warm) of each program
 * and of the whole tree, and whether every answered mint ended final and on chain once.
 *
 *   npm run bench:soak [-- --minutes 30 --mints 5 --reads 20]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Address, getAddress, type Hex, numberToHex } from "viem";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { DEFAULT_RPC_LIMITS } from "../../server/chain/chainsConfig.js";
import { startTimedChain, TIMED_CHAIN_ID } from "../../test/chain/timedChain.js";
import { startLimitingProxy } from "../../test/helpers/limitingProxy.js";
import { treeRssMiB } from "../lib/processTree.js";
import { startBenchService } from "../lib/service.js";
import { percentile } from "../lib/percentile.js";

const { values } = parseArgs({
  options: { minutes: { type: "string", default: "30" }, mints: { type: "string", default: "5" }, reads: { type: "string", default: "20" } },
});
const minutes = Number(values.minutes);
const mintsPerSecond = Number(values.mints);
const readsPerSecond = Number(values.reads);
const FINALITY = 3;

const log = (line: string) => console.log(line);
/** Percentiles of latencies kept in arrival order. */
const percentileOf = (latencies: readonly number[], p: number) => percentile([...latencies].sort((a, b) => a - b), p);
const recipient = (index: number) => getAddress(numberToHex(0x50a4_0000_0000n + BigInt(index), { size: 20 }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return covariance / variance;
}

const timed = await startTimedChain({ blockTime: 2, gasLimit: 30_000_000 });
const proxy = await startLimitingProxy(timed.node.rpcUrl, { maxGetLogsBlocks: 2_000, callsPerSecond: 50 });
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-soak-"));
const service = await startBenchService("soak", {
  TOKENHUB_CHAINS_FILE: timed.writeChainsFile(directory, { finality: FINALITY, ...DEFAULT_RPC_LIMITS }, proxy.url),
  [`TOKENHUB_SIGNER_KEYS_${TIMED_CHAIN_ID}`]: timed.signerKey,
});
const db = new pg.Pool({ connectionString: service.databaseUrl(), max: 2 });
const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };

type Minute = { mints: number[]; reads: number[]; errors: string[]; rss?: Map<string, number> };
const perMinute: Minute[] = Array.from({ length: minutes }, () => ({ mints: [], reads: [], errors: [] }));
const answeredHashes: Hex[] = [];
let minted = 0;
let inFlight = 0;

/** Sends one request, recording its latency and any error under the minute it was sent in. */
async function timedRequest(minute: Minute, kind: "mints" | "reads", send: () => Promise<Response>, onBody?: (body: Record<string, unknown>) => void) {
  inFlight++;
  const began = performance.now();
  try {
    const response = await send();
    const body = (await response.json()) as Record<string, unknown>;
    minute[kind].push(performance.now() - began);
    if (response.status !== 200) minute.errors.push(`${kind} ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    else onBody?.(body);
  } catch (error) {
    minute.errors.push(`${kind} ${(error as Error).message}`);
  } finally {
    inFlight--;
  }
}

try {
  const created = await service.post("/api/v1/erc721/create", { chainId: TIMED_CHAIN_ID, name: "Soak", symbol: "SOAK" });
  if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const collection = created.body.contractAddress as Address;
  const isFinal = async (hash: string) =>
    (await db.query("SELECT 1 FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = $1 AND t.final", [hash])).rowCount === 1;
  while (!(await isFinal(created.body.transactionHash as string))) await sleep(500);
  // The collection's token pages answer once the index has its creation.
  while ((await fetch(`${service.base}/api/v1/erc721/tokens?chainId=${TIMED_CHAIN_ID}&contractAddress=${collection}`, { headers })).status !== 200) await sleep(500);

  const rssAtStart = treeRssMiB(service.child.pid!);
  const forwardedBefore = [...proxy.forwarded.values()].reduce((sum, calls) => sum + calls, 0);
  const rateLimitedBefore = proxy.refused.rateLimited;
  const began = performance.now();
  const sends: Promise<void>[] = [];
  for (let minuteIndex = 0; minuteIndex < minutes; minuteIndex++) {
    const minute = perMinute[minuteIndex]!;
    const minuteStart = began + minuteIndex * 60_000;
    // One mint every 1/mints s and one read every 1/reads s, each at its own time from the minute's start.
    const schedule = [
      ...Array.from({ length: 60 * mintsPerSecond }, (_, index) => ({ at: minuteStart + (index * 1000) / mintsPerSecond, kind: "mint" as const })),
      ...Array.from({ length: 60 * readsPerSecond }, (_, index) => ({ at: minuteStart + (index * 1000) / readsPerSecond, kind: index % 2 === 0 ? ("status" as const) : ("tokens" as const) })),
    ].sort((a, b) => a.at - b.at);
    for (const item of schedule) {
      const wait = item.at - performance.now();
      if (wait > 0) await sleep(wait);
      if (item.kind === "mint") {
        const to = recipient(minted++);
        sends.push(
          timedRequest(minute, "mints", () => fetch(`${service.base}/api/v1/erc721/mint`, { method: "POST", headers, body: JSON.stringify({ chainId: TIMED_CHAIN_ID, contractAddress: collection, recipientAddress: to }) }), (body) =>
            answeredHashes.push(body.transactionHash as Hex),
          ),
        );
      } else if (item.kind === "status" && answeredHashes.length > 0) {
        const hash = answeredHashes[Math.floor(Math.random() * answeredHashes.length)]!;
        sends.push(timedRequest(minute, "reads", () => fetch(`${service.base}/api/v1/transactions/${hash}`, { headers })));
      } else {
        sends.push(timedRequest(minute, "reads", () => fetch(`${service.base}/api/v1/erc721/tokens?chainId=${TIMED_CHAIN_ID}&contractAddress=${collection}`, { headers })));
      }
    }
    const wait = minuteStart + 60_000 - performance.now();
    if (wait > 0) await sleep(wait);
    minute.rss = treeRssMiB(service.child.pid!);
    const total = [...minute.rss.values()].reduce((sum, mib) => sum + mib, 0);
    log(
      `minute ${minuteIndex + 1}: answered so far ${minute.mints.length} mints, p99 ${percentileOf(minute.mints, 99).toFixed(0)} ms, ${minute.reads.length} reads, p99 ${percentileOf(minute.reads, 99).toFixed(0)} ms; errors ${minute.errors.length}; in flight ${inFlight}; RSS ${total.toFixed(0)} MiB`,
    );
  }
  await Promise.all(sends);
  const answered = answeredHashes.length;

  // Every answered mint final in the service's records, within two minutes of the last.
  const finalDeadline = performance.now() + 120_000;
  let pending = Number.POSITIVE_INFINITY;
  while (performance.now() < finalDeadline) {
    const { rows } = await db.query<{ pending: string }>("SELECT count(*) AS pending FROM tokenhub_app.transactions WHERE chain_id = $1 AND NOT (final AND status = 'success')", [TIMED_CHAIN_ID]);
    pending = Number(rows[0]!.pending);
    if (pending === 0) break;
    await sleep(1000);
  }
  const onChain = await timed.chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
  const forwarded = [...proxy.forwarded.values()].reduce((sum, calls) => sum + calls, 0) - forwardedBefore;

  const samples = [{ minute: 0, rss: rssAtStart }, ...perMinute.map((minute, index) => ({ minute: index + 1, rss: minute.rss! }))];
  const programs = [...new Set(samples.flatMap((sample) => [...sample.rss.keys()]))].sort();
  // Over every sample, and over the second half alone: what a process keeps growing by once warm.
  const slopesOf = (value: (rss: Map<string, number>) => number) => {
    const points = samples.map((sample) => ({ x: sample.minute, y: value(sample.rss) }));
    return `slope ${slope(points).toFixed(2)} MiB/min, second half ${slope(points.slice(Math.floor(points.length / 2))).toFixed(2)} MiB/min`;
  };
  const totalOf = (rss: Map<string, number>) => [...rss.values()].reduce((sum, mib) => sum + mib, 0);
  const errors = perMinute.flatMap((minute) => minute.errors);
  const allMints = perMinute.flatMap((minute) => minute.mints);
  const allReads = perMinute.flatMap((minute) => minute.reads);

  log(`\nbench/soak: ${minutes} min, ${mintsPerSecond} mints/s and ${readsPerSecond} reads/s offered; 2 s blocks, 30,000,000 gas, finality ${FINALITY}; proxy 50 calls/s, eth_getLogs up to 2,000 blocks; provider limits ${JSON.stringify(DEFAULT_RPC_LIMITS)}`);
  log(`load average at the end: ${os.loadavg().map((load) => load.toFixed(1)).join(", ")}`);
  log(`mints: ${allMints.length} answered (${answered} 200), p50 ${percentileOf(allMints, 50).toFixed(0)} ms, p99 ${percentileOf(allMints, 99).toFixed(0)} ms; reads: ${allReads.length}, p50 ${percentileOf(allReads, 50).toFixed(0)} ms, p99 ${percentileOf(allReads, 99).toFixed(0)} ms`);
  log(`p99 per minute, mints (ms): ${perMinute.map((minute) => percentileOf(minute.mints, 99).toFixed(0)).join(" ")}`);
  log(`p99 per minute, reads (ms): ${perMinute.map((minute) => percentileOf(minute.reads, 99).toFixed(0)).join(" ")}`);
  log(`errors: ${errors.length}${errors.length > 0 ? ` (first: ${errors.slice(0, 5).join(" | ")})` : ""}`);
  log(`final: ${pending === 0 ? "every transaction" : `${pending} transactions not`} final and successful 2 min after the last answer; on chain ${onChain} mints for ${answered} answered`);
  log(`RPC: ${forwarded} calls forwarded (${(forwarded / Math.max(1, answered)).toFixed(2)} a mint, reads included), ${proxy.refused.rateLimited - rateLimitedBefore} answered 429`);
  log(`RSS at start ${totalOf(rssAtStart).toFixed(0)} MiB, at the end ${totalOf(perMinute.at(-1)!.rss!).toFixed(0)} MiB; ${slopesOf(totalOf)}`);
  for (const program of programs) {
    const of = (rss: Map<string, number>) => rss.get(program) ?? 0;
    log(`  ${program}: ${of(rssAtStart).toFixed(0)} -> ${of(perMinute.at(-1)!.rss!).toFixed(0)} MiB, ${slopesOf(of)}; per minute ${samples.map((sample) => of(sample.rss).toFixed(0)).join(" ")}`);
  }
} finally {
  await db.end();
  await service.destroy();
  await proxy.stop();
  await timed.stop();
  fs.rmSync(directory, { recursive: true, force: true });
}
