import fs from "node:fs";
import path from "node:path";

/** A process and all its descendants, from /proc (Linux). */
function descendantsAndSelf(rootPid: number): Set<number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(statFields(Number(entry))[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): state is [0], ppid [1], utime [11]. */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** What a benchmark reader calls the process: the Ponder process, the supervisor, or the program's name. */
function programOf(pid: number): string {
  const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  // `ponder serve`: the API of a replica, or of role `all` while a new build is made beside the one that answers.
  if (cmdline.some((arg) => arg.includes("ponder.js")) && cmdline.includes("serve")) return "API (ponder serve)";
  if (cmdline.some((arg) => arg.includes("ponder.js"))) return "indexer+API (Ponder)";
  if (cmdline.some((arg) => arg.includes("tokenhub.mjs"))) return "supervisor";
  return path.basename(cmdline[0] ?? "?").split(":")[0]!.trim();
}

/** Sums `measure(pid)` over the tree, per program; processes that end while measured are left out. */
function perProgram(rootPid: number, measure: (pid: number) => number): Map<string, number> {
  const byProgram = new Map<string, number>();
  for (const pid of descendantsAndSelf(rootPid)) {
    try {
      const value = measure(pid);
      const program = programOf(pid);
      byProgram.set(program, (byProgram.get(program) ?? 0) + value);
    } catch {
      // gone
    }
  }
  return byProgram;
}

/**
 * Proportional memory (PSS: shared pages divided among the processes sharing them, so PostgreSQL's shared buffers
 * count once) of a process and all its descendants, per program, in MiB.
 */
export function treeMemoryMiB(rootPid: number): Map<string, number> {
  return perProgram(rootPid, (pid) => Number(/Pss:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) / 1024);
}

/** Resident memory (RSS) of a process and all its descendants, per program, in MiB. */
export function treeRssMiB(rootPid: number): Map<string, number> {
  return perProgram(rootPid, (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

// USER_HZ: the unit of /proc/<pid>/stat's times; 100 on every Linux this runs on.
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) used so far by a process and all its live descendants, per program, in seconds. */
export function treeCpuSeconds(rootPid: number): Map<string, number> {
  return perProgram(rootPid, cpuSecondsOf);
}

/** CPU time (user + system) one process has used so far, in seconds; throws if it is gone. */
export function cpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The share of one core each program used between two readings of treeCpuSeconds (100 % = one core busy), largest
 * first, as "Ponder 92 %, anvil 41 %".
 */
export function cpuShares(before: Map<string, number>, after: Map<string, number>, seconds: number): string {
  return [...after]
    .map(([program, used]) => [program, (used - (before.get(program) ?? 0)) / seconds] as const)
    .filter(([, share]) => share >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([program, share]) => `${program} ${(share * 100).toFixed(0)} %`)
    .join(", ");
}

/**
 * CPU time (user + system) used so far by each live process whose command line contains `text`, in seconds: how the
 * backends of one database of a shared PostgreSQL server are told apart (a backend's title names its database).
 */
export function cpuSecondsMatching(text: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text)) continue;
      const fields = statFields(Number(entry));
      byPid.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // gone, or not ours to read
    }
  }
  return byPid;
}

/** The CPU seconds used between two readings of cpuSecondsMatching by the processes alive at the second. */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  return [...after].reduce((sum, [pid, used]) => sum + used - (before.get(pid) ?? 0), 0);
}
