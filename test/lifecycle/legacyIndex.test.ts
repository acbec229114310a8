import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * An installation whose index was built before builds (issue 17): Ponder's tables in `tokenhub_index` itself. Made
 * here from a build of today's, renamed to the index schema, with the app store's records of builds forgotten.
 */
let service: TestService;
let collection: string;

async function call(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  service = await startTestService({ external: true });
  collection = (await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Before", symbol: "BFR" })).body.contractAddress as string;
  await waitFor(async () => (await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`)).status === 200, { timeoutMs: 30_000 });
  await service.stop();
  const [build] = await queryDatabase<{ schema: string }>(
    service.databaseUrl(),
    "SELECT nspname AS schema FROM pg_namespace WHERE nspname ~ '^tokenhub_index_[0-9a-f]{8}$'",
  );
  await queryDatabase(service.databaseUrl(), "DROP SCHEMA tokenhub_index CASCADE");
  await queryDatabase(service.databaseUrl(), `ALTER SCHEMA ${build!.schema} RENAME TO tokenhub_index`);
  await queryDatabase(service.databaseUrl(), "DELETE FROM tokenhub_app.settings WHERE key LIKE 'index\\_%'");
}, 300_000);

afterAll(async () => {
  await service?.destroy();
});

describe("an index built before builds", { timeout: 300_000 }, () => {
  it("answers, moved aside, while the first build is made, which then replaces it", async () => {
    await service.start();
    expect(service.output()).toContain("the index built by an earlier version moved to schema tokenhub_index_legacy: it answers until the first build is done");
    const tokens = await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`);
    expect(tokens).toEqual({ status: 200, body: { success: true, tokens: [], page: 0, nextPage: null, nextPageKey: null } });
    await waitFor(() => service.output().includes("dropped tokenhub_index_legacy"), { timeoutMs: 120_000, message: () => service.output().slice(-3000) });
    expect(await queryDatabase(service.databaseUrl(), "SELECT 1 FROM pg_namespace WHERE nspname = 'tokenhub_index_legacy'")).toEqual([]);
    expect(await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}`)).toEqual(tokens);
  });
});
