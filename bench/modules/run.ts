/**
 * Module loading benchmark: a new Node process importing the packages the supervisor, Ponder and the CLI's commands
 * load (drizzle-orm, viem, ponder, hono, zod, pg), with Node's own resolver (the reference) and with
 * bin/relativeImports.mjs registered first, as every tokenhub process runs. Rounds alternate the two, so the machine's
 * load weighs on both alike; each process reports its own CPU time.
 *
 *   npm run bench:modules [-- --runs 20]
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { percentile } from "../lib/percentile.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const { values } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const runs = Number(values.runs);

const PACKAGES = ["drizzle-orm", "drizzle-orm/pg-core", "drizzle-orm/node-postgres", "viem", "viem/accounts", "ponder", "hono", "@hono/zod-openapi", "zod", "pg"];
const LOAD = `for (const name of ${JSON.stringify(PACKAGES)}) await import(name); const { user, system } = process.cpuUsage(); process.stdout.write(String((user + system) / 1000));`;
const CASES = [
  { label: "Node's resolver (reference)", args: ["--input-type=module", "-e", LOAD] },
  { label: "with bin/relativeImports.mjs", args: ["--import", pathToFileURL(path.join(ROOT, "bin", "relativeImports.mjs")).href, "--input-type=module", "-e", LOAD] },
];

function once(args: string[]): { wallMs: number; cpuMs: number } {
  const began = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  const wallMs = performance.now() - began;
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited with ${run.status}:\n${run.stderr}`);
  return { wallMs, cpuMs: Number(run.stdout) };
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");

// Warm: the page cache holds the packages' files for both.
for (const { args } of CASES) once(args);
console.log(`${runs} rounds of: ${CASES.map((each) => each.label).join(", then ")}; Node ${process.version}; load average at the start ${loadAverage()}`);
const results = CASES.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let round = 0; round < runs; round++) {
  CASES.forEach(({ args }, index) => {
    const { wallMs, cpuMs } = once(args);
    results[index]!.wall.push(wallMs);
    results[index]!.cpu.push(cpuMs);
  });
}
console.log(`load average at the end ${loadAverage()}\n`);

const medians = results.map(({ wall, cpu }) => ({ wall: percentile([...wall].sort((a, b) => a - b), 50), cpu: percentile([...cpu].sort((a, b) => a - b), 50) }));
console.log(`${"".padEnd(30)} ${"wall (median)".padStart(14)} ${"CPU (median)".padStart(13)} ${"CPU / reference".padStart(16)}`);
CASES.forEach(({ label }, index) => {
  const { wall, cpu } = medians[index]!;
  console.log(`${label.padEnd(30)} ${`${wall.toFixed(0)} ms`.padStart(14)} ${`${cpu.toFixed(0)} ms`.padStart(13)} ${`${(cpu / medians[0]!.cpu).toFixed(2)}x`.padStart(16)}`);
});
