import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
const issuedTokens: string[] = [];

async function call(path: string, init: RequestInit & { token?: string | null } = {}) {
  const headers = new Headers(init.headers);
  const token = init.token === undefined ? service.adminToken : init.token;
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  const response = await fetch(`${service.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Record<string, unknown> };
}

async function createToken(scopes: string, extra: string[] = []): Promise<{ id: string; token: string }> {
  const result = await service.cli(["token", "create", "--project", "default", "--scopes", scopes, ...extra]);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split("\n");
  const token = lines.at(-1)!.trim();
  const id = /^Token ([0-9a-f-]{36}) /.exec(lines[0]!)![1]!;
  issuedTokens.push(token);
  return { id, token };
}

const LINK = "/api/v1/chatUsers/link";
const ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const json = { "content-type": "application/json" };

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.destroy();
});

describe("error envelope", () => {
  it("answers an unknown route with 404 NOT_FOUND, with or without a token", async () => {
    for (const token of [undefined, null]) {
      const response = await call("/api/v1/nothing-here", { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        success: false,
        error: "No route GET /api/v1/nothing-here. The routes are listed at /docs (and /openapi.json).",
        code: "NOT_FOUND",
      });
    }
    expect((await call("/not/a/route", { token: null })).status).toBe(404);
  });

  it("answers a missing, malformed, unknown, revoked or expired token with 401", async () => {
    const answeredOnceChanged = (token: string) =>
      waitFor(
        async () => {
          const response = await call("/api/v1/collections?chainId=31337", { token });
          return response.status !== 200 && response;
        },
        { timeoutMs: 2_000, intervalMs: 20, message: () => "the token still works 2 s after its change" },
      );
    const missing = await call("/api/v1/collections?chainId=31337", { token: null });
    expect(missing).toMatchObject({ status: 401, body: { success: false, code: "UNAUTHORIZED" } });
    expect(missing.body.error).toBe("Missing Authorization header; send 'Authorization: Bearer <token>'.");

    const malformed = await call("/api/v1/collections?chainId=31337", { token: null, headers: { authorization: "Basic abc" } });
    expect(malformed).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED", error: "The Authorization header must be 'Bearer <token>'." } });

    const unknown = await call("/api/v1/collections?chainId=31337", { token: "thk_not_a_real_token" });
    expect(unknown).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED", error: "The access token is not valid." } });

    const revoked = await createToken("read");
    expect((await call("/api/v1/collections?chainId=31337", { token: revoked.token })).status).toBe(200);
    const revoke = await service.cli(["token", "revoke", revoked.id]);
    expect(revoke.code, revoke.stderr).toBe(0);
    // The service hears of the change through NOTIFY, a moment after the CLI commits it.
    expect(await answeredOnceChanged(revoked.token)).toMatchObject({
      status: 401,
      body: { success: false, error: "The access token was revoked.", code: "UNAUTHORIZED" },
    });

    const expiring = await createToken("read", ["--expires", "1h"]);
    expect((await call("/api/v1/collections?chainId=31337", { token: expiring.token })).status).toBe(200);
    await queryDatabase(service.databaseUrl(), "UPDATE tokenhub_app.api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [expiring.id]);
    expect(await answeredOnceChanged(expiring.token)).toMatchObject({
      status: 401,
      body: { success: false, error: "The access token has expired.", code: "UNAUTHORIZED" },
    });
  });

  it("answers a token without the route's scope with 403 and changes nothing", async () => {
    const readOnly = await createToken("read");
    const response = await call(LINK, { method: "POST", headers: json, token: readOnly.token, body: JSON.stringify({ chatId: "7", address: ADDRESS }) });
    expect(response).toEqual({
      status: 403,
      headers: expect.anything(),
      body: { success: false, error: "This token lacks the 'keys' scope.", code: "FORBIDDEN" },
    });
    const rows = await queryDatabase(service.databaseUrl(), "SELECT * FROM tokenhub_app.chat_links WHERE chat_id = '7'");
    expect(rows).toEqual([]);
  });

  it("answers malformed JSON, a wrong content type and an oversized body with 400, 415 and 413", async () => {
    expect(await call(LINK, { method: "POST", headers: json, body: "{not json" })).toMatchObject({
      status: 400,
      body: { success: false, error: "The request body is not valid JSON.", code: "VALIDATION_ERROR" },
    });
    // No type, or text/plain, is read as JSON (test/api/groupos.test.ts); any other type is refused.
    expect(await call(LINK, { method: "POST", headers: { "content-type": "application/xml" }, body: "{}" })).toMatchObject({
      status: 415,
      body: { success: false, error: "Send the body as application/json (got application/xml).", code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    const oversized = JSON.stringify({ chatId: "8", address: ADDRESS, padding: "x".repeat(1024 * 1024) });
    expect(await call(LINK, { method: "POST", headers: json, body: oversized })).toMatchObject({
      status: 413,
      body: { success: false, error: "The request body exceeds the limit of 1048576 bytes.", code: "PAYLOAD_TOO_LARGE" },
    });
    // Without a Content-Length (chunked), the limit holds as the bytes arrive.
    const streamed = (text: string) => ({
      method: "POST",
      headers: json,
      duplex: "half" as const,
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < text.length; at += 64 * 1024) controller.enqueue(new TextEncoder().encode(text.slice(at, at + 64 * 1024)));
          controller.close();
        },
      }),
    });
    expect(await call(LINK, streamed(oversized))).toMatchObject({
      status: 413,
      body: { success: false, error: "The request body exceeds the limit of 1048576 bytes.", code: "PAYLOAD_TOO_LARGE" },
    });
    expect(await queryDatabase(service.databaseUrl(), "SELECT * FROM tokenhub_app.chat_links")).toEqual([]);
    // A chunked body within the limit, in pieces, with a UTF-8 byte order mark as some clients send, is read whole
    // (padded with whitespace: an undeclared key would be refused by name).
    const linked = await call(LINK, streamed(`\uFEFF${JSON.stringify({ chatId: "8", address: ADDRESS })}${" ".repeat(200_000)}`));
    expect(linked.status).toBe(200);
    const rows = await queryDatabase<{ chat_id: string; address: string }>(service.databaseUrl(), "SELECT chat_id, address FROM tokenhub_app.chat_links");
    expect(rows).toEqual([{ chat_id: "8", address: ADDRESS }]);
    await queryDatabase(service.databaseUrl(), "DELETE FROM tokenhub_app.chat_links");
  });

  it("lists every field problem in details", async () => {
    const response = await call(LINK, { method: "POST", headers: json, body: JSON.stringify({ chatId: -1, address: "0x5FbDB2315678afecb367f032d93F642f64180aA3" }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: "Invalid body: chatId: Too small: expected number to be >=0 (and 1 more).",
      code: "VALIDATION_ERROR",
      details: [
        { path: "chatId", message: "Too small: expected number to be >=0" },
        { path: "address", message: "fails its EIP-55 checksum" },
      ],
    });
    const query = await call("/api/v1/collections?page=-1");
    expect(query.body).toEqual({
      success: false,
      error: "Invalid query: chainId: is required (and 1 more).",
      code: "VALIDATION_ERROR",
      details: [
        { path: "chainId", message: "is required" },
        { path: "page", message: "must be an integer of at least 0" },
      ],
    });
    expect(await call("/api/v1/collections?chainId=5")).toMatchObject({
      status: 404,
      body: { success: false, error: "Chain 5 is not configured; this service serves chain ids 31337.", code: "CHAIN_NOT_CONFIGURED" },
    });
  });

  it("tells every missing required field as chainId's is, whatever its type: '<name>: is required'", async () => {
    const missing = (where: string, paths: string[]) => ({
      success: false,
      error: `Invalid ${where}: ${paths[0]}: is required${paths.length > 1 ? ` (and ${paths.length - 1} more)` : ""}.`,
      code: "VALIDATION_ERROR",
      details: paths.map((path) => ({ path, message: "is required" })),
    });
    const post = async (path: string, body: unknown) => (await call(path, { method: "POST", headers: json, body: JSON.stringify(body) })).body;
    expect(await post("/api/v1/erc721/mint", {})).toEqual(missing("body", ["chainId", "contractAddress", "recipientAddress"]));
    expect(await post("/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: ADDRESS, mints: [{}] })).toEqual(
      missing("body", ["mints.0.recipientAddress", "mints.0.tokenId", "mints.0.amount"]),
    );
    expect(await post("/api/v1/erc1155/create", { chainId: 31337 })).toEqual(missing("body", ["name", "symbol"]));
    expect(await post("/api/v1/webhooks", {})).toEqual(missing("body", ["url", "events"]));
    expect(await post(LINK, {})).toEqual(missing("body", ["chatId", "address"]));
    expect((await call("/api/v1/erc721/tokens?chainId=31337")).body).toEqual(missing("query", ["contractAddress"]));
  });

  it("links a chat user once, in any address case, answering the checksummed address", async () => {
    for (const address of [ADDRESS.toLowerCase(), ADDRESS]) {
      const response = await call(LINK, { method: "POST", headers: json, body: JSON.stringify({ chatId: 9007199254740993n.toString(), address }) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, chatId: "9007199254740993", address: ADDRESS });
    }
    const rows = await queryDatabase(service.databaseUrl(), "SELECT chat_id, address FROM tokenhub_app.chat_links");
    expect(rows).toEqual([{ chat_id: "9007199254740993", address: ADDRESS }]);
  });

  it("returns a request id and the CORS header on every response, echoing a safe id", async () => {
    const echoed = await call("/api/v1/collections?chainId=31337", { headers: { "x-request-id": "trace-123" } });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get("x-request-id")).toBe("trace-123");
    const generated = await call("/api/v1/nothing", { headers: { "x-request-id": "bad id with spaces" } });
    expect(generated.status).toBe(404);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Ponder's CORS header is carried into answers built by the handlers and by the error handler.
    const metadataPath = "/metadata/31337/0x0000000000000000000000000000000000000001";
    for (const response of [echoed, generated, await call(metadataPath), await call(`${metadataPath}/1`)]) {
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });
});

describe("documents and ponder endpoints", () => {
  it("serves the OpenAPI 3.1 document generated from the route schemas", async () => {
    const response = await fetch(`${service.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown>; servers: unknown };
    expect(document.openapi).toBe("3.1.0");
    document.servers = [{ url: "(test)" }];
    await expect(JSON.stringify(document, null, 2)).toMatchFileSnapshot("./__snapshots__/openapi.json");
  });

  it("serves GraphQL, SQL over HTTP (with a read token: test/http/indexQueries.test.ts), /health and /ready", async () => {
    const bearer = { authorization: `Bearer ${service.adminToken}` };
    const graphql = await fetch(`${service.baseUrl}/graphql`, {
      method: "POST",
      headers: { ...json, ...bearer },
      body: JSON.stringify({ query: "{ collections { items { address } } }" }),
    });
    expect(graphql.status).toBe(200);
    expect(await graphql.json()).toEqual({ data: { collections: { items: [] } } });
    // @ponder/client's protocol: a superjson-encoded query; only read-only SQL on the indexed tables is allowed.
    const query = encodeURIComponent(JSON.stringify({ json: { sql: "SELECT count(*)::int AS n FROM collection", params: [] } }));
    const sql = await fetch(`${service.baseUrl}/sql/db?sql=${query}`, { headers: bearer });
    expect(sql.status).toBe(200);
    expect(await sql.json()).toMatchObject({ rows: [{ n: 0 }] });
    const write = encodeURIComponent(JSON.stringify({ json: { sql: "DELETE FROM collection", params: [] } }));
    expect((await fetch(`${service.baseUrl}/sql/db?sql=${write}`, { headers: bearer })).status).toBe(400);
    expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
    expect((await fetch(`${service.baseUrl}/ready`)).status).toBe(200);
  });
});

describe("logs", () => {
  it("never contain a token or the database password", async () => {
    const output = service.output();
    expect(output).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  request component=api requestId=\S+ method=GET path=\/api\/v1\/collections status=200 durationMs=/m);
    const password = new URL(service.databaseUrl()).password;
    for (const secret of [service.adminToken, password]) expect(output).not.toContain(secret);
    // Tokens created by the CLI are printed once to whoever created them, never logged by the service.
    const serviceLog = output.split("\n").filter((line) => /^\d\d:\d\d:\d\d\.\d{3} /.test(line));
    for (const token of issuedTokens) expect(serviceLog.join("\n")).not.toContain(token);
  });
});
