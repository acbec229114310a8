import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "../errors.js";
import { isProcessAlive } from "../processes.js";

/** What the lock file says about the instance that holds the data directory. */
export type LockHolder = { pid: number; url: string; startedAt: string; hostname: string };

export type DataDirLock = {
  /** The holder that was gone when this start took its lock over, if any. */
  takenOverFrom: LockHolder | undefined;
  release(): void;
};

export const LOCK_FILE = "tokenhub.lock";

/** A start that finds this many stale locks in a row is racing another start: it gives up rather than loop. */
const MAX_TAKEOVERS = 3;

/**
 * Makes this process the one owner of the data directory (decisions.md, "One owner per data directory"). The lock is
 * a file created exclusively, holding the owner's pid and URL: a second start refuses at once, before it touches the
 * database, the chain or the children of the running one. A lock whose process is gone (a supervisor killed with
 * SIGKILL, a machine that rebooted) is taken over.
 */
export function lockDataDir(dataDir: string, url: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, url, startedAt: new Date().toISOString(), hostname: os.hostname() };
  let takenOverFrom: LockHolder | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= MAX_TAKEOVERS) throw error;
    }
    const holder = readHolder(file);
    if (holder !== undefined && holderIsRunning(holder)) {
      throw new ConfigError(`tokenhub is already running on this data directory (pid ${holder.pid}, ${holder.url}); stop it first, or use another TOKENHUB_DATA_DIR.`);
    }
    takenOverFrom = holder ?? { pid: 0, url: "unknown", startedAt: "unknown", hostname: "unknown" };
    // Renamed aside before removal: of two starts that find the same stale lock, only one rename succeeds, so they
    // cannot both take it over.
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
      fs.rmSync(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return {
    takenOverFrom,
    release() {
      if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}

/** The holder of the data directory's lock while it is running, for commands that must not run beside it. */
export function runningHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder !== undefined && holderIsRunning(holder) ? holder : undefined;
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number") return undefined;
    return { pid: parsed.pid, url: parsed.url ?? "unknown", startedAt: parsed.startedAt ?? "unknown", hostname: parsed.hostname ?? "unknown" };
  } catch {
    // A lock file cut short by a crash while it was written says nothing: treated as stale.
    return undefined;
  }
}

/**
 * Whether the recorded process still runs and is a tokenhub: a pid recycled by an unrelated program after a reboot,
 * or our own pid in a restarted container (where the supervisor is pid 1 each time), does not hold the directory.
 */
function holderIsRunning(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !isProcessAlive(holder.pid)) return false;
  const cmdline = `/proc/${holder.pid}/cmdline`;
  if (!fs.existsSync("/proc/self/cmdline")) return true;
  try {
    return fs.readFileSync(cmdline, "utf8").includes("tokenhub");
  } catch {
    return false;
  }
}
