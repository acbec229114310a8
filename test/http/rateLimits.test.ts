import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";

/**
 * Rate limits (decisions.md, "Rate limits"): token buckets per API token and class, per client address without a
 * valid token, kept in PostgreSQL so that replicas on one database enforce one limit together.
 */

// Needs a PostgreSQL server two services can share: DATABASE_URL (set by .ci/run).
const external = process.env.DATABASE_URL !== undefined;
const READ_BURST = 30;
const WRITE_BURST = 12;
const UPLOAD_BURST = 6;
const ANONYMOUS_BURST = 10;
const limits = {
  TOKENHUB_RATE_LIMIT_WRITE_PER_SECOND: "0.5",
  TOKENHUB_RATE_LIMIT_WRITE_BURST: String(WRITE_BURST),
  TOKENHUB_RATE_LIMIT_UPLOAD_PER_SECOND: "0.5",
  TOKENHUB_RATE_LIMIT_UPLOAD_BURST: String(UPLOAD_BURST),
  TOKENHUB_RATE_LIMIT_READ_PER_SECOND: "0.5",
  TOKENHUB_RATE_LIMIT_READ_BURST: String(READ_BURST),
  TOKENHUB_RATE_LIMIT_ANONYMOUS_PER_SECOND: "0.5",
  TOKENHUB_RATE_LIMIT_ANONYMOUS_BURST: String(ANONYMOUS_BURST),
};

let first: TestService;
let second: TestService;

type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

async function get(service: TestService, path: string, token?: string): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function readToken(service: TestService): Promise<string> {
  const created = await service.cli(["token", "create", "--project", "default", "--scopes", "read"]);
  expect(created.code, created.stderr).toBe(0);
  return created.stdout.trim().split("\n").at(-1)!.trim();
}

function expectRefused(answer: Answer, policy: string): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
  expect(answer.body.error).toMatch(new RegExp(`^Too many requests: the ${policy} limit is 0.5 a second, bursts of \\d+; retry in \\d+ s\\.$`));
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
}

beforeAll(async () => {
  first = await startTestService({ external, env: limits });
  if (!external) return;
  // A second replica: the same database, the first one's chain (as a remote chain), an index schema of its own.
  const chainsFile = path.join(first.dataDir, "replica.chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local", rpcUrl: first.runtime().chains[0]!.rpcUrl[0] }] }));
  second = await startTestService({ env: { ...limits, DATABASE_URL: first.databaseUrl(), TOKENHUB_CHAINS_FILE: chainsFile, TOKENHUB_INDEX_SCHEMA: "tokenhub_index_replica" } });
}, 240_000);

afterAll(async () => {
  await second?.destroy();
  await first?.destroy();
});

describe("rate limits", () => {
  it("refuses a flood of one token's reads past its burst with 429 and Retry-After; every answer carries the RateLimit fields", async () => {
    const token = await readToken(first);
    const answers = await Promise.all(Array.from({ length: READ_BURST * 2 }, () => get(first, "/api/v1/collections?chainId=31337", token)));
    const passed = answers.filter((answer) => answer.status === 200);
    // A flood shorter than two seconds gets at most one token of refill at 0.5 a second.
    expect(passed.length).toBeGreaterThanOrEqual(READ_BURST);
    expect(passed.length).toBeLessThanOrEqual(READ_BURST + 1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expectRefused(answer, "read");
    for (const answer of answers) {
      expect(answer.headers.get("ratelimit-policy")).toBe(`"read";q=${READ_BURST};w=${READ_BURST * 2}`);
      expect(answer.headers.get("ratelimit")).toMatch(/^"read";r=\d+;t=\d+$/);
    }
    expect(passed.map((answer) => Number(/r=(\d+)/.exec(answer.headers.get("ratelimit")!)![1])).sort((a, b) => a - b)[0]).toBe(0);

    // Another token has a bucket of its own.
    expect((await get(first, "/api/v1/collections?chainId=31337", await readToken(first))).status).toBe(200);
  });

  it("keeps writes and uploads in buckets of their own, taken before the body is read", async () => {
    const admin = first.adminToken;
    const post = async (pathname: string, init: RequestInit): Promise<Answer> => {
      const response = await fetch(`${first.baseUrl}${pathname}`, { method: "POST", ...init, headers: { authorization: `Bearer ${admin}`, ...init.headers } });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
    };
    // Invalid bodies: refused with 400 once past the limiter, so the flood sends nothing to the chain.
    const writes = await Promise.all(
      Array.from({ length: WRITE_BURST * 2 }, () => post("/api/v1/erc721/mint", { headers: { "content-type": "application/json" }, body: "{}" })),
    );
    expect(writes.filter((answer) => answer.status === 400).length).toBeGreaterThanOrEqual(WRITE_BURST);
    expect(writes.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(WRITE_BURST + 1);
    for (const answer of writes.filter((candidate) => candidate.status !== 400)) expectRefused(answer, "write");
    for (const answer of writes) expect(answer.headers.get("ratelimit-policy")).toBe(`"write";q=${WRITE_BURST};w=${WRITE_BURST * 2}`);

    const uploads = await Promise.all(
      Array.from({ length: UPLOAD_BURST * 2 }, () => post("/api/v1/nft/uploadMedia", { headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x--\r\n" })),
    );
    expect(uploads.filter((answer) => answer.status === 400).length).toBeGreaterThanOrEqual(UPLOAD_BURST);
    expect(uploads.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(UPLOAD_BURST + 1);
    for (const answer of uploads.filter((candidate) => candidate.status !== 400)) expectRefused(answer, "upload");

    // The write and upload buckets are the token's own: its reads still pass.
    expect((await get(first, "/api/v1/collections?chainId=31337", admin)).status).toBe(200);
  });

  it("limits requests without a valid token by client address, unknown tokens included", async () => {
    const answers = await Promise.all(Array.from({ length: ANONYMOUS_BURST * 3 }, (_, index) => get(first, "/api/v1/collections?chainId=31337", `thk_unknown_${index}`)));
    const unauthorized = answers.filter((answer) => answer.status === 401);
    expect(unauthorized.length).toBeGreaterThanOrEqual(ANONYMOUS_BURST);
    expect(unauthorized.length).toBeLessThanOrEqual(ANONYMOUS_BURST + 1);
    for (const answer of answers.filter((candidate) => candidate.status !== 401)) expectRefused(answer, "anonymous");
    for (const answer of answers) expect(answer.headers.get("ratelimit-policy")).toBe(`"anonymous";q=${ANONYMOUS_BURST};w=${ANONYMOUS_BURST * 2}`);
  });

  it.skipIf(!external)("holds one limit for the sum of two replicas on one database", async () => {
    const token = await readToken(first);
    // Each replica alone lets a burst through: whatever is refused below is refused for the sum.
    const warmUp = await readToken(first);
    for (const service of [first, second]) expect((await get(service, "/api/v1/collections?chainId=31337", warmUp)).status).toBe(200);

    const answers = await Promise.all(Array.from({ length: READ_BURST * 2 }, (_, index) => get(index % 2 === 0 ? first : second, "/api/v1/collections?chainId=31337", token)));
    const passed = answers.filter((answer) => answer.status === 200);
    expect(passed.length).toBeGreaterThanOrEqual(READ_BURST);
    expect(passed.length).toBeLessThanOrEqual(READ_BURST + 1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expectRefused(answer, "read");
  });
});
