import { db } from "ponder:api";
import { Hono } from "hono";
import { RUNTIME_FILE_ENV, readRuntimeConfig } from "../../server/config/runtime.js";
// Bundled (bin/bundles.mjs): Node loads it as it is instead of vite-node compiling each of the API's modules at start.
import { loadBundle } from "../../bin/bundles.mjs";

/**
 * What Ponder loads as the API. The indexer role serves nothing of its own: Ponder answers /health, /ready, /status
 * and /metrics before this app, and the pipeline and background loops run in the API replicas.
 */
const runtimeFile = process.env[RUNTIME_FILE_ENV];
if (!runtimeFile) throw new Error(`${RUNTIME_FILE_ENV} is not set: start the service with 'tokenhub start' (npm start).`);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is not set for the API process.");
const runtime = readRuntimeConfig(runtimeFile);
const { composeApi } = (await loadBundle("api")) as typeof import("../../server/composeApi.js");

export default runtime.role === "indexer" ? new Hono() : await composeApi(runtime, databaseUrl, db);
