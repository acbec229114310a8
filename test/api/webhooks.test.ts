import { getAddress, type Hex } from "viem";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Webhooks against the real service (anvil, PostgreSQL) and a real local HTTP receiver, verified with the
 * `standardwebhooks` package, independent of the service's signing code. One service for the file: each test has its
 * own endpoint (and receiver).
 */
let service: TestService;
const receivers: WebhookReceiver[] = [];
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
/** Short retries so that four attempts, and running out of them, fit in a test. */
const RETRY_BASE_MS = 200;
const RETRY_FOR_MS = 4_000;

type Body = Record<string, any>;
async function call(method: "GET" | "POST" | "PUT" | "DELETE", pathname: string, body?: unknown, token = service.adminToken): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

async function subscribe(url: string, events: string[]): Promise<{ webhookId: string; secret: string }> {
  const created = await call("POST", "/api/v1/webhooks", { url, events, description: "test" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { webhookId: string; secret: string };
}

const verify = (secret: string, request: Pick<ReceivedWebhook, "body" | "headers">) => new Webhook(secret).verify(request.body, request.headers);

beforeAll(async () => {
  service = await startTestService({
    env: {
      TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true",
      TOKENHUB_WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
      TOKENHUB_WEBHOOK_RETRY_FOR_MS: String(RETRY_FOR_MS),
      TOKENHUB_WEBHOOK_TIMEOUT_MS: "2000",
      // A mint priced out by the base fee is replaced by a fee bump within a test.
      TOKENHUB_TX_RESUBMIT_AFTER_MS: "4000",
    },
  });
});

afterAll(async () => {
  await Promise.all(receivers.map((started) => started.close()));
  await service?.destroy();
});

describe("webhooks", { timeout: 120_000 }, () => {
  it("a mint sends transaction.sent, transaction.confirmed, mint.confirmed and transaction.finalized, in order, signed so that standardwebhooks verifies them", async () => {
    const hooks = await receiver();
    const { secret, webhookId } = await subscribe(hooks.url, ["transaction.sent", "transaction.confirmed", "transaction.finalized", "mint.confirmed"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Hooked", symbol: "HOOK" });
    const collection = created.body.contractAddress as Hex;
    const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
    expect(minted.status).toBe(200);
    const hash = minted.body.transactionHash as Hex;

    const ofMint = () => hooks.received.filter((request) => request.event.data.transactionHash === hash);
    await waitFor(() => ofMint().length >= 4, { timeoutMs: 30_000, message: () => `received ${JSON.stringify(hooks.received.map((r) => r.event.type))}` });
    const requests = ofMint();
    // One transaction's events arrive in the order they happened; the collection's creation came before, on its own.
    expect(requests.map((request) => request.event.type)).toEqual(["transaction.sent", "transaction.confirmed", "mint.confirmed", "transaction.finalized"]);
    for (const request of hooks.received) {
      expect(verify(secret, request)).toEqual(request.event);
      expect(request.headers["webhook-id"]).toBe(request.event.id);
      expect(request.headers["content-type"]).toBe("application/json");
    }
    expect(new Set(hooks.received.map((request) => request.event.id)).size).toBe(hooks.received.length);

    const [sent, confirmed, mintConfirmed] = requests.map((request) => request.event);
    const receipt = (await call("GET", `/api/v1/transactions/${hash}`)).body;
    expect(sent!.data).toMatchObject({ chainId: 31337, transactionHash: hash, status: "pending", purpose: "erc721.mint", blockNumber: null, operationIds: [minted.body.operationId] });
    expect(confirmed!.data).toMatchObject({ transactionHash: hash, status: "success", blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, gasUsed: receipt.gasUsed, fee: receipt.fee });
    expect(mintConfirmed).toEqual({
      id: mintConfirmed!.id,
      type: "mint.confirmed",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        operationId: minted.body.operationId,
        purpose: "erc721.mint",
        contractAddress: collection,
        chainId: 31337,
        status: "success",
        transactionHash: hash,
        transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        minted: [{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }],
      },
    });

    // What the receiver got verifies only as it was sent: a changed body, a changed id or an old timestamp fails.
    const request = requests[2]!;
    const tampered = request.body.replace('"tokenId":"1"', '"tokenId":"2"');
    expect(tampered).not.toBe(request.body);
    expect(() => verify(secret, { ...request, body: tampered })).toThrow(WebhookVerificationError);
    expect(() => verify(secret, { ...request, headers: { ...request.headers, "webhook-id": sent!.id } })).toThrow(WebhookVerificationError);
    const old = String(Math.floor(Date.now() / 1000) - 600);
    expect(() => verify(secret, { ...request, headers: { ...request.headers, "webhook-timestamp": old } })).toThrow(/too old/);
    expect(() => verify("whsec_" + Buffer.alloc(32, 7).toString("base64"), request)).toThrow(WebhookVerificationError);

    // The receiver has each request before its answer reaches the deliverer, which writes the outcomes afterwards.
    const log = await waitFor(async () => {
      const answer = await call("GET", `/api/v1/webhooks/${webhookId}/deliveries`);
      return answer.status === 200 && answer.body.deliveries.every((entry: Body) => entry.status === "delivered") && answer;
    });
    expect(log.body.deliveries.find((entry: Body) => entry.eventId === mintConfirmed!.id)).toMatchObject({ type: "mint.confirmed", attempts: 1, lastStatusCode: 200, event: mintConfirmed });
  });

  it("a mint priced out by the base fee gives transaction.sent, transaction.replaced (fee_bump), transaction.confirmed of the new hash and mint.confirmed, in order", async () => {
    const chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    const hooks = await receiver();
    const { secret } = await subscribe(hooks.url, ["transaction.sent", "transaction.replaced", "transaction.confirmed", "mint.confirmed"]);
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Bumped", symbol: "BMP" });
    const collection = created.body.contractAddress as Hex;
    await waitFor(async () => (await call("GET", `/api/v1/transactions/${created.body.transactionHash}`)).body.status === "success", { timeoutMs: 20_000 });
    const baseFeeBefore = (await chain.client.getBlock()).baseFeePerGas!;

    await chain.client.setAutomine(false);
    try {
      const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
      expect(minted.status, JSON.stringify(minted.body)).toBe(200);
      const first = await chain.client.getTransaction({ hash: minted.body.transactionHash as Hex });
      const ofMint = () =>
        hooks.received
          .map((request) => request.event)
          .filter((event) => event.data.operationId === minted.body.operationId || (event.data.operationIds as string[] | undefined)?.includes(minted.body.operationId));
      // A block whose base fee is over what the mint offers leaves it out; the service, seeing it stale, bumps its fees.
      await chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: first.maxFeePerGas! * 4n });
      await chain.client.mine({ blocks: 1 });
      const replaced = await waitFor(() => ofMint().find((event) => event.type === "transaction.replaced"), {
        timeoutMs: 30_000,
        message: () => `no transaction.replaced among ${JSON.stringify(ofMint().map((event) => event.type))}`,
      });
      const bumpedHash = replaced.data.transactionHash as Hex;
      const bumped = await chain.client.getTransaction({ hash: bumpedHash });
      expect(bumped.nonce).toBe(first.nonce);
      expect(bumped.maxFeePerGas!).toBeGreaterThan(first.maxFeePerGas! * 4n);
      expect(replaced.data).toEqual({
        chainId: 31337,
        transactionHash: bumpedHash,
        transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${bumpedHash}`,
        previousHashes: [first.hash],
        status: "pending",
        purpose: "erc721.mint",
        signer: getAddress(first.from),
        nonce: first.nonce,
        blockNumber: null,
        blockHash: null,
        gasUsed: null,
        fee: null,
        failureReason: null,
        final: false,
        reorgedFrom: null,
        operationIds: [minted.body.operationId],
        replacement: { previousHash: first.hash, reason: "fee_bump" },
      });

      await chain.client.setAutomine(true);
      await chain.client.mine({ blocks: 1 });
      await waitFor(() => ofMint().length >= 4, { timeoutMs: 30_000, message: () => `received ${JSON.stringify(ofMint().map((event) => event.type))}` });
      const events = ofMint();
      expect(events.map((event) => event.type)).toEqual(["transaction.sent", "transaction.replaced", "transaction.confirmed", "mint.confirmed"]);
      expect(new Set(events.map((event) => event.id)).size).toBe(4);
      const [sent, , confirmed, mintConfirmed] = events;
      expect(sent!.data).toMatchObject({ transactionHash: first.hash, previousHashes: [], status: "pending", nonce: first.nonce });
      // The old hash finds the transaction, which landed under the new one.
      const receipt = (await call("GET", `/api/v1/transactions/${first.hash}`)).body;
      expect(receipt).toMatchObject({ status: "success", transactionHash: bumpedHash, previousHashes: [first.hash] });
      expect(confirmed!.data).toMatchObject({
        transactionHash: bumpedHash,
        previousHashes: [first.hash],
        status: "success",
        nonce: first.nonce,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        gasUsed: receipt.gasUsed,
        fee: receipt.fee,
      });
      expect(mintConfirmed!.data).toMatchObject({
        operationId: minted.body.operationId,
        status: "success",
        transactionHash: bumpedHash,
        blockNumber: receipt.blockNumber,
        minted: [{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }],
      });
      for (const request of hooks.received) expect(verify(secret, request)).toEqual(request.event);

      // On chain once: the first attempt never landed, the replacement did.
      expect((await chain.client.getTransactionReceipt({ hash: bumpedHash })).status).toBe("success");
      await expect(chain.client.getTransactionReceipt({ hash: first.hash })).rejects.toThrow();
      expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(1n);
      expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [ALICE] })).toBe(1n);
    } finally {
      await chain.client.setAutomine(true);
      await chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: baseFeeBefore });
      await chain.client.mine({ blocks: 1 });
    }
  });

  it("a metadata write's announcement gives metadata.propagated, and calls through an account account.call.confirmed", async () => {
    const hooks = await receiver();
    const { secret } = await subscribe(hooks.url, ["metadata.propagated", "account.call.confirmed"]);
    const settledHash = (hash: Hex) => waitFor(async () => (await call("GET", `/api/v1/transactions/${hash}`)).body.status === "success", { timeoutMs: 20_000 });
    const key = (await call("POST", "/api/v1/key/create", { customRef: "hooks" })).body.evmAddress as Hex;
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Passes", symbol: "PASS" });
    const collection = created.body.contractAddress as Hex;
    await settledHash(created.body.transactionHash);
    await settledHash((await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: key })).body.transactionHash);

    const written = await call("PUT", "/api/v1/nft/collectionMetadata", { chainId: 31337, contractAddress: collection, metadata: { description: "Members" } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const propagated = await waitFor(() => hooks.received.find((request) => request.event.type === "metadata.propagated"), { timeoutMs: 30_000 });
    expect(propagated.event.data).toMatchObject({ contractAddress: collection, collection: true, tokenIds: [], status: "success", transactionHash: written.body.transactionHash, operationId: written.body.operationId });

    const account = await call("POST", "/api/v1/erc6551/create", { nft: { chainId: 31337, contractAddress: collection, tokenId: "1" } });
    await settledHash(account.body.transactionHash);
    const executed = await call("POST", "/api/v1/account/executeCall", { accountAddress: account.body.accountAddress, call: { chainId: 31337, toAddress: ALICE, value: "0" } });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    const confirmed = await waitFor(() => hooks.received.find((request) => request.event.type === "account.call.confirmed"), { timeoutMs: 30_000 });
    const receipt = (await call("GET", `/api/v1/transactions/${executed.body.transactionHash}`)).body;
    expect(confirmed.event.data).toEqual({
      operationId: executed.body.operationId,
      chainId: 31337,
      status: "success",
      transactionHash: executed.body.transactionHash,
      transactionUrl: executed.body.transactionUrl,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      accountAddress: account.body.accountAddress,
      calls: [{ toAddress: ALICE, value: "0", data: "0x" }],
      gasSpent: receipt.fee,
    });
    for (const request of hooks.received) expect(verify(secret, request)).toEqual(request.event);
  });

  it("retries with backoff: a receiver answering 500 three times gets the event on the fourth attempt, with the same id", async () => {
    const hooks = await receiver();
    hooks.answer((_request, index) => (index < 3 ? 500 : 204));
    const { webhookId, secret } = await subscribe(hooks.url, ["mint.confirmed"]);
    const tested = await call("POST", `/api/v1/webhooks/${webhookId}/test`);
    expect(tested.status).toBe(200);
    await waitFor(() => hooks.received.length >= 4, { timeoutMs: 20_000 });
    const ids = hooks.received.map((request) => request.event.id);
    expect(ids).toEqual([tested.body.eventId, tested.body.eventId, tested.body.eventId, tested.body.eventId]);
    for (const request of hooks.received) expect(verify(secret, request)).toEqual({ id: tested.body.eventId, type: "webhook.test", timestamp: expect.any(String), data: { webhookId, message: "A test event from tokenhub." } });
    // Exponential: the third wait (0.5-1 × 4 × base) is longer than the first (0.5-1 × base).
    const gaps = hooks.received.slice(1).map((request, index) => request.at - hooks.received[index]!.at);
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[0]!).toBeGreaterThanOrEqual(RETRY_BASE_MS / 2 - 20);
    const log = await waitFor(async () => {
      const body = (await call("GET", `/api/v1/webhooks/${webhookId}/deliveries`)).body;
      return body.deliveries[0]?.status === "delivered" && body;
    });
    expect(log.deliveries).toEqual([
      expect.objectContaining({ eventId: tested.body.eventId, type: "webhook.test", status: "delivered", attempts: 4, lastStatusCode: 204, lastError: null, nextAttemptAt: null }),
    ]);
    expect(hooks.received).toHaveLength(4);
  });

  it("walks the delivery log by pageKey while new deliveries come in between pages, none twice and none skipped", async () => {
    const hooks = await receiver();
    const { webhookId } = await subscribe(hooks.url, ["mint.confirmed"]);
    const test = async () => (await call("POST", `/api/v1/webhooks/${webhookId}/test`)).body.eventId as string;
    const sent: string[] = [];
    for (let index = 0; index < 60; index++) sent.push(await test());
    // Newest first: what comes in after the first page sorts before it, and a page index would answer 3 of it again.
    const walked: string[] = [];
    let pageKey: string | null = null;
    for (let page = 0; page < 5; page++) {
      const body: Body = (await call("GET", `/api/v1/webhooks/${webhookId}/deliveries${pageKey === null ? "" : `?pageKey=${pageKey}`}`)).body;
      walked.push(...body.deliveries.map((entry: Body) => entry.eventId as string));
      pageKey = body.nextPageKey;
      if (pageKey === null) break;
      for (let more = 0; more < 3; more++) await test();
    }
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked).toEqual([...sent].reverse());
  });

  it("marks an endpoint failing once a delivery runs out of retries, and active again after a redelivery succeeds", async () => {
    const hooks = await receiver();
    let healthy = false;
    hooks.answer(() => (healthy ? 200 : 503));
    const { webhookId } = await subscribe(hooks.url, ["transaction.sent"]);
    const { eventId } = (await call("POST", `/api/v1/webhooks/${webhookId}/test`)).body;
    const listed = async () => (await call("GET", "/api/v1/webhooks")).body.webhooks.find((webhook: Body) => webhook.webhookId === webhookId);
    const failing = await waitFor(async () => {
      const webhook = await listed();
      return webhook.status === "failing" && webhook;
    }, { timeoutMs: RETRY_FOR_MS + 15_000 });
    expect(failing).toEqual({ webhookId, url: hooks.url, description: "test", events: ["transaction.sent"], status: "failing", failingSince: expect.any(String), createdAt: expect.any(String) });
    const failed = (await call("GET", `/api/v1/webhooks/${webhookId}/deliveries?status=failed`)).body.deliveries;
    expect(failed).toEqual([expect.objectContaining({ eventId, status: "failed", lastStatusCode: 503, lastError: "HTTP 503", nextAttemptAt: null })]);
    expect(failed[0].attempts).toBeGreaterThanOrEqual(3);
    expect((await call("GET", `/api/v1/webhooks/${webhookId}/deliveries?type=webhook.test`)).body.deliveries.map((entry: Body) => entry.eventId)).toEqual([eventId]);
    expect((await call("GET", `/api/v1/webhooks/${webhookId}/deliveries?type=transaction.sent`)).body.deliveries).toEqual([]);
    const attempts = hooks.received.length;

    healthy = true;
    const redelivered = await call("POST", `/api/v1/webhooks/${webhookId}/deliveries/${eventId}/redeliver`);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.delivery).toMatchObject({ eventId, status: "pending" });
    await waitFor(async () => (await listed()).status === "active", { timeoutMs: 10_000 });
    expect(hooks.received).toHaveLength(attempts + 1);
    expect(hooks.received.at(-1)!.event.id).toBe(eventId);
  });

  it("rotates the secret: both secrets sign during the overlap, the new one is answered once", async () => {
    const hooks = await receiver();
    const { webhookId, secret } = await subscribe(hooks.url, ["mint.confirmed"]);
    const rotated = await call("POST", `/api/v1/webhooks/${webhookId}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    await call("POST", `/api/v1/webhooks/${webhookId}/test`);
    await waitFor(() => hooks.received.length === 1);
    const [request] = hooks.received;
    expect(request!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verify(rotated.body.secret, request!)).toEqual(request!.event);
    expect(verify(secret, request!)).toEqual(request!.event);
    expect(JSON.stringify((await call("GET", "/api/v1/webhooks")).body)).not.toContain(rotated.body.secret);
  });

  it("refuses bad input with the envelope, and another project's token gets 404 for the endpoint", async () => {
    const bad = await call("POST", "/api/v1/webhooks", { url: "ftp://example.com/hook", events: ["mint.confirmed"] });
    expect(bad).toEqual({ status: 400, body: { success: false, code: "VALIDATION_ERROR", error: "Invalid body: url: must be http or https, not ftp.", details: [{ path: "url", message: "must be http or https, not ftp" }] } });
    const unknown = await call("POST", "/api/v1/webhooks", { url: "http://127.0.0.1:1/hook", events: ["mint.landed"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].path).toBe("events.0");
    expect((await call("POST", "/api/v1/webhooks", { url: "http://127.0.0.1:1/hook", events: [] })).body.details).toEqual([{ path: "events", message: "subscribe to at least one event type" }]);

    const hooks = await receiver();
    const { webhookId } = await subscribe(hooks.url, ["mint.confirmed"]);
    const badType = await call("GET", `/api/v1/webhooks/${webhookId}/deliveries?type=mint.landed`);
    expect([badType.status, badType.body.code, badType.body.details.map((detail: Body) => detail.path)]).toEqual([400, "VALIDATION_ERROR", ["type"]]);
    expect((await call("GET", `/api/v1/webhooks/${webhookId}/deliveries?type=token.transferred.reorged`)).body.deliveries).toEqual([]);
    expect((await service.cli(["project", "create", "webhook-other"])).code).toBe(0);
    const issued = await service.cli(["token", "create", "--project", "webhook-other", "--scopes", "webhooks"]);
    const other = issued.stdout.trim().split("\n").at(-1)!.trim();
    const readOnly = (await service.cli(["token", "create", "--project", "default", "--scopes", "read"])).stdout.trim().split("\n").at(-1)!.trim();
    expect((await call("GET", "/api/v1/webhooks", undefined, readOnly)).status).toBe(403);
    expect((await call("GET", "/api/v1/webhooks", undefined, other)).body).toEqual({ success: true, webhooks: [] });
    const notFound = { success: false, code: "NOT_FOUND", error: `No webhook ${webhookId} belongs to this project.` };
    expect(await call("POST", `/api/v1/webhooks/${webhookId}/test`, undefined, other)).toEqual({ status: 404, body: notFound });
    expect(await call("DELETE", `/api/v1/webhooks/${webhookId}`, undefined, other)).toEqual({ status: 404, body: notFound });
    expect(await call("GET", `/api/v1/webhooks/${webhookId}/deliveries`, undefined, other)).toEqual({ status: 404, body: notFound });
    expect(await call("POST", `/api/v1/webhooks/${webhookId}/rotate-secret`, undefined, other)).toEqual({ status: 404, body: notFound });
    expect((await call("POST", `/api/v1/webhooks/${webhookId}/deliveries/${webhookId}/redeliver`, undefined, other)).status).toBe(404);
    expect(hooks.received).toHaveLength(0);

    // Its own project deletes it, with its deliveries.
    expect(await call("DELETE", `/api/v1/webhooks/${webhookId}`)).toEqual({ status: 200, body: { success: true } });
    expect((await call("GET", `/api/v1/webhooks/${webhookId}/deliveries`)).status).toBe(404);
    expect(await queryDatabase(service.databaseUrl(), "SELECT 1 FROM tokenhub_app.webhook_deliveries WHERE endpoint_id = $1", [webhookId])).toEqual([]);
  });
});
