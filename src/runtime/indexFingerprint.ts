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
 * A hash of everything Ponder folds into its build id (config contracts, schema, every file under src/ but
 * src/api), plus the Ponder version. Ponder refuses to reuse a schema built by another build id, so when this
 * changes the index is rebuilt instead of the start failing.
 */
export function indexFingerprint(rootDir: string, chains: RuntimeChain[], ponderVersion: string): string {
  const hash = crypto.createHash("sha256").update(ponderVersion);
  const files = [
    path.join(rootDir, "ponder.config.ts"),
    path.join(rootDir, "ponder.schema.ts"),
    ...listFiles(path.join(rootDir, "abis"), ""),
    ...listFiles(path.join(rootDir, "src"), path.join(rootDir, "src", "api")),
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
