/**
 * Start-up benchmark: how long `tokenhub start` takes to answer on an empty data directory (cold: initdb, contract
 * deployment, index creation) and on an existing one (warm restart), and how much memory the whole process tree
 * (supervisor, Ponder, PostgreSQL, anvil) holds once idle.
 *
 *   npm run bench:startup [-- --runs 3]
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../../server/ports.js";
import { treeMemoryMiB } from "../lib/processTree.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);

type Started = { child: ChildProcess; seconds: number; stopped: Promise<void> };

async function start(dataDir: string, port: number): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), "start"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TOKENHUB_DATA_DIR: dataDir, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stopped = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("tokenhub is up")) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    void stopped.then(() => reject(new Error(`tokenhub exited:\n${output}`)));
  });
  return { child, seconds: (performance.now() - began) / 1000, stopped };
}

async function stop(started: Started): Promise<void> {
  started.child.kill("SIGTERM");
  await started.stopped;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cold: number[] = [];
const warm: number[] = [];
const memory: number[] = [];
let breakdown = new Map<string, number>();
for (let run = 0; run < runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-startup-"));
  const port = await freePort();
  try {
    const first = await start(dataDir, port);
    cold.push(first.seconds);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    breakdown = treeMemoryMiB(first.child.pid!);
    memory.push([...breakdown.values()].reduce((sum, value) => sum + value, 0));
    await stop(first);
    const second = await start(dataDir, port);
    warm.push(second.seconds);
    await stop(second);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`run ${run + 1}/${runs}: cold ${cold.at(-1)!.toFixed(1)} s, warm ${warm.at(-1)!.toFixed(1)} s, idle PSS ${memory.at(-1)!.toFixed(0)} MiB`);
}
console.log(`\nmedian of ${runs}: cold start ${median(cold).toFixed(1)} s, warm restart ${median(warm).toFixed(1)} s, idle memory (PSS) of the process tree ${median(memory).toFixed(0)} MiB`);
console.log(`last run by program: ${[...breakdown].map(([program, mib]) => `${program} ${mib.toFixed(0)} MiB`).join(", ")}`);
