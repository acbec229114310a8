import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal`, waits up to `graceMs` for the process to end, then kills it. */
export async function stopProcess(pid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (!isProcessAlive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + graceMs;
  while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
  while (isProcessAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** util-linux's setpriv, where there is one (Linux); undefined elsewhere. */
const SETPRIV = (process.env.PATH ?? "")
  .split(path.delimiter)
  .map((dir) => path.join(dir, "setpriv"))
  .find((candidate) => process.platform === "linux" && fs.existsSync(candidate));

/**
 * Spawns a child the supervisor owns. It gets a process group of its own, so a terminal's Ctrl-C (SIGINT to the
 * foreground group) reaches the supervisor alone, which then stops the children in their order. Where setpriv is
 * available the child also gets `deathSignal` when the supervisor dies (PR_SET_PDEATHSIG), so one killed with SIGKILL
 * leaves nothing running; elsewhere the next start stops what it left (stopOrphanFromPidFile).
 */
export function spawnOwnedChild(command: string, args: string[], options: SpawnOptions & { deathSignal: NodeJS.Signals }): ChildProcess {
  const { deathSignal, ...spawnOptions } = options;
  const [file, argv] = SETPRIV === undefined ? [command, args] : [SETPRIV, ["--pdeathsig", deathSignal.replace(/^SIG/, ""), "--", command, ...args]];
  return spawn(file, argv, { ...spawnOptions, detached: true });
}

/**
 * Stops a process recorded in a pid file by an earlier supervisor that did not get to clean up. Where /proc tells,
 * the process must still be the one named, so a recycled pid is left alone.
 */
export async function stopOrphanFromPidFile(pidFile: string, commandIncludes: string): Promise<number | undefined> {
  const pid = orphanFromPidFile(pidFile, commandIncludes);
  if (pid !== undefined) await stopProcess(pid, "SIGTERM", 20_000);
  fs.rmSync(pidFile, { force: true });
  return pid;
}

/** The pid recorded in `pidFile` if that process still runs and is the one named. */
export function orphanFromPidFile(pidFile: string, commandIncludes: string): number | undefined {
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  const cmdline = `/proc/${pid}/cmdline`;
  if (fs.existsSync("/proc/self") && (!fs.existsSync(cmdline) || !fs.readFileSync(cmdline, "utf8").includes(commandIncludes))) return undefined;
  return pid;
}
