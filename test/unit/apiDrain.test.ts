import { describe, expect, it } from "vitest";
import { createApiLifecycle } from "../../server/http/shutdown.js";
import { createLogger } from "../../server/logger.js";

describe("an API process that drains", () => {
  it("refuses writes and still serves reads, those sent as POSTs (GraphQL, SQL, holders) included", async () => {
    const lifecycle = createApiLifecycle({ logger: createLogger({ level: "error", format: "json" }), graceMs: 2_000 });
    // One request in flight keeps the drain in its first stage.
    expect(lifecycle.admit("POST", "/api/v1/erc721/mint")).toBe(true);
    const drained = lifecycle.drain("test");
    expect(lifecycle.admit("POST", "/api/v1/erc721/mint")).toBe(false);
    expect(lifecycle.admit("POST", "/api/v1/holdersX")).toBe(false);
    for (const [method, path] of [
      ["GET", "/api/v1/erc721/tokens"],
      ["POST", "/graphql"],
      ["POST", "/sql/db"],
      ["POST", "/api/v1/holders"],
      ["POST", "/api/holders"],
    ] as const) {
      expect(lifecycle.admit(method, path), `${method} ${path}`).toBe(true);
      lifecycle.release();
    }
    lifecycle.release();
    await drained;
    expect(lifecycle.admit("GET", "/api/v1/erc721/tokens")).toBe(false);
  });
});
