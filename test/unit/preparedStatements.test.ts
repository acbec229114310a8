import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { preparedStatement } from "../../server/store/database/preparedStatements.js";

// Needs a PostgreSQL server: DATABASE_URL (set by .ci/run).
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("prepared statements", () => {
  // One connection, so the statement prepared by the first call is the one the later calls and the check see.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool);
  afterAll(() => pool.end());

  it("builds a statement once, runs it by name with each call's values, and keeps it apart per database", async () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sql`SELECT ${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int AS sum, ${sql.placeholder("ids")}::numeric[] AS ids`;
    };
    const statement = preparedStatement<{ sum: number; ids: string }>(db, "tokenhub_test_sum", build);
    // A numeric array comes back as PostgreSQL's text, as drizzle reads it: no digit of a uint256 lost to a float.
    expect(await statement({ a: 1, b: 2, ids: ["7", "115792089237316195423570985008687907853269984665640564039457584007913129639935"] })).toEqual([
      { sum: 3, ids: "{7,115792089237316195423570985008687907853269984665640564039457584007913129639935}" },
    ]);
    expect(await preparedStatement<{ sum: number }>(db, "tokenhub_test_sum", build)({ a: 40, b: 2, ids: [] })).toEqual([{ sum: 42, ids: "{}" }]);
    expect(builds).toBe(1);

    const prepared = await pool.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'tokenhub_test_%'");
    expect(prepared.rows).toEqual([{ name: "tokenhub_test_sum" }]);

    // Another database object (another pool) gets its own statement, built for it.
    const otherPool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      expect(await preparedStatement<{ sum: number }>(drizzle(otherPool), "tokenhub_test_sum", build)({ a: 5, b: 5, ids: ["1"] })).toEqual([{ sum: 10, ids: "{1}" }]);
      expect(builds).toBe(2);
    } finally {
      await otherPool.end();
    }
  });

  it("runs on after the views it reads move to another build, whose enum type is another", async () => {
    // Two connections, each preparing the statement before the switch: each fails it once afterwards.
    const twoPool = new pg.Pool({ connectionString: url, max: 2 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const schemas = ["tokenhub_test_views", "tokenhub_test_build_a", "tokenhub_test_build_b"];
    const dropAll = () => admin.query(schemas.map((schema) => `DROP SCHEMA IF EXISTS ${schema} CASCADE;`).join(""));
    try {
      await dropAll();
      for (const [build, kind] of [["tokenhub_test_build_a", "erc20"], ["tokenhub_test_build_b", "erc721"]] as const) {
        await admin.query(`CREATE SCHEMA ${build}; CREATE TYPE ${build}.kind AS ENUM ('erc20', 'erc721');
          CREATE TABLE ${build}.collection (address text, kind ${build}.kind); INSERT INTO ${build}.collection VALUES ('0x1', '${kind}')`);
      }
      // As server/indexer/store/indexDeployments.ts switches a view, in one transaction.
      const viewOnto = (build: string) =>
        admin.query(`BEGIN; DROP VIEW IF EXISTS tokenhub_test_views.collection; CREATE VIEW tokenhub_test_views.collection AS SELECT * FROM ${build}.collection; COMMIT`);
      await admin.query("CREATE SCHEMA tokenhub_test_views");
      await viewOnto("tokenhub_test_build_a");
      const statement = preparedStatement<{ address: string; kind: string }>(drizzle(twoPool), "tokenhub_test_kind", () => sql`SELECT address, kind FROM tokenhub_test_views.collection`);
      expect(await Promise.all([statement({}), statement({})])).toEqual([[{ address: "0x1", kind: "erc20" }], [{ address: "0x1", kind: "erc20" }]]);
      expect(twoPool.totalCount).toBe(2);

      await viewOnto("tokenhub_test_build_b");
      expect(await Promise.all([statement({}), statement({})])).toEqual([[{ address: "0x1", kind: "erc721" }], [{ address: "0x1", kind: "erc721" }]]);
      expect(await statement({})).toEqual([{ address: "0x1", kind: "erc721" }]);
    } finally {
      await dropAll();
      await admin.end();
      await twoPool.end();
    }
  });

  it("refuses a name PostgreSQL would truncate into another's", () => {
    expect(() => preparedStatement(db, `tokenhub_${"x".repeat(60)}`, () => sql`SELECT 1`)).toThrow(/Statement name too long/);
  });
});
