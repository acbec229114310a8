import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * TOKENHUB_WEBHOOK_TIMEOUT_MS bounds one delivery attempt: a receiver that holds its answer longer has the attempt cut
 * at the timeout, recorded as failed with the timeout's error, and the event sent again (same id) after the retry
 * delay. The real service, and a real local receiver that holds its first answer for HOLD_MS.
 */
const TIMEOUT_MS = 1_000;
/** The receiver's first answer comes this late: an attempt not cut would last this long. */
const HOLD_MS = 3_000;
/** The first retry waits 0.5-1 × this: long enough to read the log between the attempts on a loaded machine. */
const RETRY_BASE_MS = 2_000;

type Request = { headers: Record<string, string>; body: string; at: number; closedAt?: number; answered: boolean };

let service: TestService;
let server: http.Server;
let url: string;
const received: Request[] = [];

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: Request = {
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        answered: false,
      };
      const first = received.length === 0;
      received.push(entry);
      // Closed before an answer was written: the service gave up on the attempt.
      response.on("close", () => {
        if (!entry.answered) entry.closedAt = Date.now();
      });
      const answer = () => {
        if (response.destroyed) return;
        entry.answered = true;
        response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      };
      if (first) setTimeout(answer, HOLD_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  service = await startTestService({
    env: {
      TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true",
      TOKENHUB_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      TOKENHUB_WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
    },
  });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await service?.destroy();
});

describe("webhook attempt timeout", { timeout: 60_000 }, () => {
  it("an attempt whose receiver holds its answer is cut at TOKENHUB_WEBHOOK_TIMEOUT_MS, logged as timed out, and the event is delivered on the retry", async () => {
    const created = await call("POST", "/api/v1/webhooks", { url, events: ["mint.confirmed"] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { webhookId, secret } = created.body as { webhookId: string; secret: string };
    const tested = await call("POST", `/api/v1/webhooks/${webhookId}/test`);
    expect(tested.status).toBe(200);
    const eventId = tested.body.eventId as string;

    // Between the attempts, the log holds the first one's outcome: pending, one attempt, the timeout as its error.
    const between = await waitFor(
      async () => {
        const entry = (await call("GET", `/api/v1/webhooks/${webhookId}/deliveries`)).body.deliveries?.[0];
        return entry?.attempts === 1 && entry;
      },
      { timeoutMs: 20_000, message: () => `the first attempt was never recorded (${received.length} requests received)` },
    );
    expect(between).toMatchObject({ eventId, type: "webhook.test", status: "pending", attempts: 1, lastStatusCode: null, lastError: `no answer within ${TIMEOUT_MS} ms` });
    expect(received).toHaveLength(1);

    await waitFor(() => received.length >= 2, { timeoutMs: 20_000, message: () => "the event was never sent again" });
    const log = await waitFor(async () => {
      const entry = (await call("GET", `/api/v1/webhooks/${webhookId}/deliveries`)).body.deliveries?.[0];
      return entry?.status === "delivered" && entry;
    });
    expect(log).toMatchObject({ eventId, status: "delivered", attempts: 2, lastStatusCode: 200, lastError: null, nextAttemptAt: null });

    const [first, second] = received;
    for (const request of [first!, second!]) {
      expect(request.headers["webhook-id"]).toBe(eventId);
      expect(new Webhook(secret).verify(request.body, request.headers)).toEqual({ id: eventId, type: "webhook.test", timestamp: expect.any(String), data: { webhookId, message: "A test event from tokenhub." } });
    }
    // The service closed the first request at about the timeout, well before the receiver's answer was due.
    expect(first!.answered).toBe(false);
    const cutAfter = first!.closedAt! - first!.at;
    expect(cutAfter).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(cutAfter).toBeLessThan(TIMEOUT_MS + 1_000);
    // The gap is the cut attempt and the first retry's delay (0.5-1 × base): an attempt lasting HOLD_MS would make it
    // at least HOLD_MS + base / 2.
    const gap = second!.at - first!.at;
    expect(gap).toBeGreaterThanOrEqual(TIMEOUT_MS + RETRY_BASE_MS / 2 - 100);
    expect(gap).toBeLessThan(HOLD_MS + RETRY_BASE_MS / 2);
    expect(received).toHaveLength(2);
  });
});
