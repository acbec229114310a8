/**
 * CLI benchmark: the wall time of `tokenhub --help`, of a group's and a command's --help, of `tokenhub --version` and of
 * a mistyped command, with the bundle warm (bin/bundles.mjs), against a bare `node -e ""` measured in the same run:
 * rounds alternate the commands, so the machine's load weighs on each alike. Issue 38 asks for under 0.6 s.
 *
 *   npm run bench:cli [-- --runs 30]
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile } from "../lib/percentile.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CLI = path.join(ROOT, "bin", "tokenhub.mjs");
const { values } = parseArgs({ options: { runs: { type: "string", default: "30" } } });
const runs = Number(values.runs);
const TARGET_MS = 600;

/** The reference first; `status`: the exit code the command answers with (2: a usage error). */
const CASES: { label: string; args: string[]; status?: number }[] = [
  { label: 'node -e ""', args: ["-e", ""] },
  { label: "tokenhub --help", args: [CLI, "--help"] },
  { label: "tokenhub contract --help", args: [CLI, "contract", "--help"] },
  { label: "tokenhub token create --help", args: [CLI, "token", "create", "--help"] },
  // The one help that loads a module of its own: the webhook schemas, for the event types.
  { label: "tokenhub webhook create --help", args: [CLI, "webhook", "create", "--help"] },
  { label: "tokenhub --version", args: [CLI, "--version"] },
  { label: "tokenhub tokn create (unknown)", args: [CLI, "tokn", "create"], status: 2 },
];

/** One run's wall time in ms, from spawning the process to its exit. */
function wall(args: string[], status = 0): number {
  const began = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  const ms = performance.now() - began;
  if (run.status !== status) throw new Error(`node ${args.join(" ")} exited with ${run.status}:\n${run.stderr}`);
  return ms;
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");

// Warm: the first run builds the bundle when a source changed since the last build, and fills Node's compile cache.
for (const { args, status } of CASES) wall(args, status);

console.log(`${runs} rounds, each running every command once in turn; load average at the start ${loadAverage()}`);
const times = CASES.map(() => [] as number[]);
for (let round = 0; round < runs; round++) CASES.forEach(({ args, status }, index) => times[index]!.push(wall(args, status)));
console.log(`load average at the end ${loadAverage()}\n`);

const sorted = times.map((list) => [...list].sort((a, b) => a - b));
const referenceMedian = percentile(sorted[0]!, 50);
console.log(`${"command".padEnd(34)} ${"median".padStart(8)} ${"p90".padStart(8)} ${"max".padStart(8)}  ${"median/ref".padStart(10)}  ${"above ref".padStart(9)}`);
CASES.forEach(({ label }, index) => {
  const list = sorted[index]!;
  const median = percentile(list, 50);
  const p90 = percentile(list, 90);
  const verdict = index === 0 ? "" : p90 < TARGET_MS ? "  under 0.6 s (p90)" : median < TARGET_MS ? "  under 0.6 s (median only)" : "  over 0.6 s";
  console.log(
    `${label.padEnd(34)} ${`${median.toFixed(0)} ms`.padStart(8)} ${`${p90.toFixed(0)} ms`.padStart(8)} ${`${list.at(-1)!.toFixed(0)} ms`.padStart(8)}  ${`${(median / referenceMedian).toFixed(1)}x`.padStart(10)}  ${`${(median - referenceMedian).toFixed(0)} ms`.padStart(9)}${verdict}`,
  );
});
