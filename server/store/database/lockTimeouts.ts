import type pg from "pg";
import { isLockNotAvailable } from "./db.js";

/**
 * Ponder's read-only connections, which the REST routes read the index on, give up waiting for a lock after 500 ms
 * (lock_timeout), and the index's own changes can hold one longer on a loaded machine: a switch of the views to a new
 * build, the start of the follower on the answering build (Ponder's recovery on its tables). A read of `pool` that
 * failed so is run again, up to the pool's size in tries (each waits its 500 ms), whichever way it is written (query
 * builder or prepared statement), instead of answering 500. The pool is changed in place: drizzle's `db` holds it.
 */
export function retryReadsPastLockTimeout(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const tries = pool.options.max ?? 10;
  pool.query = ((...args: unknown[]) => {
    // The callback and submittable (cursor) forms are left as they are: the reads use the promise form.
    if (typeof args.at(-1) === "function" || typeof (args[0] as { submit?: unknown } | undefined)?.submit === "function") return query(...args);
    const run = async () => {
      for (let tried = 1; ; tried++) {
        try {
          return await query(...args);
        } catch (error) {
          if (!isLockNotAvailable(error) || tried >= tries) throw error;
        }
      }
    };
    return run();
  }) as typeof pool.query;
}
