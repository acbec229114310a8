import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/ports.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * GraphQL and SQL over HTTP (decisions.md, "GraphQL and SQL over HTTP"): a `read` token, envelope refusals, their
 * own connections with a statement timeout; /metrics and /status for operators only. (Live slots that refused queries
 * cannot use up: test/http/liveSlots.test.ts, in the slow tier.)
 */

const TIMEOUT_MS = 6000;
const SQL_CONNECTIONS = 2;
let service: TestService;
let readToken: string;

type Answer = { status: number; contentType: string | null; body: any };

async function call(path: string, init: RequestInit & { token?: string | null } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  const token = init.token === undefined ? readToken : init.token;
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  const response = await fetch(`${service.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  const contentType = response.headers.get("content-type");
  return { status: response.status, contentType, body: contentType?.includes("json") ? JSON.parse(text) : text };
}

/**
 * A request sent as written, with the request target a client like fetch would normalise first (dot segments, the
 * absolute form): the status line's code, and the body.
 */
async function raw(baseUrl: string, method: string, target: string, token?: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  const authorization = token === undefined ? "" : `Authorization: Bearer ${token}\r\n`;
  socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${authorization}Connection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

/** Spellings of /metrics and /status that Ponder's router answers as those routes (its URL parser resolves them). */
const OTHER_SPELLINGS = ["/./metrics", "/status/../metrics", "/%2e/status", "http://elsewhere.example/metrics"];

/** The `sql` parameter as @ponder/client sends it (superjson). */
const sqlQuery = (sql: string) => `sql=${encodeURIComponent(JSON.stringify({ json: { sql, params: [] } }))}`;

/** A count over a 9-way cross join of the minted tokens: billions of rows, it runs until the statement timeout. */
const heavy = (n: number) => `SELECT count(*) AS n${n} FROM ${Array.from({ length: 9 }, (_, index) => `erc721_token t${index}`).join(", ")}`;

async function post(path: string, body: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, any>;
}

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_SQL_TIMEOUT_MS: String(TIMEOUT_MS), TOKENHUB_SQL_CONNECTIONS: String(SQL_CONNECTIONS) } });
  const created = await service.cli(["token", "create", "--project", "default", "--scopes", "read"]);
  readToken = created.stdout.trim().split("\n").at(-1)!.trim();
  const { contractAddress } = await post("/api/v1/erc721/create", { chainId: 31337, name: "Rows", symbol: "ROW" });
  for (let index = 0; index < 12; index++) await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress, recipientAddress: "0x000000000000000000000000000000000000dEaD" });
  await waitFor(async () => (await call(`/sql/db?${sqlQuery("SELECT count(*) AS n FROM erc721_token")}`)).body?.rows?.[0]?.n === "12", { timeoutMs: 30_000 });
});

afterAll(async () => {
  await service?.destroy();
});

describe("GraphQL and SQL over HTTP", () => {
  it("needs a read token for /sql and POST /graphql; the GraphiQL page stays open", async () => {
    const unauthorized = { success: false, error: "Missing Authorization header; send 'Authorization: Bearer <token>'.", code: "UNAUTHORIZED" };
    expect(await call(`/sql/db?${sqlQuery("SELECT 1")}`, { token: null })).toMatchObject({ status: 401, body: unauthorized });
    expect(await call(`/sql/live?${sqlQuery("SELECT 1")}`, { token: null })).toMatchObject({ status: 401, body: unauthorized });
    const query = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ collections { items { name } } }" }) };
    expect(await call("/graphql", { ...query, token: null })).toMatchObject({ status: 401, body: unauthorized });
    const graphiql = await call("/graphql", { token: null });
    expect(graphiql.status).toBe(200);
    expect(graphiql.contentType).toMatch(/^text\/html/);

    expect(await call("/graphql", query)).toMatchObject({ status: 200, body: { data: { collections: { items: [{ name: "Rows" }] } } } });
    expect(await call(`/sql/db?${sqlQuery("SELECT name FROM collection")}`)).toMatchObject({ status: 200, body: { rows: [{ name: "Rows" }] } });
  });

  it("answers a refused query with the 400 envelope, not a plain-text 500", async () => {
    expect(await call(`/sql/db?${sqlQuery("SELECT * FROM tokenhub_app.api_tokens")}`)).toEqual({
      status: 400,
      contentType: "application/json",
      body: { success: false, error: "The SQL query was refused: Schema name not supported", code: "VALIDATION_ERROR" },
    });
    expect(await call(`/sql/db?${sqlQuery("DELETE FROM collection")}`)).toMatchObject({
      status: 400,
      body: { success: false, error: "The SQL query was refused: DeleteStmt not supported", code: "VALIDATION_ERROR" },
    });
    expect(await call("/sql/db")).toMatchObject({ status: 400, body: { success: false, error: 'The SQL query was refused: Missing "sql" query parameter', code: "VALIDATION_ERROR" } });
    expect(await call("/sql/db?sql=not-json")).toMatchObject({ status: 400, body: { success: false, code: "VALIDATION_ERROR" } });

    // GraphQL: a query refused as a whole is the envelope too, with GraphQL's own `errors` beside it.
    const graphql = (body: string) => call("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(await graphql(JSON.stringify({ query: "{ nosuch }" }))).toMatchObject({
      status: 400,
      body: {
        success: false,
        error: 'The GraphQL query was refused: Cannot query field "nosuch" on type "Query".',
        code: "VALIDATION_ERROR",
        errors: [{ message: 'Cannot query field "nosuch" on type "Query".' }],
      },
    });
    expect(await graphql("{ collections")).toMatchObject({ status: 400, body: { success: false, code: "VALIDATION_ERROR", errors: [expect.any(Object)] } });
  });

  it("serves REST reads while every SQL connection runs a query until the timeout, and cuts those at the timeout", async () => {
    // More heavy queries than Ponder's own read pool has connections (9): on a shared pool, REST reads would wait.
    let heavyEnded = false;
    // Each its own text: Ponder answers the same text once for every request that asks it meanwhile.
    const heavyAnswers = Array.from({ length: 10 }, (_, n) => call(`/sql/db?${sqlQuery(heavy(n))}`));
    void Promise.race(heavyAnswers).then(() => {
      heavyEnded = true;
    });
    await waitFor(
      async () => {
        const [row] = await queryDatabase<{ n: number }>(
          service.databaseUrl(),
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tokenhub_index_http' AND state = 'active' AND query LIKE '%t8%'",
        );
        return row!.n === SQL_CONNECTIONS;
      },
      { timeoutMs: TIMEOUT_MS * 0.75, intervalMs: 10, message: () => "the heavy queries did not take every SQL connection" },
    );
    const collections = await call("/api/v1/collections?chainId=31337");
    const reads = await Promise.all(Array.from({ length: 5 }, () => call(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${collections.body.collections[0].contractAddress}`)));
    expect(heavyEnded).toBe(false);
    for (const read of reads) expect(read).toMatchObject({ status: 200, body: { success: true } });
    expect(reads[0]!.body.tokens).toHaveLength(12);

    const answers = await Promise.all(heavyAnswers);
    const cancelled = { success: false, error: `The query ran longer than ${TIMEOUT_MS} ms (TOKENHUB_SQL_TIMEOUT_MS) and was cancelled.`, code: "VALIDATION_ERROR" };
    const busy = { success: false, error: `Every connection for SQL and GraphQL queries stayed busy for ${TIMEOUT_MS} ms; try again later.`, code: "RATE_LIMITED" };
    for (const answer of answers) expect([answer.status, answer.body]).toSatisfy(([status, body]) => (status === 400 && JSON.stringify(body) === JSON.stringify(cancelled)) || (status === 429 && JSON.stringify(body) === JSON.stringify(busy)));
    expect(answers.filter((answer) => answer.status === 400).length).toBeGreaterThanOrEqual(SQL_CONNECTIONS);
  }, 60_000);
});

describe("operator routes", () => {
  it("serves /metrics and /status to admin tokens only; /health stays open", async () => {
    // Ponder's router percent-decodes the path: an encoded spelling is the same route and needs the same token.
    for (const path of ["/metrics", "/status", "/%6Detrics", "/%73tatus", "/%6d%65%74%72%69%63%73?x=1"]) {
      expect(await call(path, { token: null })).toMatchObject({ status: 401, body: { success: false, code: "UNAUTHORIZED" } });
      expect(await call(path, {})).toMatchObject({ status: 403, body: { success: false, error: "This token lacks the 'admin' scope.", code: "FORBIDDEN" } });
      expect((await call(path, { token: service.adminToken })).status).toBe(200);
    }
    expect((await call("/metrics", { token: service.adminToken })).body).toMatch(/^# HELP /m);
    expect((await call("/status", { token: service.adminToken })).body).toMatchObject({ local: { id: 31337 } });
    expect((await call("/health", { token: null })).status).toBe(200);
  });

  it("guards every other spelling of them as well, and HEAD", async () => {
    for (const target of OTHER_SPELLINGS) {
      expect({ target, ...(await raw(service.baseUrl, "GET", target)) }).toMatchObject({ target, status: 401, body: expect.stringContaining('"code":"UNAUTHORIZED"') });
      expect({ target, status: (await raw(service.baseUrl, "GET", target, service.adminToken)).status }).toEqual({ target, status: 200 });
    }
    expect((await raw(service.baseUrl, "HEAD", "/metrics")).status).toBe(401);
    expect((await raw(service.baseUrl, "HEAD", "/metrics", service.adminToken)).status).toBe(200);
  });

  it("serves them on TOKENHUB_METRICS_PORT without a token, and not on the API port, when that is set; TOKENHUB_PUBLIC_INDEX opens GraphQL and SQL", async () => {
    const metricsPort = await freePort();
    const other = await startTestService({ env: { TOKENHUB_METRICS_PORT: String(metricsPort), TOKENHUB_PUBLIC_INDEX: "true" } });
    try {
      const anonymousSql = await fetch(`${other.baseUrl}/sql/db?${sqlQuery("SELECT count(*) AS n FROM collection")}`);
      expect(anonymousSql.status).toBe(200);
      expect(await anonymousSql.json()).toMatchObject({ rows: [{ n: expect.any(String) }] });
      const anonymousGraphql = await fetch(`${other.baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ collections { totalCount } }" }) });
      expect(anonymousGraphql.status).toBe(200);
      expect(await anonymousGraphql.json()).toMatchObject({ data: { collections: { totalCount: expect.any(Number) } } });
      // The REST routes still need their token.
      expect((await fetch(`${other.baseUrl}/api/v1/collections?chainId=31337`)).status).toBe(401);
      const onApiPort = await fetch(`${other.baseUrl}/metrics`, { headers: { authorization: `Bearer ${other.adminToken}` } });
      expect((await fetch(`${other.baseUrl}/status`, { headers: { authorization: `Bearer ${other.adminToken}` } })).status).toBe(404);
      expect((await fetch(`${other.baseUrl}/%6Detrics`)).status).toBe(404);
      for (const target of OTHER_SPELLINGS) expect({ target, status: (await raw(other.baseUrl, "GET", target, other.adminToken)).status }).toEqual({ target, status: 404 });
      expect(onApiPort.status).toBe(404);
      expect(await onApiPort.json()).toEqual({ success: false, error: "/metrics is served on the metrics port (TOKENHUB_METRICS_PORT).", code: "NOT_FOUND" });
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^# HELP /m);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/status`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/v1/collections?chainId=31337`)).status).toBe(404);
    } finally {
      await other.destroy();
    }
  });
});
