import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateAppStore } from "../../server/store/database/migrate.js";

export type TestDatabase = { pool: pg.Pool; name: string; drop(): Promise<void> };

const ADMIN_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** A fresh database with the app store migrated, on the PostgreSQL the tests are given; dropped by drop(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tokenhub_pipeline_${randomBytes(6).toString("hex")}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // drop() ends the database with FORCE: a client still connected then must not crash the test run.
  pool.on("error", () => undefined);
  await migrateAppStore(pool);
  return {
    pool,
    name,
    async drop() {
      await pool.end();
      await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function asAdmin(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
