import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredIdempotencyKeys } from "../../server/services/projects/idempotency.js";
import { createStore } from "../../server/store/database/db.js";
import { queryDatabase } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";

let service: SharedService;
const LINK = "/api/v1/chatUsers/link";
const ADDRESS_A = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const ADDRESS_B = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

async function link(body: unknown, headers: Record<string, string>, token = service.adminToken) {
  const response = await fetch(`${service.baseUrl}${LINK}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, replayed: response.headers.get("idempotent-replayed"), body: (await response.json()) as Record<string, unknown> };
}

async function links(chatId: string) {
  return await queryDatabase<{ address: string }>(service.databaseUrl(), "SELECT address FROM tokenhub_app.chat_links WHERE chat_id = $1 ORDER BY address", [chatId]);
}

beforeAll(async () => {
  service = await sharedService();
});

afterAll(async () => {
  await service?.release();
});

describe("Idempotency-Key", () => {
  it("answers a repeat with the first response, marked as replayed, whatever the body's key order", async () => {
    const first = await link({ chatId: "100", address: ADDRESS_A }, { "idempotency-key": "k-100" });
    expect(first).toEqual({ status: 200, replayed: null, body: { success: true, chatId: "100", address: ADDRESS_A } });
    const again = await link('{ "address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",  "chatId": "100" }', { "idempotency-key": "k-100" });
    expect(again).toEqual({ status: 200, replayed: "true", body: first.body });
    const alias = await link({ chatId: "100", address: ADDRESS_A }, { "x-idempotency-key": "k-100" });
    expect(alias.replayed).toBe("true");
  });

  it("refuses the same key with another body with 409 and does nothing", async () => {
    await link({ chatId: "200", address: ADDRESS_A }, { "idempotency-key": "k-200" });
    const other = await link({ chatId: "200", address: ADDRESS_B }, { "idempotency-key": "k-200" });
    expect(other).toEqual({
      status: 409,
      replayed: null,
      body: { success: false, error: "This Idempotency-Key was used with a different request; use a new key for a new request.", code: "IDEMPOTENCY_CONFLICT" },
    });
    expect(await links("200")).toEqual([{ address: ADDRESS_A }]);
  });

  it("does the work once when duplicates arrive at the same moment", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => link({ chatId: "300", address: ADDRESS_B }, { "idempotency-key": "k-300" })));
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    expect(responses.filter((response) => response.replayed === null)).toHaveLength(1);
    for (const response of responses) expect(response.body).toEqual({ success: true, chatId: "300", address: ADDRESS_B });
    const keys = await queryDatabase(service.databaseUrl(), "SELECT state, response_status FROM tokenhub_app.idempotency_keys WHERE key = 'k-300'");
    expect(keys).toEqual([{ state: "completed", response_status: 200 }]);
  });

  it("keeps keys per project and refuses keys over 200 characters", async () => {
    const created = await service.cli(["project", "create", `${service.projectName}-other`]);
    expect(created.code, created.stderr).toBe(0);
    const issued = await service.cli(["token", "create", "--project", `${service.projectName}-other`, "--scopes", "keys"]);
    const otherToken = issued.stdout.trim().split("\n").at(-1)!.trim();
    await link({ chatId: "400", address: ADDRESS_A }, { "idempotency-key": "shared" });
    const otherProject = await link({ chatId: "400", address: ADDRESS_B }, { "idempotency-key": "shared" }, otherToken);
    expect(otherProject).toEqual({ status: 200, replayed: null, body: { success: true, chatId: "400", address: ADDRESS_B } });

    const tooLong = await link({ chatId: "500", address: ADDRESS_A }, { "idempotency-key": "x".repeat(201) });
    expect(tooLong).toEqual({
      status: 400,
      replayed: null,
      body: {
        success: false,
        error: "The Idempotency-Key header must be 1 to 200 characters.",
        code: "VALIDATION_ERROR",
        details: [{ path: "Idempotency-Key", message: "must be 1 to 200 characters" }],
      },
    });
    expect(await links("500")).toEqual([]);
  });

  it("replays a refused request's answer too", async () => {
    const bad = await link({ chatId: "600" }, { "idempotency-key": "k-600" });
    expect(bad.status).toBe(400);
    expect(await link({ chatId: "600" }, { "idempotency-key": "k-600" })).toEqual({ ...bad, replayed: "true" });
  });
  it("forgets keys past the 24 h retention, and keeps fresh ones replaying", async () => {
    const fresh = await link({ chatId: "300", address: ADDRESS_A }, { "idempotency-key": "purge-fresh" });
    await link({ chatId: "301", address: ADDRESS_A }, { "idempotency-key": "purge-old" });
    await queryDatabase(service.databaseUrl(), "UPDATE tokenhub_app.idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'purge-old'");
    const store = createStore(service.databaseUrl(), { max: 1, name: "tokenhub_test" });
    try {
      expect(await purgeExpiredIdempotencyKeys(store.db)).toBe(1);
      expect(await purgeExpiredIdempotencyKeys(store.db)).toBe(0);
    } finally {
      await store.close();
    }
    const keys = await queryDatabase<{ key: string }>(service.databaseUrl(), "SELECT key FROM tokenhub_app.idempotency_keys WHERE key LIKE 'purge-%' ORDER BY key");
    expect(keys.map((row) => row.key)).toEqual(["purge-fresh"]);
    expect(await link({ chatId: "300", address: ADDRESS_A }, { "idempotency-key": "purge-fresh" })).toEqual({ ...fresh, replayed: "true" });
  });
});
