import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OperationExample, withExamples } from "../../server/http/openapi/examples.js";
import { type DocumentValidator, documentValidator } from "../helpers/documentValidator.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Walks every operation of the document against a real service on a real chain, in the order a user would (deploy,
 * mint, read, sign, run account calls, permits, webhooks). With TOKENHUB_RECORD_EXAMPLES=1 it writes what it sent and
 * got to server/http/openapi/examples.json, the examples the document carries; without it, it checks that it still walks
 * every operation. Then every example is checked against the schemas of the document the service serves.
 */

const EXAMPLES_FILE = path.resolve(import.meta.dirname, "..", "..", "server", "http", "openapi", "examples.json");
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const BOB = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
const CHAIN = 31337;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
/** What the examples say instead of this run's ports: the default address, and a receiver of the user's. */
const EXAMPLE_BASE_URL = "http://localhost:42069";
const EXAMPLE_WEBHOOK_URL = "https://app.example.com/tokenhub/webhooks";

type Operation = { method: string; path: string; operation: Record<string, any> };
type Request = NonNullable<OperationExample["request"]>;
type Json = Record<string, any>;

let service: SharedService;
let receiver: WebhookReceiver;
let document: Json;
let validator: DocumentValidator;
/** What the walk created, for the lenient forms to use. */
let walked: { erc20: string; club: string; items: string; sword: string } | undefined;
const operations = new Map<string, Operation>();
const recorded: Record<string, OperationExample> = {};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  service = await sharedService();
  document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as Json;
  validator = await documentValidator(document);
  for (const [route, methods] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(methods as Json)) operations.set(operation.operationId, { method, path: route, operation });
  }
});

afterAll(async () => {
  await service?.release();
  await receiver?.close();
});

type Sent = {
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send the body with no Content-Type at all (fetch types a string body text/plain). */
  untyped?: boolean;
  token?: boolean;
  /** false: a form the document must refuse, as the service does. */
  documented?: boolean;
};

/**
 * Sends one request as a client would and checks both ways against the served document (documentValidator): the
 * request must be a form the document describes, the answer the document's schema for its status.
 */
async function exchange(operationId: string, sent: Sent): Promise<{ status: number; body: Json }> {
  const found = operations.get(operationId);
  if (!found) throw new Error(`no operation ${operationId} in the document`);
  const routePath = found.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sent.params![name]!));
  const headers: Record<string, string> = { ...(sent.token === false ? {} : { authorization: `Bearer ${service.adminToken}` }), ...sent.headers };
  const request = { method: found.method.toUpperCase(), path: routePath, query: sent.query, headers, body: sent.body };
  const problems = validator.request(operationId, request);
  if (sent.documented === false) expect(problems, `${operationId}: the document accepts ${JSON.stringify(request)}`).not.toEqual([]);
  else expect(problems, `${operationId}: the document refuses ${JSON.stringify(request)}`).toEqual([]);
  const body = sent.untyped && sent.body !== undefined ? Buffer.from(sent.body) : sent.body;
  const response = await fetch(`${service.baseUrl}${routePath}${sent.query ? `?${sent.query}` : ""}`, { method: request.method, headers, body });
  const text = await response.text();
  const answer = JSON.parse(text) as Json;
  expect(validator.response(operationId, response.status, answer), `${operationId}: the document does not describe its ${response.status} answer ${text}`).toEqual([]);
  return { status: response.status, body: answer };
}

/** Sends one operation as its examples show it; a read can be repeated until the index has what it is asked for. */
async function call(operationId: string, request: Request, options: { until?: (body: Json) => boolean; token?: boolean } = {}): Promise<Json> {
  const send = async () => {
    const answer = await exchange(operationId, {
      params: request.params,
      query: request.query ? String(new URLSearchParams(request.query)) : undefined,
      headers: request.body === undefined ? {} : { "content-type": "application/json" },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      token: options.token,
    });
    expect(answer.status, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const until = options.until;
  const body = until
    ? await waitFor(
        async () => {
          const answer = await send();
          return until(answer) ? answer : undefined;
        },
        { timeoutMs: 30_000, message: () => `${operationId} never answered what was awaited` },
      )
    : await send();
  recorded[operationId] ??= { request, response: { status: 200, body } };
  return body;
}

const settled = (body: Json) => body.status === "success";

describe("every operation, walked on a real chain", () => {
  it("answers each with 200 and records what it sent and got", async () => {
    const png = await uploadMedia();
    const erc20 = await call("createErc20Collection", { body: { chainId: CHAIN, name: "Gold", symbol: "GLD", decimals: 18 } });
    await call("mintErc20", { body: { chainId: CHAIN, contractAddress: erc20.contractAddress, recipientAddress: ALICE, amount: "12.5" } });
    const club = await call("createErc721Collection", {
      body: { chainId: CHAIN, name: "Club", symbol: "CLB", defaultMetadata: { description: "Members of the club", mediaUrl: png.mediaUrl } },
    });
    const mint = await call("mintErc721", {
      body: { chainId: CHAIN, contractAddress: club.contractAddress, recipientAddress: ALICE, metadata: { name: "Club #1", traits: [{ name: "level", value: "gold" }] } },
    });
    const items = await call("createErc1155Collection", { body: { chainId: CHAIN, name: "Items", symbol: "ITM" } });
    const sword = await call("createErc1155TokenType", { body: { chainId: CHAIN, contractAddress: items.contractAddress, metadata: { name: "Sword" } } });
    await call("mintErc1155", { body: { chainId: CHAIN, contractAddress: items.contractAddress, recipientAddress: ALICE, tokenId: sword.tokenId, amount: "10" } });
    await call("batchMintErc1155", {
      body: {
        chainId: CHAIN,
        contractAddress: items.contractAddress,
        mints: [
          { recipientAddress: BOB, tokenId: sword.tokenId, amount: "2" },
          { recipientAddress: ALICE, tokenId: sword.tokenId, amount: "3" },
        ],
      },
    });
    await call("getOperation", { params: { operationId: mint.operationId } }, { until: settled });
    await call("getTransaction", { params: { hash: mint.transactionHash } }, { until: settled });

    const chain = String(CHAIN);
    const some = (key: string, least = 1) => (body: Json) => (body[key] as unknown[]).length >= least;
    await call("listCollections", { query: { chainId: chain } }, { until: some("collections", 3) });
    await call("listErc20Owners", { query: { chainId: chain, contractAddress: erc20.contractAddress } }, { until: some("owners") });
    await call("listErc721Tokens", { query: { chainId: chain, contractAddress: club.contractAddress } }, { until: some("tokens") });
    await call("listErc721Owners", { query: { chainId: chain, contractAddress: club.contractAddress } }, { until: some("owners") });
    await call("listErc1155Tokens", { query: { chainId: chain, contractAddress: items.contractAddress } }, { until: some("tokens") });
    await call("listErc1155Owners", { query: { chainId: chain, contractAddress: items.contractAddress } }, { until: some("owners", 2) });
    const holdersQuery = { query: { chainId: chain, contractAddresses: `${erc20.contractAddress},${items.contractAddress}` } };
    for (const operationId of ["listHolders", "listHoldersByPost", "listHoldersV1", "listHoldersV1ByPost"]) await call(operationId, holdersQuery, { until: some("holders", 2) });
    await call("listTokensOfOwner", { query: { chainId: chain, ownerAddress: ALICE } }, { until: some("tokens", 3) });
    await call("listTransfers", { query: { chainId: chain, contractAddress: items.contractAddress, address: ALICE } }, { until: some("transfers", 2) });

    const tokenQuery = { chainId: chain, contractAddress: club.contractAddress, tokenId: "1" };
    await call("describeTokenAccount", { query: { tokenChainId: chain, tokenContractAddress: club.contractAddress, tokenId: "1" } }, { token: false });
    await call("getPublicTokenMetadata", { params: tokenQuery }, { token: false });
    await call("getPublicContractMetadata", { params: { chainId: chain, contractAddress: club.contractAddress } }, { token: false });
    await call("getTokenMetadata", { query: tokenQuery });
    await call("setCollectionMetadata", { body: { chainId: CHAIN, contractAddress: club.contractAddress, metadata: { description: "Members of the club since 2024" } } });
    await call("setTokenMetadata", { body: { chainId: CHAIN, contractAddress: club.contractAddress, tokenId: "1", metadata: { name: "Club #1 (founder)" } } });
    await call("refreshMetadata", { body: { chainId: CHAIN, contractAddress: club.contractAddress, tokenId: "1" } });

    const key = await call("createCloudKey", { body: { customRef: "user-42" } });
    await call("listCloudKeys", { query: { customRef: "user-42" } });
    await call("signMessageWithCloudKey", { body: { accountAddress: key.evmAddress, message: "hello" } });
    await call("signTypedDataWithCloudKey", {
      body: {
        accountAddress: key.evmAddress,
        domain: { name: "Club", version: "1", chainId: CHAIN },
        types: { Greeting: [{ name: "text", type: "string" }] },
        primaryType: "Greeting",
        message: { text: "hello" },
      },
    });
    await call("linkChatUser", { body: { chatId: "123456789", address: BOB } });

    // The account of a token a cloud key holds, to run calls through.
    const keyMint = await call("mintErc721", { body: { chainId: CHAIN, contractAddress: club.contractAddress, recipientAddress: key.evmAddress } });
    await call("getOperation", { params: { operationId: keyMint.operationId } }, { until: settled });
    const account = await call("createNftAccount", { body: { nft: { chainId: CHAIN, contractAddress: club.contractAddress, tokenId: "2" } } });
    await call("getTransaction", { params: { hash: account.transactionHash } }, { until: settled });
    const accountCall = { accountAddress: account.accountAddress, call: { chainId: CHAIN, toAddress: BOB, value: "0", data: "0x" } };
    await call("executeAccountCall", { body: accountCall });
    await call("executeAccountCallAlias", { body: accountCall });
    const batch = await call("executeAccountCalls", {
      body: { chainId: CHAIN, accountAddress: account.accountAddress, calls: [{ toAddress: BOB, value: "0" }, { toAddress: ALICE, value: "0", data: "0x" }] },
    });
    await call("getTransaction", { params: { hash: batch.transactionHash } }, { until: settled });
    const accountQuery = { query: { chainId: chain, accountAddress: account.accountAddress } };
    await call("listAccountTransactions", accountQuery, { until: some("transactions", 3) });
    await call("listAccountTransactionsAlias", accountQuery, { until: some("transactions", 3) });
    await call("listNftAccounts", { query: { chainId: chain, ownerAddress: key.evmAddress } }, { until: (body) => body.accounts[0]?.deployed === true });

    const expiration = "2030-01-31T12:00:00Z";
    const erc20Permit = await call("issueErc20Permit", { body: { chainId: CHAIN, contractAddress: erc20.contractAddress, recipientAddress: BOB, amount: "5", expiration } });
    const clubPermit = await call("issueErc721Permit", {
      body: { chainId: CHAIN, contractAddress: club.contractAddress, recipientAddress: BOB, expiration, metadata: { name: "Club #3" } },
    });
    await call("issueErc1155Permit", { body: { chainId: CHAIN, contractAddress: items.contractAddress, recipientAddress: BOB, tokenId: sword.tokenId, amount: "1", expiration } });
    await call("erc20PermitBatch", { query: { chainId: chain, contractAddress: erc20.contractAddress, recipientAddress: BOB } });
    await call("getPermit", { params: { permitId: erc20Permit.permitId } });
    await call("revokePermit", { params: { permitId: clubPermit.permitId } });

    const webhook = await call("createWebhook", { body: { url: receiver.url, events: ["mint.confirmed", "token.transferred"], description: "orders service" } });
    const webhookId = { webhookId: webhook.webhookId };
    await call("listWebhooks", {});
    const test = await call("testWebhook", { params: webhookId });
    await call("listWebhookDeliveries", { params: webhookId }, { until: (body) => body.deliveries.some((delivery: Json) => delivery.eventId === test.eventId && delivery.status === "delivered") });
    await call("redeliverWebhookEvent", { params: { ...webhookId, eventId: test.eventId } });
    await call("rotateWebhookSecret", { params: webhookId });
    await call("deleteWebhook", { params: webhookId });

    walked = { erc20: erc20.contractAddress, club: club.contractAddress, items: items.contractAddress, sword: sword.tokenId };
    expect(Object.keys(recorded).sort()).toEqual([...operations.keys()].sort());
    if (process.env.TOKENHUB_RECORD_EXAMPLES === "1") fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(asExamples(recorded), null, 2)}\n`);
  });
});

describe("the forms a GroupOS client sends beside the documented ones (decisions.md), as the document describes them", () => {
  const json = (value: unknown, contentType = "application/json") => ({ headers: { "content-type": contentType }, body: JSON.stringify(value) });
  const answered = async (operationId: string, sent: Sent) => {
    const answer = await exchange(operationId, sent);
    expect(answer.status, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };

  it("accepts numbers for amounts, ids and chain ids, a JSON body as text/plain or untyped, and every spelling of a list; the document says each", async () => {
    if (!walked) throw new Error("the walk above did not finish");
    const { erc20, club, items, sword } = walked;

    await answered("mintErc20", json({ chainId: String(CHAIN), contractAddress: erc20, recipientAddress: ALICE, amount: 2.5 }));
    await answered("issueErc20Permit", json({ chainId: CHAIN, contractAddress: erc20, recipientAddress: BOB, amount: 5, expiration: 1_900_000_000 }));
    await answered("issueErc20Permit", json({ chainId: CHAIN, contractAddress: erc20, recipientAddress: BOB, amount: "1", expiration: "1900000000" }));
    await answered("issueErc20Permit", json({ chainId: CHAIN, contractAddress: erc20, recipientAddress: BOB, amount: "1", expiration: null }));
    await answered("mintErc1155", json({ chainId: CHAIN, contractAddress: items, recipientAddress: BOB, tokenId: Number(sword), amount: 4 }));
    await answered("createCloudKey", json({ customRef: "chat-user", chatId: 987654321 }));
    await answered("linkChatUser", json({ chatId: 123456789, address: BOB }));

    // What fetch sends for a string body when the caller sets no type (GroupOS's quick start), and no type at all.
    await answered("mintErc721", json({ chainId: CHAIN, contractAddress: club, recipientAddress: BOB }, "text/plain;charset=UTF-8"));
    await answered("setTokenMetadata", { body: JSON.stringify({ chainId: CHAIN, contractAddress: club, tokenId: 1, metadata: { name: "Club #1" } }), untyped: true });
    await answered("listHoldersByPost", { ...json({ contractAddresses: [erc20, items], chainId: String(CHAIN) }, "text/plain;charset=UTF-8") });
    for (const [route, methods] of Object.entries(document.paths as Json)) {
      for (const operation of Object.values(methods as Json)) {
        const content = operation.requestBody?.content;
        if (content?.["application/json"]) expect(content["text/plain"]?.schema, `text/plain on ${route}`).toEqual(content["application/json"].schema);
      }
    }

    const chain = `chainId=${CHAIN}`;
    const ids = (body: Json) => (body.tokens as Json[]).map((token) => token.tokenId).sort();
    for (const list of ["tokenIds=1&tokenIds=2", "tokenIds=1,2", "tokenIds=%5B1%2C2%5D", "tokenIds%5B%5D=1&tokenIds%5B%5D=2"]) {
      expect(ids(await answered("listErc721Tokens", { query: `${chain}&contractAddress=${club}&${list}` })), list).toEqual(["1", "2"]);
    }
    expect(ids(await answered("listErc1155Tokens", { query: `${chain}&contractAddress=${items}&tokenIds=${sword}&tokenIds=${sword}` }))).toEqual([sword]);
    const holders = await answered("listHolders", { query: `${chain}&contractAddresses=${erc20}&contractAddresses=${items}` });
    expect((holders.holders as Json[]).length).toBeGreaterThanOrEqual(2);
  });

  it("refuses what the document refuses, with a 400 the document describes", async () => {
    if (!walked) throw new Error("the walk above did not finish");
    const { erc20, club, items, sword } = walked;
    const refused: [string, Json][] = [
      ["mintErc20", { chainId: CHAIN, contractAddress: erc20, recipientAddress: ALICE, amount: "-1" }],
      ["mintErc20", { chainId: CHAIN, contractAddress: erc20, recipientAddress: ALICE, amount: "1e3" }],
      ["mintErc20", { chainId: "31337x", contractAddress: erc20, recipientAddress: ALICE, amount: "1" }],
      ["mintErc721", { chainId: CHAIN, contractAddress: club, recipientAddress: "0x1234" }],
      ["mintErc1155", { chainId: CHAIN, contractAddress: items, recipientAddress: ALICE, tokenId: sword, amount: "0" }],
      ["mintErc1155", { chainId: CHAIN, contractAddress: items, recipientAddress: ALICE, tokenId: 1.5, amount: "1" }],
      ["issueErc20Permit", { chainId: CHAIN, contractAddress: erc20, recipientAddress: BOB, amount: "1", expiration: true }],
      ["linkChatUser", { chatId: "abc", address: BOB }],
    ];
    for (const [operationId, body] of refused) {
      const answer = await exchange(operationId, { ...json(body), documented: false });
      expect(answer.status, `${operationId} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});

/** The one multipart route, and the media route that answers bytes: recorded by hand, with the bytes left out. */
async function uploadMedia(): Promise<Json> {
  const form = new FormData();
  form.append("media", new Blob([PNG], { type: "image/png" }), "badge.png");
  const response = await fetch(`${service.baseUrl}/api/v1/nft/uploadMedia`, { method: "POST", headers: { authorization: `Bearer ${service.adminToken}` }, body: form });
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(validator.response("uploadMedia", 200, body)).toEqual([]);
  recorded.uploadMedia = { response: { status: 200, body } };
  const name = `${crypto.createHash("sha256").update(PNG).digest("hex")}.png`;
  const served = await fetch(`${service.baseUrl}/media/${name}`);
  expect(served.status).toBe(200);
  recorded.getMedia = { request: { params: { name } } };
  return body;
}

/** This run's ports replaced by the default address and a user's receiver, so the examples read as a user's. */
function asExamples(walked: Record<string, OperationExample>): Record<string, OperationExample> {
  const sorted = Object.fromEntries(Object.entries(walked).sort(([a], [b]) => a.localeCompare(b)));
  const text = JSON.stringify(sorted)
    .replaceAll(receiver.url, EXAMPLE_WEBHOOK_URL)
    .replaceAll(service.runtime().publicUrl, EXAMPLE_BASE_URL)
    .replaceAll(service.baseUrl, EXAMPLE_BASE_URL);
  return JSON.parse(text) as Record<string, OperationExample>;
}

describe("the document's examples (server/http/openapi/examples.json)", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat("binary", true);
  ajv.addFormat("date-time", true);

  /** A schema of the document with its components, so that its $refs resolve. */
  const validate = (schema: Json, value: unknown): string[] => {
    const check = ajv.compile({ ...schema, components: document.components });
    return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };

  it("gives every operation an example request and a JSON response example, each valid against its schema", () => {
    const examples = JSON.parse(fs.readFileSync(EXAMPLES_FILE, "utf8")) as Record<string, OperationExample>;
    expect(Object.keys(examples).sort(), "examples of operations that no longer exist").toEqual([...operations.keys()].sort());
    const withRecorded = withExamples(structuredClone(document), examples);
    // Just recorded, the file is newer than what the running service loaded; otherwise the service serves exactly it.
    if (process.env.TOKENHUB_RECORD_EXAMPLES !== "1") expect(withRecorded).toEqual(document);
    const problems: string[] = [];
    for (const [route, methods] of Object.entries(withRecorded.paths as Json)) {
      for (const [method, operation] of Object.entries(methods as Json)) problems.push(...problemsOf(`${method.toUpperCase()} ${route}`, operation));
    }
    expect(problems).toEqual([]);
  });

  function problemsOf(name: string, operation: Json): string[] {
    const operationId = `${operation.operationId} (${name})`;
    const problems: string[] = [];
    const jsonBody = operation.requestBody?.content?.["application/json"];
    const parameters = (operation.parameters ?? []) as Json[];
    const request = jsonBody?.example ?? parameters.find((parameter) => parameter.example !== undefined);
    if (request === undefined && (jsonBody || parameters.some((parameter) => parameter.in !== "header"))) problems.push(`${operationId}: no request example`);
    // POST /api/holders' body is optional: its example sends the parameters in the query.
    if (jsonBody && (jsonBody.example !== undefined || operation.requestBody.required)) problems.push(...validate(jsonBody.schema, jsonBody.example).map((problem) => `${operationId} request body: ${problem}`));
    for (const parameter of parameters) {
      if (parameter.example === undefined) continue;
      problems.push(...validate(parameter.schema, parameter.example).map((problem) => `${operationId} ${parameter.name}: ${problem}`));
    }
    const success = operation.responses["200"].content;
    const json = success?.["application/json"];
    if (json && json.example === undefined) problems.push(`${operationId}: no response example`);
    if (json) problems.push(...validate(json.schema, json.example).map((problem) => `${operationId} response: ${problem}`));
    return problems;
  }
});
