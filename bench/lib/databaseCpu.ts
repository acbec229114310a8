import type pg from "pg";
import { cpuSecondsOf } from "./processTree.js";

/**
 * CPU seconds used so far by the server processes of a database's connections (one process per connection), by pid:
 * what an app costs its PostgreSQL, which runs outside the app's process tree. Only a server on this machine can be
 * read so (its processes in /proc).
 */
export async function databaseCpuSeconds(admin: pg.Pool, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [database]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSecondsOf(pid));
    } catch {
      // the connection closed meanwhile
    }
  }
  return cpu;
}

/**
 * The CPU seconds the connections used between two readings. A connection opened in between counts from zero; one
 * closed in between is lost with what it used since the first reading.
 */
export function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}
