#!/usr/bin/env node
// The CLI entry lives outside src/ because Ponder executes every file under src/ when it builds the indexer.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("../server/cli/main.ts");
process.exitCode = await runCli(process.argv.slice(2));
