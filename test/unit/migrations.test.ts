import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateAppStore } from "../../server/store/database/migrate.js";

// Needs a PostgreSQL server to create a scratch database on: DATABASE_URL (set by .ci/run).
const admin = process.env.DATABASE_URL;
const name = `tokenhub_migrate_${crypto.randomBytes(5).toString("hex")}`;
let url: string;

describe.skipIf(!admin)("app store migrations", () => {
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const parsed = new URL(admin!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });

  afterAll(async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it("apply each migration exactly once when several replicas start at the same moment", async () => {
    const pools = Array.from({ length: 4 }, () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      pool.on("error", () => undefined);
      return pool;
    });
    try {
      const results = await Promise.all(pools.map((pool) => migrateAppStore(pool)));
      const applied = results.flatMap((result) => result.applied);
      const names = (await pools[0]!.query<{ name: string }>("SELECT name FROM tokenhub_app.schema_migrations ORDER BY name")).rows.map((row) => row.name);
      expect(names.length).toBeGreaterThan(0);
      expect(applied.sort()).toEqual(names);
      expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
      expect((await migrateAppStore(pools[1]!)).applied).toEqual([]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
