import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localMasterKeyFile, readMasterKeyFile } from "../../server/custody/masterKey.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { waitFor } from "../helpers/waitFor.js";
import { dumpDatabase } from "./custody.js";

/**
 * Webhook signing secrets at rest, against the real service (PostgreSQL, HTTP) and a real local receiver, verified with
 * the `standardwebhooks` package: the app store holds them sealed with the master key, an endpoint an earlier release
 * stored in plain text keeps being signed with its secrets and is sealed at the next start, a rotation's overlap signs
 * with both, and a master key rotation carries them over.
 */
let service: TestService;
const receivers: WebhookReceiver[] = [];

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

const verify = (secret: string, request: Pick<ReceivedWebhook, "body" | "headers">) => new Webhook(secret).verify(request.body, request.headers);
const base64Of = (secret: string) => secret.slice("whsec_".length);
const newSecret = () => `whsec_${crypto.randomBytes(32).toString("base64")}`;

type StoredSecrets = { secret: string; previous_secret: string | null };
async function stored(webhookId: string): Promise<StoredSecrets> {
  const [row] = await queryDatabase<StoredSecrets>(service.databaseUrl(), "SELECT secret, previous_secret FROM tokenhub_app.webhook_endpoints WHERE id = $1", [webhookId]);
  return row!;
}

/**
 * Neither the secret nor its key bytes' base64 appear in the row, nor anywhere in the database or the service's logs
 * (its own output: the CLI prints the secrets it makes, as it should).
 */
async function expectNowhere(secrets: string[], row: StoredSecrets): Promise<void> {
  const dump = (await dumpDatabase(service)).text;
  const logs = fs.readFileSync(path.join(os.tmpdir(), "tokenhub-test-logs", `${path.basename(service.dataDir)}.log`), "utf8");
  for (const secret of secrets) {
    for (const spelling of [secret, base64Of(secret)]) {
      expect(row.secret).not.toContain(spelling);
      expect(row.previous_secret ?? "").not.toContain(spelling);
      expect(dump.includes(spelling), "a secret is in the database").toBe(false);
      expect(logs.includes(spelling), "a secret is in the logs").toBe(false);
    }
  }
}

/** Queues a `webhook.test` event for the endpoint and answers the request its receiver got for it. */
async function deliveredTest(webhookId: string, hooks: WebhookReceiver): Promise<ReceivedWebhook> {
  const tested = await call("POST", `/api/v1/webhooks/${webhookId}/test`);
  expect(tested.status, JSON.stringify(tested.body)).toBe(200);
  return await waitFor(() => hooks.received.find((request) => request.event.id === tested.body.eventId), { timeoutMs: 20_000 });
}

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true", TOKENHUB_WEBHOOK_RETRY_BASE_MS: "200" } });
});

afterAll(async () => {
  await Promise.all(receivers.map((started) => started.close()));
  await service?.destroy();
});

describe("webhook secrets at rest", { timeout: 180_000 }, () => {
  it("stores a new endpoint's secret sealed, answers it once as before, and signs with it", async () => {
    const hooks = await receiver();
    const created = await call("POST", "/api/v1/webhooks", { url: hooks.url, events: ["mint.confirmed"], description: "sealed" });
    expect(created.status).toBe(200);
    // The creation answer is what it was: the secret in plain text, once.
    expect(created.body).toEqual({
      success: true,
      webhookId: expect.any(String),
      url: hooks.url,
      description: "sealed",
      events: ["mint.confirmed"],
      status: "active",
      failingSince: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { webhookId, secret } = created.body as { webhookId: string; secret: string };
    const row = await stored(webhookId);
    expect(row.secret).toMatch(/^sealed:[0-9a-f]{16}:/);
    expect(row.previous_secret).toBeNull();
    await expectNowhere([secret], row);

    const request = await deliveredTest(webhookId, hooks);
    expect(request.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verify(secret, request)).toEqual(request.event);
  });

  it("signs for an endpoint an earlier release stored in plain text with its secrets, and seals them at the next start", async () => {
    const hooks = await receiver();
    const [project] = await queryDatabase<{ id: string }>(service.databaseUrl(), "SELECT id FROM tokenhub_app.projects WHERE name = 'default'");
    const webhookId = crypto.randomUUID();
    const [secret, previous] = [newSecret(), newSecret()];
    // As the release before wrote it: both secrets in plain text, the previous one in its rotation's overlap.
    await queryDatabase(
      service.databaseUrl(),
      `INSERT INTO tokenhub_app.webhook_endpoints (id, project_id, url, description, events, secret, previous_secret, previous_secret_expires_at)
       VALUES ($1, $2, $3, 'from before', '{mint.confirmed}', $4, $5, now() + interval '1 day')`,
      [webhookId, project!.id, hooks.url, secret, previous],
    );
    // Read as it is until it is sealed (a replica of the earlier release may write such a row during a rolling update).
    const before = await deliveredTest(webhookId, hooks);
    expect(verify(secret, before)).toEqual(before.event);
    expect(verify(previous, before)).toEqual(before.event);

    await service.stop();
    await service.start();
    expect(service.output()).toContain("sealed the webhook secrets an earlier release stored in plain text");
    const row = await stored(webhookId);
    expect(row.secret).toMatch(/^sealed:/);
    expect(row.previous_secret).toMatch(/^sealed:/);
    // The dump also holds the delivery log, whose bodies never held a secret.
    await expectNowhere([secret, previous], row);

    const after = await deliveredTest(webhookId, hooks);
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verify(secret, after)).toEqual(after.event);
    expect(verify(previous, after)).toEqual(after.event);

    // Another start finds nothing left to seal, and leaves the sealed values as they are.
    await service.stop();
    const mark = service.output().length;
    await service.start();
    expect(service.output().slice(mark)).not.toContain("sealed the webhook secrets");
    expect(await stored(webhookId)).toEqual(row);
  });

  it("rotates a sealed secret: the old sealed value moves as it is, the new one is sealed, and both sign during the overlap", async () => {
    const hooks = await receiver();
    const { webhookId, secret } = (await call("POST", "/api/v1/webhooks", { url: hooks.url, events: ["mint.confirmed"] })).body as { webhookId: string; secret: string };
    const before = await stored(webhookId);
    const rotated = await call("POST", `/api/v1/webhooks/${webhookId}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ success: true, webhookId, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/), previousSecretExpiresAt: expect.any(String) });
    const row = await stored(webhookId);
    expect(row.previous_secret).toBe(before.secret);
    expect(row.secret).toMatch(/^sealed:/);
    await expectNowhere([secret, rotated.body.secret], row);

    const request = await deliveredTest(webhookId, hooks);
    expect(request.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verify(rotated.body.secret, request)).toEqual(request.event);
    expect(verify(secret, request)).toEqual(request.event);
  });

  it("seals what the CLI creates, and a master key rotation re-wraps every secret: deliveries still verify", async () => {
    const hooks = await receiver();
    const created = await service.cli(["webhook", "create", "--project", "default", "--url", hooks.url, "--events", "mint.confirmed"]);
    expect(created.code, created.stderr).toBe(0);
    const secret = created.stdout.trim().split("\n").at(-1)!.trim();
    const webhookId = /Webhook ([0-9a-f-]{36})/.exec(created.stdout)![1]!;
    expect(secret).toMatch(/^whsec_/);
    await expectNowhere([secret], await stored(webhookId));
    const rotatedSecret = (await service.cli(["webhook", "rotate-secret", webhookId])).stdout.trim().split("\n").at(-1)!.trim();
    expect(rotatedSecret).toMatch(/^whsec_/);
    expect(rotatedSecret).not.toBe(secret);

    // A cloud key, re-wrapped in the same transaction.
    const key = (await call("POST", "/api/v1/key/create", { customRef: "webhook secrets" })).body.evmAddress as string;
    const oldMaster = readMasterKeyFile(localMasterKeyFile(service.dataDir));
    const newKeyFile = path.join(service.dataDir, "next-master.key");
    expect((await service.cli(["master-key", "generate", newKeyFile])).code).toBe(0);
    const newMaster = readMasterKeyFile(newKeyFile);
    const endpoints = await queryDatabase<{ id: string; secret: string; previous_secret: string | null }>(service.databaseUrl(), "SELECT id, secret, previous_secret FROM tokenhub_app.webhook_endpoints");
    const rotated = await service.cli(["master-key", "rotate", "--new-key-file", newKeyFile]);
    expect(rotated.stderr).toBe("");
    expect(rotated.stdout).toContain(`Re-wrapped 1 cloud key from master key ${oldMaster.id} to ${newMaster.id}.`);
    expect(rotated.stdout).toContain(`Re-wrapped the signing secrets of ${endpoints.length} webhooks.`);
    for (const before of endpoints) {
      const after = await stored(before.id);
      for (const [old, now] of [[before.secret, after.secret], [before.previous_secret, after.previous_secret]] as const) {
        if (old === null) continue;
        expect(old.startsWith(`sealed:${oldMaster.id}:`)).toBe(true);
        expect(now!.startsWith(`sealed:${newMaster.id}:`)).toBe(true);
        // The ciphertext is kept; only the data key is re-wrapped.
        expect(now!.split(":")[3]).toBe(old.split(":")[3]);
      }
    }

    // The running service takes the new key from its data directory's file at its next use of a secret.
    expect((await call("POST", "/api/v1/key/sign", { accountAddress: key, message: "still mine" })).status).toBe(200);
    const request = await deliveredTest(webhookId, hooks);
    expect(verify(rotatedSecret, request)).toEqual(request.event);
    expect(verify(secret, request)).toEqual(request.event);
  });
});
