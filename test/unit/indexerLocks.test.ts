import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveWayToIndexer, isLockNotAvailable } from "../../server/store/database/db.js";

// Needs a PostgreSQL server: DATABASE_URL (set by .ci/run).
const url = process.env.DATABASE_URL;
const SCHEMA = `tokenhub_test_locks_${process.pid}`;

/**
 * The lock order of a reorganisation in Ponder (its reorg_block drops its triggers table by table, each under an
 * exclusive lock, in one transaction) against a background job reading the same index tables over several statements
 * of one transaction: the job holds `activity`, Ponder takes `collection` then waits for `activity`, the job then reads
 * `collection`. PostgreSQL breaks that cycle after deadlock_timeout (1 s) by cancelling the waiter that checks first,
 * Ponder; the job must give way instead.
 */
describe.skipIf(!url)("a job reading index tables gives way to Ponder reverting a block", () => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${SCHEMA}; CREATE TABLE ${SCHEMA}.collection (id int); CREATE TABLE ${SCHEMA}.activity (id int)`);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  });

  const reorganiseWhileAJobReads = async (job: (client: pg.PoolClient) => Promise<void>) => {
    const jobClient = await pool.connect();
    const ponder = await pool.connect();
    try {
      await jobClient.query("BEGIN");
      await job(jobClient);
      await jobClient.query(`SELECT count(*) FROM ${SCHEMA}.activity`);

      await ponder.query("BEGIN");
      await ponder.query(`LOCK TABLE ${SCHEMA}.collection IN ACCESS EXCLUSIVE MODE`);
      const ponderDone = ponder.query(`LOCK TABLE ${SCHEMA}.activity IN ACCESS EXCLUSIVE MODE`).then(
        () => "locked",
        (error: { code?: string }) => `failed: ${error.code}`,
      );
      // Ponder waits first, so its deadlock check is the one that fires.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const jobOutcome = await jobClient.query(`SELECT count(*) FROM ${SCHEMA}.collection`).then(
        () => "read",
        (error: unknown) => (isLockNotAvailable(error) ? "gave way" : `failed: ${(error as { code?: string }).code}`),
      );
      await jobClient.query("ROLLBACK");
      const ponderOutcome = await ponderDone;
      await ponder.query("ROLLBACK");
      return { job: jobOutcome, ponder: ponderOutcome };
    } finally {
      jobClient.release();
      ponder.release();
    }
  };

  it("without giving way, PostgreSQL breaks the deadlock by cancelling Ponder", async () => {
    expect(await reorganiseWhileAJobReads(async () => undefined)).toEqual({ job: "read", ponder: "failed: 40P01" });
  });

  it("giving way, the job fails with lock_not_available and Ponder goes on", async () => {
    expect(await reorganiseWhileAJobReads(giveWayToIndexer)).toEqual({ job: "gave way", ponder: "locked" });
  });
});
