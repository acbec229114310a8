/**
 * Issue 25, acceptance 2: only what the index computes makes a new build. A change to the service outside the indexing
 * tree (a route's description, a store query) and a restart: the same build serves and no event is indexed again. A
 * change to an indexing file: a new build, made beside the one that answers, which keeps following the chain (issue 25
 * Deliver 3) by running the copy of the program that made it. Run on a copy of the project, whose files the test
 * changes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** What `tokenhub start` needs of the project; node_modules is linked, not copied. */
const PROJECT_FILES = ["abis", "bin", "server", "src", "ponder.config.ts", "ponder.schema.ts", "ponder-env.d.ts", "package.json", "tsconfig.json"];
const OWNER = getAddress("0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f");

let copy: string;
let service: TestService;
let listing: string;
let collection: Address;
let full: Record<string, unknown>;

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** The build Ponder was started on, from the supervisor's line, in the output since `from`. */
function buildStarted(from: number): string {
  const started = /starting Ponder [\d.]+ on schema (\S+)/.exec(service.output().slice(from));
  if (!started) throw new Error(`no build started:\n${service.output().slice(from)}`);
  return started[1]!;
}

function appendTo(file: string, text: string): void {
  fs.appendFileSync(path.join(copy, file), text);
}

beforeAll(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-copy-"));
  for (const entry of PROJECT_FILES) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  // At debug, Ponder's line for each block it indexes live stays in the output (server/indexer/ponderLaunch.ts): what
  // this file counts.
  service = await startTestService({ root: copy, env: { TOKENHUB_LOG_LEVEL: "debug" } });
  const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Scope", symbol: "SCOPE" });
  expect(created.status).toBe(200);
  collection = created.body.contractAddress as Address;
  const minted = await Promise.all(Array.from({ length: 3 }, () => call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: OWNER })));
  for (const mint of minted) {
    await waitFor(async () => (await call("GET", `/api/v1/transactions/${mint.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 30_000 });
  }
  listing = `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&ownerAddress=${OWNER}`;
  full = await waitFor(async () => {
    const read = await call("GET", listing);
    return read.body.tokens?.length === 3 && read.body;
  }, { timeoutMs: 30_000 });
}, 180_000);

afterAll(async () => {
  await service?.destroy();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("what makes a new build of the index", { timeout: 240_000 }, () => {
  it("a change to a route's description and to a store query: the same build serves, no event indexed again", async () => {
    const before = buildStarted(0);
    await service.stop();
    const routes = fs.readFileSync(path.join(copy, "server/http/routes/erc721.ts"), "utf8");
    const described = routes.replace(/description: "([^"]+)"/, 'description: "$1 (changed by the build scope test)"');
    expect(described).not.toBe(routes);
    fs.writeFileSync(path.join(copy, "server/http/routes/erc721.ts"), described);
    appendTo("server/indexer/store/indexState.ts", "\n// A store query's file, changed by the build scope test.\n");
    const from = service.output().length;
    await service.start();

    expect(buildStarted(from)).toBe(before);
    expect(service.output().slice(from)).not.toMatch(/building the index in schema/);
    expect(await call("GET", listing)).toEqual({ status: 200, body: full });
    const indexed = [...service.output().slice(from).matchAll(/Indexed block.*?event_count=(\d+)/g)].map((match) => Number(match[1]));
    expect(indexed.filter((count) => count > 0)).toEqual([]);
  });

  it("a change to an indexing file: a new build, made beside the one that answers, which keeps following the chain with the code that made it", async () => {
    const before = buildStarted(0);
    await service.stop();
    // The new code holds its backfill back while this file exists: the rebuild lasts until the test lets it finish.
    const hold = path.join(copy, "hold-new-build");
    fs.writeFileSync(hold, "");
    const file = path.join(copy, "src/indexing/erc721.ts");
    const code = fs.readFileSync(file, "utf8");
    const handler = 'ponder.on("Erc721Collection:Transfer", async ({ event, context }) => {\n';
    expect(code).toContain(handler);
    const held = code.replace(handler, `${handler}  while (existsSync(${JSON.stringify(hold)})) await new Promise((resolve) => setTimeout(resolve, 100));\n`);
    fs.writeFileSync(file, `import { existsSync } from "node:fs";\n${held}`);
    const from = service.output().length;
    await service.start();

    const after = buildStarted(from);
    expect(after).not.toBe(before);
    expect(service.output().slice(from)).toContain(`building the index in schema ${after}; ${before} answers until it is done`);
    await waitFor(() => service.output().slice(from).includes(`${before} keeps following the chain while the new build is made`), { timeoutMs: 30_000 });
    expect(service.output().slice(from)).toMatch(new RegExp(`${before} keeps following the chain while the new build is made \\(Ponder on port \\d+, running the indexing code that made it, kept in \\S+/programs/${before}\\)`));
    expect(await call("GET", listing)).toEqual({ status: 200, body: full });

    // A token minted during the rebuild is listed by the build before, which runs the code that made it.
    const mint = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: OWNER });
    expect(mint.status, JSON.stringify(mint.body)).toBe(200);
    const mintedAt = Date.now();
    const withIt = await waitFor(async () => {
      const read = await call("GET", listing);
      return read.body.tokens?.length === 4 && read;
    }, { timeoutMs: 30_000, message: () => service.output().slice(from).slice(-3000) });
    const listedAfter = Date.now() - mintedAt;
    expect(listedAfter, `listed ${listedAfter} ms after the mint`).toBeLessThanOrEqual(10_000);
    expect(service.output().slice(from)).not.toContain(`the index answers from build ${after} now`);

    fs.rmSync(hold);
    await waitFor(() => service.output().slice(from).includes(`the index answers from build ${after} now`), { timeoutMs: 120_000 });
    expect(await call("GET", listing)).toEqual(withIt);
    // The copy of the code that made the build before goes with it.
    expect(service.output().slice(from)).toContain(`dropped ${before}`);
    expect(fs.readdirSync(path.join(service.dataDir, "programs"))).toEqual([after]);
  });
});
