#!/usr/bin/env node
// The CLI entry lives outside src/ because Ponder executes every file under src/ when it builds the indexer.
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadBundle } from "./bundles.mjs";

// Node 22+ keeps compiled code between runs; the children (Ponder) inherit the same cache through the environment.
process.env.NODE_COMPILE_CACHE ??= path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".cache", "tokenhub", "compile");
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
const { runCli } = await loadBundle("cli");
process.exitCode = await runCli(process.argv.slice(2));
