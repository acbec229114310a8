import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function start(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-roles-"));
  try {
    const run = spawnSync(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), "start", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TOKENHUB_DATA_DIR: dataDir, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
    return { code: run.status, stderr: run.stderr };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("tokenhub start --role", () => {
  it("refuses an unknown role, naming the roles", () => {
    expect(start(["--role", "indexr"])).toEqual({
      code: 2,
      stderr: "tokenhub: unknown role 'indexr'; did you mean indexer? (roles: indexer, api; without --role, everything runs in one process).\n",
    });
  });

  it("refuses the split roles on the embedded database, and a chain without an RPC", () => {
    const chainsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-roles-")), "chains.json");
    fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local" }] }));
    expect(start(["--role", "indexer"], { TOKENHUB_CHAINS_FILE: chainsFile })).toEqual({
      code: 2,
      stderr:
        "tokenhub: --role indexer needs an external PostgreSQL shared by the indexer and the API replicas: set DATABASE_URL (the embedded database serves a single 'tokenhub start').\n",
    });
    expect(start(["--role", "api"], { TOKENHUB_CHAINS_FILE: chainsFile, DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres" })).toEqual({
      code: 2,
      stderr:
        "tokenhub: --role api: chain local (31337) has no rpcUrl in the chains file; with split roles every chain needs one (the local anvil is started only by a single 'tokenhub start').\n",
    });
    fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "main", rpcUrl: "http://127.0.0.1:1" }] }));
    expect(start(["--role", "api"], { TOKENHUB_CHAINS_FILE: chainsFile, DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres" })).toEqual({
      code: 2,
      stderr:
        "tokenhub: --role api needs the master key every replica shares: set TOKENHUB_MASTER_KEY_FILE (make one with 'tokenhub master-key generate <file>') or TOKENHUB_MASTER_KEY.\n",
    });
    fs.rmSync(path.dirname(chainsFile), { recursive: true, force: true });
  });
});
