import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SharedService, sharedService } from "../helpers/sharedService.js";

/**
 * Live SQL queries (`/sql/live`) that Ponder refuses do not use up its 1,000 live slots (server/http/routes/indexQueries.ts
 * runs each once first): proved with more refused queries than there are slots. In the slow tier: Ponder parses each
 * refused query with a WebAssembly parser it instantiates per request, so the 1,001 take half a minute of CPU alone.
 */

let service: SharedService;

const sqlQuery = (sql: string) => `sql=${encodeURIComponent(JSON.stringify({ json: { sql, params: [] } }))}`;

async function call(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  service = await sharedService();
});

afterAll(async () => {
  await service?.release();
});

describe("live SQL slots", () => {
  it("keeps live slots for valid queries after more refused live queries than there are slots", async () => {
    const refused = Array.from({ length: 1001 }, (_, index) => `/sql/live?${sqlQuery(`DELETE FROM collection WHERE name = 'x${index}'`)}`);
    for (let start = 0; start < refused.length; start += 25) {
      const answers = await Promise.all(refused.slice(start, start + 25).map((path) => call(path)));
      for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
    }
    const abort = new AbortController();
    const live = await fetch(`${service.baseUrl}/sql/live?${sqlQuery("SELECT count(*) FROM collection")}`, {
      headers: { authorization: `Bearer ${service.adminToken}` },
      signal: abort.signal,
    });
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toMatch(/^text\/event-stream/);
    abort.abort();
  }, 180_000);
});
