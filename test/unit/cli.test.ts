import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function tokenhub(...args: string[]) {
  const run = spawnSync(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), ...args], { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * Runs `work` on a copy of the project (its own bundles, kept under the shared node_modules/.cache/tokenhub keyed by
 * the copy's path, as bin/bundles.mjs keys them), then removes the copy and its bundles.
 */
function withCopy(work: (copy: { run: (...args: string[]) => SpawnSyncReturns<string>; edit: (from: string, to: string, file?: string) => void; cache: string }) => void) {
  const copy = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-cli-")));
  const cache = path.join(ROOT, "node_modules", ".cache", "tokenhub", crypto.createHash("sha256").update(copy).digest("hex").slice(0, 12));
  try {
    for (const entry of ["bin", "server", "abis", "package.json"]) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
    work({
      run: (...args) => spawnSync(process.execPath, [path.join(copy, "bin", "tokenhub.mjs"), ...args], { cwd: os.tmpdir(), encoding: "utf8", env: { PATH: process.env.PATH } }),
      edit: (from, to, file = "server/cli/main.ts") => {
        const source = path.join(copy, file);
        const text = fs.readFileSync(source, "utf8");
        if (!text.includes(from)) throw new Error(`${file} does not hold '${from}'`);
        fs.writeFileSync(source, text.replace(from, to));
      },
      cache,
    });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

describe("the tokenhub command", () => {
  it("prints its version", () => {
    expect(tokenhub("--version")).toEqual({ code: 0, stdout: "0.1.0\n", stderr: "" });
  });

  it("refuses an unknown option in one line naming it, then the usage, exit code 2, no stack trace", () => {
    const run = tokenhub("start", "--prot", "4000");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^tokenhub: Unknown option '--prot'\.\n\ntokenhub: self-hosted token service\n\nUsage:\n {2}tokenhub start /);
    expect(run.stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
  });

  it("refuses an unknown command, naming the one it most likely meant", () => {
    const run = tokenhub("tokn", "create");
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("tokenhub: unknown command 'tokn create'; did you mean token create?");
    expect(tokenhub("bogus").stderr.split("\n")[0]).toBe("tokenhub: unknown command 'bogus'");
  });

  it("explains each command with --help", () => {
    expect(tokenhub("token", "create", "--help")).toEqual({
      code: 0,
      stdout:
        "Usage: tokenhub token create --project <name> --scopes <s1,s2> [--name <label>] [--expires <30d|ISO date>]\n\nCreate an API token (shown once).\nScopes: read, mint, permit, metadata, media, accounts, keys, webhooks, admin (admin holds all).\n",
      stderr: "",
    });
    const start = tokenhub("start", "-h");
    expect(start.code).toBe(0);
    expect(start.stdout).toMatch(/^Usage: tokenhub start \[--role indexer\|api\]\n\nRun the service/);
    const all = tokenhub("--help");
    expect(all.code).toBe(0);
    for (const command of ["start", "project create", "project list", "token create", "token list", "token revoke", "contract import", "contract deploy", "master-key generate", "master-key rotate"]) {
      expect(all.stdout).toContain(`  tokenhub ${command}`);
    }
  });

  it("lists a group's commands when the group is named alone, with or without --help", () => {
    for (const args of [["token", "--help"], ["token"], ["webhook", "--help"]]) {
      const run = tokenhub(...args);
      expect(run.stderr, args.join(" ")).toBe("");
      expect(run.code, args.join(" ")).toBe(args.includes("--help") ? 0 : 2);
      expect(run.stdout, args.join(" ")).toMatch(new RegExp(`^Usage:\\n {2}tokenhub ${args[0]} create `));
      expect(run.stdout).toContain(`  tokenhub ${args[0]} list`);
      expect(run.stdout).not.toContain("unknown command");
    }
  });

  it("runs its sources as they are now: an edit is in the next run without a build step (bin/bundles.mjs)", () => {
    withCopy(({ run, edit }) => {
      expect(run("--help").stdout.split("\n")[0]).toBe("tokenhub: self-hosted token service");

      edit("tokenhub: self-hosted token service", "tokenhub: edited a moment ago");
      expect(run("--help")).toMatchObject({ status: 0, stderr: "" });
      expect(run("--help").stdout.split("\n")[0]).toBe("tokenhub: edited a moment ago");
      // A command's own code is a chunk of the bundle, imported when the command runs: its edits are in the next run too.
      const existing = path.join(os.tmpdir(), "tokenhub-cli-existing-key");
      fs.writeFileSync(existing, "");
      try {
        edit("exists already; a key file is never overwritten.", "exists already (edited).", "server/cli/masterKeyCommands.ts");
        expect(run("master-key", "generate", existing)).toMatchObject({ status: 2, stderr: `tokenhub: ${existing} exists already (edited).\n` });
      } finally {
        fs.rmSync(existing, { force: true });
      }
    });
  });

  it("keeps a replaced build for the processes that may still load its chunks, for a day (bin/bundles.mjs)", () => {
    withCopy(({ run, edit, cache }) => {
      const builds = path.join(cache, "builds");
      const pointed = () => (JSON.parse(fs.readFileSync(path.join(cache, "cli.json"), "utf8")) as { build: string }).build;
      expect(run("--help").status).toBe(0);
      const first = pointed();
      expect(fs.readdirSync(path.join(builds, first)).filter((file) => file.endsWith(".mjs")).length).toBeGreaterThan(1);

      edit("tokenhub: self-hosted token service", "tokenhub: edited once");
      expect(run("--help").status).toBe(0);
      const second = pointed();
      expect(second).not.toBe(first);
      // The first build may still be in use (a process that started from it imports its command's chunk later).
      expect(fs.readdirSync(builds).sort()).toEqual([first, second].sort());
      expect(run("--version")).toMatchObject({ status: 0, stdout: "0.1.0\n" });
      expect(fs.readdirSync(builds).sort()).toEqual([first, second].sort());

      // Replaced more than a day ago: removed at the next build, which keeps the one it replaces.
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      fs.utimesSync(path.join(builds, first), twoDaysAgo, twoDaysAgo);
      edit("tokenhub: edited once", "tokenhub: edited twice");
      expect(run("--help").stdout.split("\n")[0]).toBe("tokenhub: edited twice");
      expect(fs.readdirSync(builds).sort()).toEqual([second, pointed()].sort());
    });
  });
});
