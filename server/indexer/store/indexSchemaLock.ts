import pg from "pg";

export type IndexSchemaHolder = { pid: number; url: string; hostname: string };

export type IndexSchemaLock = { release(): Promise<void> };

/**
 * One indexer per index schema of a shared PostgreSQL (decisions.md, "One owner per data directory", with
 * DATABASE_URL). A session advisory lock, held by a connection kept open while the service runs, says who owns the
 * schema; PostgreSQL releases it when that session ends, so an owner that crashed leaves nothing to clean up. The
 * owner's pid and URL are kept beside it, in the app store's settings, for the refusal message.
 */
export async function lockIndexSchema(
  connectionString: string,
  appSchema: string,
  indexSchema: string,
  me: IndexSchemaHolder,
): Promise<{ lock: IndexSchemaLock } | { heldBy: IndexSchemaHolder | undefined }> {
  const client = new pg.Client({ connectionString, application_name: "tokenhub_index_lock" });
  await client.connect();
  const settingsTable = `"${appSchema.replaceAll('"', '""')}".settings`;
  const key = `index_owner:${indexSchema}`;
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [`tokenhub:index:${indexSchema}`]);
    if (!rows[0]?.locked) {
      const holder = await client.query<{ value: string }>(`SELECT value FROM ${settingsTable} WHERE key = $1`, [key]);
      await client.end();
      return { heldBy: holder.rows[0] ? (JSON.parse(holder.rows[0].value) as IndexSchemaHolder) : undefined };
    }
    await client.query(
      `INSERT INTO ${settingsTable} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, JSON.stringify(me)],
    );
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  // A lost connection loses the lock; the error must not crash the supervisor (the next start would find it free).
  client.on("error", () => undefined);
  return {
    lock: {
      async release() {
        await client.query(`DELETE FROM ${settingsTable} WHERE key = $1`, [key]).catch(() => undefined);
        await client.end().catch(() => undefined);
      },
    },
  };
}
