import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RuntimeChain } from "../config/runtime.js";

function listFiles(dir: string, skip: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (full === skip) return [];
    if (entry.isDirectory()) return listFiles(full, skip);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A hash of what the index computes: the Ponder config, the schema, the indexing code (every file under src/ but
 * src/api, which Ponder executes as indexing code and hashes into its build id; the service lives in server/ so that
 * a change to it is no new build), the ABIs, the chains and their contracts, the Ponder version and
 * TOKENHUB_INDEX_VERSION. It covers Ponder's own build id (the config's contracts, the schema file, the indexing
 * files), which refuses to reuse a schema another build made: each fingerprint is a build of the index in a schema of
 * its own (server/indexer/store/indexDeployments.ts).
 */
export function indexFingerprint(rootDir: string, chains: RuntimeChain[], versions: { ponder: string; index: string }): string {
  const hash = crypto.createHash("sha256").update(versions.ponder).update(`\0${versions.index}\0`);
  const files = [
    path.join(rootDir, "ponder.config.ts"),
    path.join(rootDir, "ponder.schema.ts"),
    ...listFiles(path.join(rootDir, "abis"), ""),
    ...listFiles(path.join(rootDir, "src"), path.join(rootDir, "src", "api")),
    // The indexer stores each ERC-721 token's ERC-6551 account address computed by this file.
    path.join(rootDir, "server", "chain", "erc6551Account.ts"),
  ].sort();
  for (const file of files) hash.update(path.relative(rootDir, file)).update(fs.readFileSync(file));
  const indexed = chains.map((chain) => ({
    id: chain.id,
    name: chain.name,
    startBlock: chain.startBlock,
    core: chain.core,
    contracts: chain.contracts,
  }));
  hash.update(JSON.stringify(indexed));
  return hash.digest("hex").slice(0, 16);
}
