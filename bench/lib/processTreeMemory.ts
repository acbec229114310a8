import fs from "node:fs";
import path from "node:path";

/**
 * Proportional memory (PSS: shared pages divided among the processes sharing them, so PostgreSQL's shared buffers
 * count once) of a process and all its descendants, per program, from /proc (Linux).
 */
export function treeMemoryMiB(rootPid: number): Map<string, number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
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
  const byProgram = new Map<string, number>();
  for (const pid of tree) {
    try {
      const pss = Number(/Pss:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const program = cmdline.some((arg) => arg.includes("ponder.js"))
        ? "indexer+API (Ponder)"
        : cmdline.some((arg) => arg.includes("tokenhub.mjs"))
          ? "supervisor"
          : path.basename(cmdline[0] ?? "?").split(":")[0]!.trim();
      byProgram.set(program, (byProgram.get(program) ?? 0) + pss / 1024);
    } catch {
      // gone
    }
  }
  return byProgram;
}
