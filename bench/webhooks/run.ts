/**
 * Webhook benchmark: a burst of ERC-721 mints (5,000 by default, 200 clients) with an endpoint subscribed to every
 * event a mint gives (transaction.sent, .confirmed, .finalized, mint.confirmed, token.transferred), delivered to a
 * local receiver. Reports events delivered per second and the delivery lag (from the event being recorded to its
 * arrival, in a receiver process of its own) by percentile and by type. The reference, in the same run: the same burst with no endpoint, for what
 * writing the outbox costs the mints.
 *
 *   npm run bench:webhooks [-- --requests 5000]
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { httpLoad } from "../lib/load.js";
import { cpuShares, treeCpuSeconds } from "../lib/processTree.js";
import { startBenchService } from "../lib/service.js";
import { percentile } from "../lib/percentile.js";

const { values } = parseArgs({ options: { requests: { type: "string", default: "5000" } } });
const requests = Number(values.requests);
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
const EVENTS = ["transaction.sent", "transaction.confirmed", "transaction.finalized", "mint.confirmed", "token.transferred"];

type Arrival = { id: string; type: string; lagMs: number; at: number };
const arrivals: Arrival[] = [];
const receiver = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "receiver.ts")], { stdio: ["ignore", "pipe", "inherit"] });
const lines = readline.createInterface({ input: receiver.stdout! });
const receiverUrl = await new Promise<string>((resolve) => lines.once("line", resolve));
lines.on("line", (line) => arrivals.push(JSON.parse(line) as Arrival));


const service = await startBenchService("webhooks", { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true" });
try {
  const created = await service.post("/api/v1/erc721/create", { chainId: 31337, name: "Bench", symbol: "BNCH" });
  if (created.status !== 200) throw new Error(`creating the collection failed: ${JSON.stringify(created.body)}`);
  const collection = created.body.contractAddress as string;
  const body = JSON.stringify({ chainId: 31337, contractAddress: collection, recipientAddress: RECIPIENT });
  const burst = (amount: number) => httpLoad({ base: service.base, token: service.token, concurrency: 200, amount, method: "POST", path: () => "/api/v1/erc721/mint", body });

  await burst(200);
  const reference = await burst(requests);
  console.log(`reference, no endpoint: ${reference.perSecond.toFixed(0)} mints/s, p50 ${reference.p50.toFixed(1)} ms, failures ${reference.failures}`);

  const subscribed = await service.post("/api/v1/webhooks", { url: receiverUrl, events: EVENTS });
  if (subscribed.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(subscribed.body)}`);
  await burst(200);
  const warm = () => arrivals.filter((arrival) => arrival.type === "mint.confirmed").length >= 200;
  for (const deadline = Date.now() + 60_000; !warm(); ) {
    if (Date.now() > deadline) throw new Error("the warm-up's events never arrived");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const settleSince = Date.now();
  while (Date.now() - (arrivals.at(-1)?.at ?? 0) < 2_000 && Date.now() - settleSince < 30_000) await new Promise((resolve) => setTimeout(resolve, 200));
  arrivals.length = 0;

  const cpuBefore = treeCpuSeconds(service.child.pid!);
  const began = Date.now();
  const measured = await burst(requests);
  const answered = requests - measured.failures;
  const done = () => arrivals.filter((arrival) => arrival.type === "mint.confirmed").length >= answered && arrivals.filter((arrival) => arrival.type === "token.transferred").length >= answered;
  for (const deadline = Date.now() + 180_000; !done(); ) {
    if (Date.now() > deadline) throw new Error(`only ${arrivals.filter((arrival) => arrival.type === "mint.confirmed").length} mint.confirmed of ${answered} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The last transactions' finalized events follow their confirmations within a pass.
  const quietSince = Date.now();
  while (Date.now() - (arrivals.at(-1)?.at ?? 0) < 1_500 && Date.now() - quietSince < 10_000) await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (Math.max(...arrivals.map((arrival) => arrival.at)) - began) / 1000;
  const cpu = cpuShares(cpuBefore, treeCpuSeconds(service.child.pid!), seconds);
  const unique = new Set(arrivals.map((arrival) => arrival.id));
  const lags = arrivals.map((arrival) => arrival.lagMs).sort((a, b) => a - b);
  console.log(`with an endpoint: ${measured.perSecond.toFixed(0)} mints/s, p50 ${measured.p50.toFixed(1)} ms, failures ${measured.failures} (${((measured.perSecond / reference.perSecond) * 100).toFixed(0)} % of the reference)`);
  console.log(`events: ${unique.size} delivered (${arrivals.length - unique.size} repeats) in ${seconds.toFixed(1)} s from the burst's start: ${(unique.size / seconds).toFixed(0)} events/s; CPU: ${cpu}`);
  console.log("\n| events | lag p50 | p90 | p99 | max |\n| --- | --- | --- | --- | --- |");
  const row = (label: string, sorted: number[]) =>
    console.log(`| ${label} (${sorted.length}) | ${percentile(sorted, 50)} ms | ${percentile(sorted, 90)} ms | ${percentile(sorted, 99)} ms | ${sorted.at(-1)} ms |`);
  row("all", lags);
  for (const type of EVENTS) row(type, arrivals.filter((arrival) => arrival.type === type).map((arrival) => arrival.lagMs).sort((a, b) => a - b));
} finally {
  await service.destroy();
  receiver.kill();
}
