import { db } from "ponder:api";
import { createRequire } from "node:module";
import { RUNTIME_FILE_ENV, readRuntimeConfig } from "../config/runtime.js";
import { createLogger } from "../logger.js";
import { createStore } from "../store/db.js";
import { migrateAppStore } from "../store/migrate.js";
import { createApp } from "./app.js";

/**
 * The composition root of the API process (Ponder loads this file): it reads what the supervisor resolved, opens the
 * app store, and builds the app. Nothing else creates connections.
 */
const runtimeFile = process.env[RUNTIME_FILE_ENV];
if (!runtimeFile) throw new Error(`${RUNTIME_FILE_ENV} is not set: start the service with 'tokenhub start' (npm start).`);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is not set for the API process.");

const runtime = readRuntimeConfig(runtimeFile);
const logger = createLogger({ level: runtime.logLevel, fields: { component: "api" } });
const store = createStore(databaseUrl);
await migrateAppStore(store.pool);

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export default createApp({ store: store.db, indexDb: db, runtime, logger, version });
