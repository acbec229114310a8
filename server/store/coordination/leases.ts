import type pg from "pg";

/** How long a lease lasts without renewal: the longest a job waits after its replica died before another takes it. */
export const LEASE_MS = 10_000;

/**
 * The right to run one background job, shared through the app store by every replica. A job whose work is not per
 * row (a loop's pass over its backlog, one chain's receipts) runs only in the replica holding its lease; the others
 * skip their passes. The holder renews it once a third of it has passed: at the first pass after that, and every
 * LEASE_MS / 3 while a pass runs. So a replica that dies hands the job over within LEASE_MS, one that stops gives it
 * back at once, and a loop that passes every 200 ms renews its lease every few seconds, not at every pass (an idle
 * service's jobs wrote 15 lease rows a second, each a commit).
 */
export type Lease = {
  name: string;
  /** Runs `work` if this replica holds the lease or could take it (renewed while it runs); otherwise does nothing. */
  runIfHeld(work: () => Promise<void>): Promise<void>;
  /** Gives the lease back, so another replica takes the job over at its next pass rather than after the expiry. */
  release(): Promise<void>;
};

export function createLease(deps: { pool: pg.Pool; name: string; holder: string; ttlMs?: number }): Lease {
  const ttlMs = deps.ttlMs ?? LEASE_MS;
  const renewEveryMs = Math.max(100, Math.floor(ttlMs / 3));
  /**
   * When this holder last renewed it, by its own clock, taken before the statement was sent: the database counts the
   * expiry from its own clock when it ran the statement, at or after that. Undefined while it is not known to hold it.
   */
  let renewedAt: number | undefined;
  const hold = async () => {
    const sentAt = Date.now();
    const held = await holdLease(deps.pool, deps.name, deps.holder, ttlMs);
    renewedAt = held ? sentAt : undefined;
    return held;
  };
  return {
    name: deps.name,
    async runIfHeld(work) {
      const fresh = renewedAt !== undefined && Date.now() - renewedAt < renewEveryMs;
      if (!fresh && !(await hold())) return;
      // A failed renewal is retried on the next beat; the pass itself goes on (it is safe to repeat, not to cut).
      const heartbeat = setInterval(() => void hold().catch(() => undefined), renewEveryMs);
      try {
        await work();
      } finally {
        clearInterval(heartbeat);
      }
    },
    async release() {
      renewedAt = undefined;
      await releaseLease(deps.pool, deps.name, deps.holder);
    },
  };
}

/** Takes the lease if free or expired, renews it if `holder` has it; whether `holder` holds it now. */
export async function holdLease(db: pg.Pool | pg.PoolClient, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO tokenhub_app.leases (name, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE tokenhub_app.leases.holder = excluded.holder OR tokenhub_app.leases.expires_at < now()`,
    [name, holder, ttlMs],
  );
  return rowCount === 1;
}

export async function releaseLease(db: pg.Pool | pg.PoolClient, name: string, holder: string): Promise<void> {
  await db.query("DELETE FROM tokenhub_app.leases WHERE name = $1 AND holder = $2", [name, holder]);
}

/** Who holds each lease now (expired ones left out): what an operator, or a test, asks. */
export async function currentLeases(db: pg.Pool | pg.PoolClient): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; holder: string }>("SELECT name, holder FROM tokenhub_app.leases WHERE expires_at >= now()");
  return new Map(rows.map((row) => [row.name, row.holder]));
}

/** Forgets every lease: for a process that is the only one working on this database, after a crash of its last run. */
export async function clearLeases(db: pg.Pool | pg.PoolClient): Promise<void> {
  await db.query("DELETE FROM tokenhub_app.leases");
}
