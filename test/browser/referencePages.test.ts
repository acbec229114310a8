import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * The reference pages as a person uses them, in Debian's Chromium on a page that can reach nothing but the service:
 * GET /docs (Swagger UI) shows every operation and webhook of /openapi.json (a webhook with its recorded example) and
 * sends a mint with a pasted token; GET /graphql (GraphiQL) runs a query with the token in its header editor. Every
 * request to another host is aborted and recorded, and none may be attempted: the pages' files all come from
 * tokenhub. A failed test leaves a screenshot in test-results/browser/.
 */

const CHROMIUM = "/usr/bin/chromium";
const installed = fs.existsSync(CHROMIUM);
if (!installed) {
  console.warn(`test/browser/referencePages.test.ts skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it).`);
}

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SCREENSHOTS = path.join(ROOT, "test-results", "browser");
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const RECIPIENT = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");

let service: SharedService;
let chain: ChainClient;
let browser: Browser;
/** A token with the read and mint scopes, as a person would create one and paste it into the pages. */
let token: string;
let collection: Address;
let opened: { context: BrowserContext; page: Page; outside: string[] } | undefined;

/** A page of a fresh browser context in which every request to a host other than this machine is aborted and recorded. */
async function openPage(): Promise<{ page: Page; outside: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Within the test's own timeout (PAGE_TEST_MS), so that a page that never renders fails with the step that waited,
  // and a screenshot. Not a measure of the pages' speed: the /docs test took 6.5 s in all with the file alone, and
  // /docs had not rendered its operations after 15 s in a full run (load 7 on 2 cores, Chromium drawing in software
  // beside three services).
  context.setDefaultTimeout(45_000);
  const outside: string[] = [];
  const local = (url: string) => LOCAL_HOSTS.has(new URL(url).hostname);
  await context.route("**/*", (route) => {
    if (local(route.request().url())) return route.continue();
    outside.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  await context.routeWebSocket(/.*/, (socket) => {
    if (local(socket.url())) return socket.connectToServer();
    outside.push(socket.url());
    return socket.close();
  });
  const page = await context.newPage();
  opened = { context, page, outside };
  return { page, outside };
}

/** The text of one of GraphiQL's editors (CodeMirror 5, which draws only the lines in view). */
function contentOf(editor: Locator): Promise<string> {
  return editor.locator(".CodeMirror").evaluate((element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue());
}

function operationsOf(section: Record<string, Record<string, unknown>> | undefined): string[] {
  return Object.entries(section ?? {})
    .flatMap(([where, item]) => Object.keys(item).filter((method) => HTTP_METHODS.includes(method)).map((method) => `${method.toUpperCase()} ${where}`))
    .sort();
}

async function post(pathname: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** A GET sent with its path exactly as written (fetch would resolve `..` and `%2e%2e` before sending). */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(service.baseUrl);
    http
      .get({ hostname, port, path: pathname }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  const created = await service.cli(["token", "create", "--project", service.projectName, "--scopes", "read,mint"]);
  token = created.stdout.trim().split("\n").at(-1)!.trim();
  collection = (await post("/api/v1/erc721/create", { chainId: 31337, name: "Reference", symbol: "REF" })).contractAddress as Address;
});

afterAll(async () => {
  await service?.release();
});

describe("the pages' files", () => {
  it("are each a route of one file of an installed package, with its content type, cached for good, gzipped when asked for; no other path is", async () => {
    const files: string[] = [];
    for (const page of ["/docs", "/graphql"]) {
      const response = await fetch(`${service.baseUrl}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      expect(html).not.toMatch(/(src|href)="https?:/);
      files.push(...[...html.matchAll(/(?:src|href)="\.(\/assets\/[^"]+)"/g)].map((match) => match[1]!));
    }
    expect(files).toHaveLength(6);
    for (const file of files) {
      const [, name, version, inPackage] = /^\/assets\/(.+?)@([^/]+)\/(.+)$/.exec(file)!;
      const packageDir = path.join(ROOT, "node_modules", name!);
      expect(JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")).version).toBe(version);
      const content = fs.readFileSync(path.join(packageDir, inPackage!));
      for (const encoding of ["identity", "gzip"]) {
        const response = await fetch(`${service.baseUrl}${file}`, { headers: { "accept-encoding": encoding } });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(file.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
        // fetch decompresses a gzipped body: both are the package's file.
        expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
      }
    }
    const directory = files[0]!.slice(0, files[0]!.lastIndexOf("/"));
    for (const probe of [`${directory}/package.json`, `${directory}/../react/package.json`, `${directory}/%2e%2e/%2e%2e/package.json`, `${directory}/..%2f..%2fpackage.json`, `${files[0]}.map`, "/assets/"]) {
      const answer = await rawGet(probe);
      expect(answer.status, probe).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
  });
});

/** A browser test's budget: three of its steps' timeouts. */
const PAGE_TEST_MS = 135_000;

describe.skipIf(!installed)("the reference pages in Chromium, offline", { timeout: PAGE_TEST_MS }, () => {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Playwright gives every launch a fresh, temporary profile (user data directory).
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  });

  afterEach(async ({ task }) => {
    if (!opened) return;
    if (task.result?.state === "fail") {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await opened.page.screenshot({ path: path.join(SCREENSHOTS, `${task.name.replace(/[^a-z0-9]+/gi, "-")}.png`), fullPage: true }).catch(() => undefined);
    }
    await opened.context.close();
    opened = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("/docs shows every operation and webhook of /openapi.json, and a webhook's recorded example", async () => {
    const document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    const operations = operationsOf(document.paths);
    const webhooks = operationsOf(document.webhooks);
    expect(operations.length).toBeGreaterThan(40);
    const { page, outside } = await openPage();
    await page.goto(`${service.baseUrl}/docs`, { waitUntil: "networkidle" });
    expect(outside).toEqual([]);
    await page.locator(".opblock").first().waitFor();
    const rendered = await page.locator(".opblock").evaluateAll((blocks) =>
      blocks.map((block) => ({
        webhook: block.closest(".webhooks") !== null,
        operation: `${block.querySelector(".opblock-summary-method")?.textContent} ${block.querySelector(".opblock-summary-path")?.getAttribute("data-path")}`,
      })),
    );
    // An operation with several tags is shown under each.
    expect([...new Set(rendered.filter((block) => !block.webhook).map((block) => block.operation))].sort()).toEqual(operations);
    expect([...new Set(rendered.filter((block) => block.webhook).map((block) => block.operation))].sort()).toEqual(webhooks);

    // A webhook, opened, shows the delivery recorded for it (server/http/openapi/webhookExamples.json) as its body's example.
    const example = document.webhooks["/mint.confirmed"].post.requestBody.content["application/json"].example;
    const webhook = page.locator(".webhooks .opblock", { has: page.locator('.opblock-summary-path[data-path="/mint.confirmed"]') });
    await webhook.locator(".opblock-summary").click();
    await waitFor(async () => (await webhook.locator(".opblock-body").textContent())?.includes(`"${example.id}"`), {
      timeoutMs: 45_000,
      message: () => `the opened mint.confirmed webhook does not show its example ${example.id}`,
    });
    expect(outside).toEqual([]);
  });

  it("/docs sends a mint with a pasted token (Authorize, Try it out, Execute): 200, and the token is on chain", async () => {
    const { page, outside } = await openPage();
    await page.goto(`${service.baseUrl}/docs`, { waitUntil: "networkidle" });
    expect(outside).toEqual([]);
    await page.locator(".auth-wrapper button.authorize").click();
    const dialog = page.locator(".modal-ux");
    await dialog.locator("input").fill(token);
    await dialog.locator("button", { hasText: /^Authorize$/ }).click();
    await dialog.locator("button", { hasText: /^Logout$/ }).waitFor();
    await dialog.locator("button", { hasText: /^Close$/ }).click();

    const mint = page.locator(".opblock", { has: page.locator('.opblock-summary-path[data-path="/api/v1/erc721/mint"]') });
    await mint.locator(".opblock-summary-control").click();
    await mint.getByRole("button", { name: "Try it out" }).click();
    await mint.locator("textarea.body-param__text").fill(JSON.stringify({ chainId: 31337, contractAddress: collection, recipientAddress: RECIPIENT }));
    const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/erc721/mint");
    await mint.getByRole("button", { name: "Execute" }).click();
    expect((await sent).headers().authorization).toBe(`Bearer ${token}`);

    const answer = mint.locator(".live-responses-table tbody .response");
    await expect.poll(() => answer.locator(".response-col_status").innerText(), { timeout: 30_000 }).toBe("200");
    const body = JSON.parse(await answer.locator(".highlight-code code").first().innerText()) as { success: boolean; transactionHash: Hex };
    expect(body).toMatchObject({ success: true, transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

    const receipt = await chain.client.waitForTransactionReceipt({ hash: body.transactionHash, pollingInterval: 50, timeout: 60_000 });
    expect(receipt.status).toBe("success");
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })).toBe(RECIPIENT);
    expect(outside).toEqual([]);
  });

  it("/graphql is GraphiQL: a query with the token pasted into its header editor shows the index's answer", async () => {
    const query = "{ collections { items { address name symbol } } }";
    // What the index answers once it has the collection: the page must show the same.
    const expected = await waitFor(async () => {
      const response = await fetch(`${service.baseUrl}/graphql`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
      const answer = (await response.json()) as { data?: { collections: { items: { address: string }[] } } };
      return answer.data?.collections.items.some((item) => getAddress(item.address) === collection) ? answer : undefined;
    }, { timeoutMs: 30_000 });

    const { page, outside } = await openPage();
    const queriesSent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/graphql") queriesSent.push(request.postData() ?? "");
    });
    await page.goto(`${service.baseUrl}/graphql`, { waitUntil: "networkidle" });
    expect(outside).toEqual([]);
    const headers = page.locator(".graphiql-editor-tool .graphiql-editor").filter({ visible: true });
    await expect.poll(() => contentOf(headers)).toBe(JSON.stringify({ Authorization: "Bearer <paste token>" }, null, 2));
    const shown = page.locator(".graphiql-response");
    // Before the user did anything: no query sent with the placeholder token, so no 401 in the result pane.
    expect(queriesSent).toEqual([]);
    expect(await contentOf(shown)).toBe("");
    await headers.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText(JSON.stringify({ Authorization: `Bearer ${token}` }));
    await page.locator(".graphiql-query-editor .CodeMirror").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText(query);
    const sent = page.waitForRequest((request) => request.method() === "POST" && request.postDataJSON()?.query === query);
    await page.locator(".graphiql-execute-button").click();
    expect((await sent).headers().authorization).toBe(`Bearer ${token}`);

    await expect.poll(() => contentOf(shown), { timeout: 30_000 }).toContain('"data"');
    expect(JSON.parse(await contentOf(shown))).toEqual(expected);
    expect(outside).toEqual([]);
  });
});
