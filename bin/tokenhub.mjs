#!/usr/bin/env node
// The CLI entry lives outside src/ because Ponder executes every file under src/ when it builds the indexer.
// Ponder 0.17 needs Node 22 or newer: npm's scripts run the Node 24 that `npm install` put in node_modules/.bin.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`tokenhub needs Node.js 22 or newer, and this is ${process.version}: run it through npm (npm start, npm run tokenhub -- <command>), which uses the Node 24 in node_modules/.bin.`);
  process.exit(1);
}
const { register } = await import("tsx/esm/api");
register();
const { runCli } = await import("../server/cli/main.ts");
process.exitCode = await runCli(process.argv.slice(2));
