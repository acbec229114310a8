import fs from "node:fs";
import path from "node:path";
import type { Address } from "viem";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let hooks: WebhookReceiver;
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";

async function post(pathname: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  service = await startTestService({ env: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true", TOKENHUB_WEBHOOK_RETRY_BASE_MS: "200" } });
});

afterAll(async () => {
  await hooks?.close();
  await service?.destroy();
});

// A burst, a SIGKILL and a whole restart: more than the default minute on a busy 2-core machine.
describe("webhooks through a crash", { timeout: 240_000 }, () => {
  it("delivers every answered mint's mint.confirmed after a SIGKILL in the middle of a burst of 300 and a restart, repeats under the same id", async () => {
    const subscribed = await post("/api/v1/webhooks", { url: hooks.url, events: ["mint.confirmed"] });
    expect(subscribed.status).toBe(200);
    const created = await post("/api/v1/erc721/create", { chainId: 31337, name: "Crash hooks", symbol: "CRH" });
    const collection = created.body.contractAddress as Address;

    const answered: string[] = [];
    let sent = 0;
    let killed = false;
    const ponderPid = Number(fs.readFileSync(path.join(service.dataDir, "ponder.pid"), "utf8"));
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (sent < 300 && !killed) {
          sent++;
          try {
            const response = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: RECIPIENT });
            if (response.status === 200) answered.push(response.body.operationId as string);
          } catch {
            // the connection died with the process: this request has no answer
          }
          if (answered.length >= 100 && !killed) {
            killed = true;
            // The process with the API, the pipeline and the deliverer dies mid-burst, without any cleanup.
            process.kill(ponderPid, "SIGKILL");
          }
        }
      }),
    );
    expect(killed).toBe(true);
    await service.stop();
    await service.start();

    const confirmedOperations = () => new Set(hooks.received.filter((request) => request.event.type === "mint.confirmed").map((request) => request.event.data.operationId as string));
    await waitFor(() => answered.every((operationId) => confirmedOperations().has(operationId)), {
      timeoutMs: 90_000,
      message: () => `${answered.filter((operationId) => !confirmedOperations().has(operationId)).length} of ${answered.length} answered mints have no mint.confirmed`,
    });

    // At least once: a repeat is the same event, byte for byte, under the same id; each operation has one event.
    const bodies = new Map<string, string>();
    const eventOf = new Map<string, string>();
    for (const request of hooks.received) {
      expect(new Webhook(subscribed.body.secret).verify(request.body, request.headers)).toEqual(request.event);
      if (bodies.has(request.event.id)) expect(request.body).toBe(bodies.get(request.event.id));
      bodies.set(request.event.id, request.body);
      const operationId = request.event.data.operationId as string;
      expect(eventOf.get(operationId) ?? request.event.id).toBe(request.event.id);
      eventOf.set(operationId, request.event.id);
    }
    for (const operationId of answered) {
      const event = JSON.parse(bodies.get(eventOf.get(operationId)!)!);
      expect(event.data).toMatchObject({ operationId, status: "success", contractAddress: collection, minted: [{ contractAddress: collection, recipientAddress: RECIPIENT, amount: "1" }] });
    }
    // Every token minted was announced once, by the operation that minted it.
    const tokens = [...bodies.values()].map((body) => JSON.parse(body).data.minted[0].tokenId as string);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
