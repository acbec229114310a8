import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function tokenhub(...args: string[]) {
  const run = spawnSync(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), ...args], { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
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
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-cli-"));
    try {
      for (const entry of ["bin", "server", "abis", "package.json"]) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
      const run = () => spawnSync(process.execPath, [path.join(copy, "bin", "tokenhub.mjs"), "--help"], { cwd: os.tmpdir(), encoding: "utf8", env: { PATH: process.env.PATH } });
      expect(run().stdout.split("\n")[0]).toBe("tokenhub: self-hosted token service");

      const main = path.join(copy, "server", "cli", "main.ts");
      fs.writeFileSync(main, fs.readFileSync(main, "utf8").replace("tokenhub: self-hosted token service", "tokenhub: edited a moment ago"));
      expect(run()).toMatchObject({ status: 0, stderr: "" });
      expect(run().stdout.split("\n")[0]).toBe("tokenhub: edited a moment ago");
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
