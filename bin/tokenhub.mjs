#!/usr/bin/env node
// The CLI entry lives outside src/ because Ponder executes every file under src/ when it builds the indexer.
// First: every import after it, the bundles' packages included, resolves through it (relativeImports.mjs says why).
import "./relativeImports.mjs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Ponder 0.17 needs Node 22 or newer: npm's scripts run the Node 24 that `npm install` put in node_modules/.bin.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`tokenhub needs Node.js 22 or newer, and this is ${process.version}: run it through npm (npm start, npm run tokenhub -- <command>), which uses the Node 24 in node_modules/.bin.`);
  process.exit(1);
}
// Node keeps compiled code between runs; the children (Ponder) inherit the same cache through the environment.
process.env.NODE_COMPILE_CACHE ??= path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".cache", "tokenhub", "compile");
module.enableCompileCache(process.env.NODE_COMPILE_CACHE);
const { loadBundle } = await import("./bundles.mjs");
const { runCli } = await loadBundle("cli");
process.exitCode = await runCli(process.argv.slice(2));
