import fs from "node:fs";
import pg from "pg";
import type { Settings } from "../config/env.js";
import { ConfigError } from "../errors.js";
import { createStore, type Store } from "../store/database/db.js";
import { embeddedConnectionString, startEmbeddedPostgres } from "../store/database/embeddedPostgres.js";
import { migrateAppStore } from "../store/database/migrate.js";
import { lockDataDir } from "../runtime/dataDirLock.js";

async function answers(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs a CLI command against the app store: the external database when DATABASE_URL is set, else the embedded
 * one, started for the duration of the command when the service is not running. With `create`, a data directory
 * without one gets it, as the service's first start would make it. The other commands refuse there: they work on
 * what a start made, and a project made before the first start would keep it from making the first project and
 * showing its admin token.
 */
export async function withStore<T>(settings: Settings, command: (store: Store) => Promise<T>, options: { create?: boolean } = {}): Promise<T> {
  let connectionString = settings.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!connectionString) {
    const known = embeddedConnectionString(settings.dataDir);
    if (!known && !options.create) throw new ConfigError(`No tokenhub data in ${settings.dataDir}: run 'npm start' once first, or set DATABASE_URL.`);
    if (known && (await answers(known))) {
      connectionString = known;
    } else {
      fs.mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
      // Owns the data directory while its database runs, so a `tokenhub start` meanwhile waits its turn.
      const lock = lockDataDir(settings.dataDir, `the tokenhub CLI (${process.argv.slice(2, 4).join(" ")})`);
      try {
        const embedded = await startEmbeddedPostgres({ dataDir: settings.dataDir });
        connectionString = embedded.connectionString;
        stopEmbedded = async () => {
          await embedded.stop();
          lock.release();
        };
      } catch (error) {
        lock.release();
        throw error;
      }
    }
  }
  const store = createStore(connectionString, { max: 2, name: "tokenhub_cli" });
  try {
    await migrateAppStore(store.pool);
    return await command(store);
  } finally {
    await store.close();
    await stopEmbedded?.();
  }
}
