import fs from "node:fs";

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
}

/**
 * Stops a process recorded in a pid file by an earlier supervisor that did not get to clean up. Where /proc tells,
 * the process must still be the one named, so a recycled pid is left alone.
 */
export async function stopOrphanFromPidFile(pidFile: string, commandIncludes: string): Promise<boolean> {
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
  fs.rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return false;
  const cmdline = `/proc/${pid}/cmdline`;
  if (fs.existsSync("/proc/self") && (!fs.existsSync(cmdline) || !fs.readFileSync(cmdline, "utf8").includes(commandIncludes))) return false;
  await stopProcess(pid, "SIGTERM", 20_000);
  return true;
}
