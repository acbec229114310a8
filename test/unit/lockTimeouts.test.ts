import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { retryReadsPastLockTimeout } from "../../server/store/database/lockTimeouts.js";
import { preparedStatement } from "../../server/store/database/preparedStatements.js";

// Needs a PostgreSQL server: DATABASE_URL (set by .ci/run).
const url = process.env.DATABASE_URL;
const switched = pgTable("tokenhub_test_switched", { n: integer("n") });

describe.skipIf(!url)("the REST routes' index pool", () => {
  it("runs again a read that waited past its lock_timeout for the indexer, query builder and prepared statement alike, instead of failing it", async () => {
    // As Ponder's read-only connections: a lock not granted within 500 ms fails the statement.
    const readers = new pg.Pool({ connectionString: url, max: 4, options: "-c lock_timeout=500" });
    retryReadsPastLockTimeout(readers);
    const db = drizzle(readers);
    const indexer = new pg.Client({ connectionString: url });
    await indexer.connect();
    try {
      await indexer.query("DROP TABLE IF EXISTS tokenhub_test_switched; CREATE TABLE tokenhub_test_switched (n int); INSERT INTO tokenhub_test_switched VALUES (7)");
      const prepared = preparedStatement<{ n: number }>(db, "tokenhub_test_switched_read", () => sql`SELECT n FROM tokenhub_test_switched`);
      // A lock held for 1.2 s, as Ponder's recovery held one when the answering build's follower started on a loaded
      // machine (clone run 3 of 2026-12-07: a collection's lookup by the query builder answered 500), or a switch of the views.
      await indexer.query("BEGIN; LOCK TABLE tokenhub_test_switched IN ACCESS EXCLUSIVE MODE");
      const released = new Promise((resolve) => setTimeout(resolve, 1_200)).then(() => indexer.query("COMMIT"));
      const [built, byName] = await Promise.all([db.select().from(switched).where(eq(switched.n, 7)), prepared({})]);
      expect(built).toEqual([{ n: 7 }]);
      expect(byName).toEqual([{ n: 7 }]);
      await released;

      // Past the pool's size in tries (each 500 ms), it fails as PostgreSQL said: a lock held for ever is not waited out.
      await indexer.query("BEGIN; LOCK TABLE tokenhub_test_switched IN ACCESS EXCLUSIVE MODE");
      const began = Date.now();
      await expect(db.select().from(switched)).rejects.toMatchObject({ code: "55P03" });
      expect(Date.now() - began).toBeGreaterThanOrEqual(4 * 500);
      await indexer.query("COMMIT");
      // The other forms of a query are the pool's own, unchanged.
      expect((await readers.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await indexer.query("ROLLBACK").catch(() => undefined);
      await indexer.query("DROP TABLE IF EXISTS tokenhub_test_switched");
      await indexer.end();
      await readers.end();
    }
  });
});
