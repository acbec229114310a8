import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { type Address, type Hex } from "viem";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type WebhookExample, webhookEventType, withWebhookExamples } from "../../server/http/openapi/examples.js";
import { WEBHOOK_EVENT_TYPES } from "../../server/schemas/webhookEvents.js";
import { chainClient, type ChainClient, minedReceipt } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Makes every webhook event type happen against a real service on a real chain, delivered to a real local endpoint
 * subscribed to all of them: a mint (sent, confirmed, final), a metadata write, an account's creation and a call
 * through it, a permit redeemed and one revoked, a mint priced out by the base fee (a fee bump), a mint whose block a
 * reorganisation takes away, and the endpoint's test event. With TOKENHUB_RECORD_EXAMPLES=1 it writes one delivery of
 * each type to server/http/openapi/webhookExamples.json, the examples of the document's `webhooks` section; without it,
 * it checks that every type is still delivered. Then every example is checked against its payload schema.
 */

const EXAMPLES_FILE = path.resolve(import.meta.dirname, "..", "..", "server", "http", "openapi", "webhookExamples.json");
const EXAMPLE_BASE_URL = "http://localhost:42069";
const CHAIN = 31337;

type Json = Record<string, any>;

let service: TestService;
let chain: ChainClient;
let hooks: WebhookReceiver;
let secret: string;
let chainsDir: string;
let document: Json;
const recorded: Record<string, WebhookExample> = {};

async function call(method: "GET" | "POST" | "PUT" | "DELETE", pathname: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${pathname}: ${text}`).toBe(200);
  return JSON.parse(text) as Json;
}

/** The delivery of `type` matching `match`, waited for and checked against its signature. */
async function delivered(type: string, match: (event: WebhookExample) => boolean): Promise<WebhookExample> {
  const found = await waitFor(() => hooks.received.find((request) => request.event.type === type && match(request.event)), {
    timeoutMs: 30_000,
    message: () => `no ${type} among ${JSON.stringify(hooks.received.map((request) => request.event.type))}`,
  });
  expect(new Webhook(secret).verify(found.body, found.headers)).toEqual(found.event);
  return found.event;
}

/** The first delivery of each type the walk waits for becomes that type's example. */
async function record(type: string, match: (event: WebhookExample) => boolean): Promise<WebhookExample> {
  const event = await delivered(type, match);
  recorded[type] ??= event;
  return event;
}

async function settled(hash: Hex): Promise<void> {
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${hash}`)).status === "success", { timeoutMs: 20_000 });
}

const documentedTypes = () => Object.keys(document.webhooks as Json).map(webhookEventType).sort();
const ofTransaction = (hash: Hex) => (event: WebhookExample) => event.data.transactionHash === hash;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-webhook-examples-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  // Final 5 blocks deep, so that a reorganisation of one block takes back the service's own transaction.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN, name: "local", finality: 5 }] }));
  service = await startTestService({
    env: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true", TOKENHUB_CHAINS_FILE: chainsFile, TOKENHUB_TX_RESUBMIT_AFTER_MS: "4000" },
  });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as Json;
});

// A walk that fails with automine off must not leave the service waiting for blocks nobody mines.
afterEach(async () => {
  await chain?.client.setAutomine(true);
});

afterAll(async () => {
  await hooks?.close();
  await service?.destroy();
  if (chainsDir) fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("every webhook event type, delivered from a real chain", { timeout: 240_000 }, () => {
  it("delivers each to a subscribed endpoint and records one of each", async () => {
    const [alice, bob, carol] = chain.accounts;
    const subscribed = await call("POST", "/api/v1/webhooks", { url: hooks.url, events: WEBHOOK_EVENT_TYPES, description: "orders service" });
    secret = subscribed.secret as string;
    const tested = await call("POST", `/api/v1/webhooks/${subscribed.webhookId}/test`);
    await record("webhook.test", (event) => event.id === tested.eventId);

    const created = await call("POST", "/api/v1/erc721/create", { chainId: CHAIN, name: "Club", symbol: "CLB" });
    const club = created.contractAddress as Address;
    await settled(created.transactionHash);
    const mint = await call("POST", "/api/v1/erc721/mint", { chainId: CHAIN, contractAddress: club, recipientAddress: alice!.address });
    const ofMint = ofTransaction(mint.transactionHash);
    for (const type of ["transaction.sent", "transaction.confirmed", "mint.confirmed", "token.transferred"]) await record(type, ofMint);
    await chain.client.mine({ blocks: 5 });
    await record("transaction.finalized", ofMint);

    const written = await call("PUT", "/api/v1/nft/collectionMetadata", { chainId: CHAIN, contractAddress: club, metadata: { description: "Members of the club" } });
    await record("metadata.propagated", (event) => event.data.operationId === written.operationId);

    // An account of a token a cloud key holds, and a call through it.
    const key = await call("POST", "/api/v1/key/create", { customRef: "user-42" });
    const keyMint = await call("POST", "/api/v1/erc721/mint", { chainId: CHAIN, contractAddress: club, recipientAddress: key.evmAddress });
    await delivered("mint.confirmed", (event) => event.data.operationId === keyMint.operationId);
    const account = await call("POST", "/api/v1/erc6551/create", { nft: { chainId: CHAIN, contractAddress: club, tokenId: "2" } });
    await record("account.created", (event) => event.data.accountAddress === account.accountAddress);
    await settled(account.transactionHash);
    const executed = await call("POST", "/api/v1/account/executeCall", { accountAddress: account.accountAddress, call: { chainId: CHAIN, toAddress: bob!.address, value: "0" } });
    await record("account.call.confirmed", (event) => event.data.operationId === executed.operationId);

    // Carol redeems a permit herself, paying its gas; another one is revoked before she can.
    const permit = await call("POST", "/api/v1/erc721/permit", { chainId: CHAIN, contractAddress: club, recipientAddress: carol!.address });
    const redemption = await chain.client.sendTransaction({ account: carol!, to: permit.preparedCall.to, data: permit.preparedCall.data, chain: chain.client.chain });
    await minedReceipt(chain, redemption);
    await record("permit.redeemed", ofTransaction(redemption));
    const another = await call("POST", "/api/v1/erc721/permit", { chainId: CHAIN, contractAddress: club, recipientAddress: carol!.address });
    await call("DELETE", `/api/v1/permits/${another.permitId}`);
    await record("permit.revoked", (event) => event.data.permitId === another.permitId);

    await feeBump(club, alice!.address);
    await reorganisation(club, bob!.address);

    expect(Object.keys(recorded).sort()).toEqual(documentedTypes());
    if (process.env.TOKENHUB_RECORD_EXAMPLES === "1") fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(asExamples(recorded), null, 2)}\n`);
  });
});

/** A block whose base fee is over what a mint offers leaves it out; the service, seeing it stale, bumps its fees. */
async function feeBump(collection: Address, recipient: Address): Promise<void> {
  const baseFeeBefore = (await chain.client.getBlock()).baseFeePerGas!;
  await chain.client.setAutomine(false);
  try {
    const minted = await call("POST", "/api/v1/erc721/mint", { chainId: CHAIN, contractAddress: collection, recipientAddress: recipient });
    const first = await chain.client.getTransaction({ hash: minted.transactionHash as Hex });
    await chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: first.maxFeePerGas! * 4n });
    await chain.client.mine({ blocks: 1 });
    await record("transaction.replaced", (event) => (event.data.operationIds as string[]).includes(minted.operationId));
  } finally {
    await chain.client.setAutomine(true);
    await chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: baseFeeBefore });
    await chain.client.mine({ blocks: 1 });
  }
}

/** The block holding a mint is taken away and the chain goes on without it. */
async function reorganisation(collection: Address, recipient: Address): Promise<void> {
  const latest = await chain.client.getBlock();
  // anvil mines a new branch at its common ancestor's time: the removed block must sort after the new ones.
  await chain.client.request({ method: "evm_setNextBlockTimestamp" as never, params: [Number(latest.timestamp) + 60] as never });
  const minted = await call("POST", "/api/v1/erc721/mint", { chainId: CHAIN, contractAddress: collection, recipientAddress: recipient });
  await delivered("transaction.confirmed", ofTransaction(minted.transactionHash));
  await chain.client.setAutomine(false);
  await chain.client.request({ method: "anvil_rollback" as never, params: [1] as never });
  await chain.client.mine({ blocks: 2 });
  await record("transaction.reorged", ofTransaction(minted.transactionHash));
}

/** This run's address replaced by the default one, so the examples read as a user's. */
function asExamples(walked: Record<string, WebhookExample>): Record<string, WebhookExample> {
  const sorted = Object.fromEntries(Object.entries(walked).sort(([a], [b]) => a.localeCompare(b)));
  const text = JSON.stringify(sorted).replaceAll(service.runtime().publicUrl, EXAMPLE_BASE_URL).replaceAll(service.baseUrl, EXAMPLE_BASE_URL);
  return JSON.parse(text) as Record<string, WebhookExample>;
}

describe("the document's webhook examples (server/http/openapi/webhookExamples.json)", () => {
  it("gives every webhook event type's payload an example, valid against its schema", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    const examples = JSON.parse(fs.readFileSync(EXAMPLES_FILE, "utf8")) as Record<string, WebhookExample>;
    expect(Object.keys(examples).sort(), "examples of event types that no longer exist, or event types without one").toEqual(documentedTypes());
    const withRecorded = withWebhookExamples(structuredClone(document), examples);
    // Just recorded, the file is newer than what the running service loaded; otherwise the service serves exactly it.
    if (process.env.TOKENHUB_RECORD_EXAMPLES !== "1") expect(withRecorded).toEqual(document);
    const problems: string[] = [];
    for (const [name, methods] of Object.entries(withRecorded.webhooks as Json)) {
      const type = webhookEventType(name);
      const body = methods.post.requestBody.content["application/json"];
      if (body.example === undefined) problems.push(`${type}: no example`);
      const check = ajv.compile({ ...body.schema, components: withRecorded.components });
      if (!check(body.example)) problems.push(...(check.errors ?? []).map((error) => `${type}: ${error.instancePath} ${error.message}`));
    }
    expect(problems).toEqual([]);
  });
});
