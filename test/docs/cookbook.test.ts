import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhookReceiver.js";
import { type Fence, fencesOf } from "./markdown.js";

/**
 * Issue 28, acceptance 1: docs/cookbook.md (and the README's first mint and query) cannot drift from the service. Its
 * blocks run in order, as a reader pastes them: the `sh` blocks in one bash (so a variable set in one is there for the
 * next), the `ts` blocks with tsx, against a real service on a real chain (`<!-- run: no -->` under a block leaves out
 * what cannot run there, such as `npm install`). Each answer is held to the `json` block shown under its request: the
 * same keys at every depth, the same array lengths, and the same values except Unix times, those the page shows with
 * `…` and those a `<!-- vary: key ... -->` marker names. `<!-- keep: NAME=field.path -->` sets a shell variable from
 * the answer, as the page's text tells its reader to. Every operation of the served /openapi.json must be sent by one
 * of the page's curl commands. With TOKENHUB_RECORD_COOKBOOK=1 the json blocks are rewritten from this run's answers
 * instead (run-dependent values abbreviated with `…`).
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const COOKBOOK = path.join(ROOT, "docs", "cookbook.md");
const RECORD = process.env.TOKENHUB_RECORD_COOKBOOK === "1";
/** What the page says instead of this run's addresses and secrets. */
const PAGE_BASE_URL = "http://localhost:42069";
const PAGE_TOKEN = "thk_…";
const PAGE_WEBHOOK_URL = "https://app.example.com/hooks/tokenhub";
/** Addresses the page names itself (the recipients, the canonical ERC-6551 registry): shown in full. */
const PAGE_ADDRESSES = new Set(["0x976EA74026E726554dB657fA54763abd0C3a0aa9", "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"].map((address) => getAddress(address).toLowerCase()));

/** Unix times, shown as numbers: compared as present, not by value. */
const TIMES = ["ownerSince", "timestamp"];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let service: TestService;
let receiver: WebhookReceiver;
let shell: Shell;
let workDir: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  service = await startTestService({ env: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true" } });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-cookbook-"));
  // The page's TypeScript imports viem as a reader's project would: from a node_modules beside it.
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(workDir, "node_modules"));
  shell = new Shell(workDir, { RPC_URL: service.runtime().chains[0]!.rpcUrl[0]! });
});

afterAll(async () => {
  shell?.close();
  await service?.destroy();
  await receiver?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe("docs/cookbook.md and the README, run against a real service", () => {
  it("answers every request of the cookbook as it shows, and sends every operation of the document", async () => {
    const fences = await walk("docs/cookbook.md");
    expect(fences.filter((fence) => fence.language === "sh" || fence.language === "ts").length).toBeGreaterThan(50);
    expect(await operationsNotRequested(fences), "operations of /openapi.json that no block of the page requests").toEqual([]);
  }, 300_000);

  it("answers the README's first mint and first query as it shows", async () => {
    await walk("README.md");
  }, 120_000);
});

/** Runs a page's blocks in order, holding each answer to the json block under its request (or, recording, writing it). */
async function walk(page: string): Promise<Fence[]> {
  const file = path.join(ROOT, page);
  const markdown = fs.readFileSync(file, "utf8");
  const fences = fencesOf(markdown);
  const recorded = new Map<Fence, Json>();
  for (const [index, fence] of fences.entries()) {
    if ((fence.language !== "sh" && fence.language !== "ts") || fence.markers.run === "no") continue;
    const where = `${page}:${fence.start + 1}`;
    const output = fence.language === "sh" ? await shell.run(forThisRun(fence.text), where) : await shell.runTypeScript(forThisRun(fence.text), where);
    if (fence.language === "ts") {
      expect(output.trim(), `${where}: what the snippet's comment says it prints`).toBe(/\/\/ (.*)$/m.exec(fence.text.split("\n").at(-1)!)?.[1]);
      continue;
    }
    const shown = fences[index + 1]?.language === "json" ? fences[index + 1]! : undefined;
    if (!shown) continue;
    const answered = JSON.parse(output) as Json;
    for (const [name, field] of Object.entries(keptOf(shown))) shell.set(name, String(fieldOf(answered, field, where)));
    const answer = asOnThePage(answered);
    if (RECORD) recorded.set(shown, answer);
    else expect.soft(differences(JSON.parse(shown.text) as Json, answer, "", varyingOf(shown)), `${where}: the answer differs from the page's`).toEqual([]);
  }
  if (RECORD) fs.writeFileSync(file, withRecordedAnswers(markdown, recorded));
  return fences;
}

/** The operations of the served document that no curl command of the page sends (method and path). */
async function operationsNotRequested(fences: Fence[]): Promise<string[]> {
  const requested = fences
    .filter((fence) => fence.language === "sh")
    .flatMap((fence) => fence.text.replace(/\\\n/g, " ").split("\n"))
    .filter((command) => command.startsWith("curl "))
    .map((command) => {
      const method = /\s-X\s+(\w+)/.exec(command)?.[1] ?? (/\s-[dF]\s/.test(command) ? "POST" : "GET");
      return `${method} ${/http:\/\/localhost:42069(\/[^\s"'?]*)/.exec(command)?.[1] ?? ""}`;
    });
  const document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.keys(methods)
      .map((method) => `${method.toUpperCase()} ${route}`)
      .filter((operation) => {
        const pattern = new RegExp(`^${operation.replace(/\{\w+\}/g, "[^/]+")}$`);
        return !requested.some((request) => pattern.test(request));
      }),
  );
}

/** The page's placeholders replaced by this run's service, token and webhook receiver. */
function forThisRun(text: string): string {
  return text.replaceAll(PAGE_BASE_URL, service.baseUrl).replaceAll(PAGE_TOKEN, service.adminToken).replaceAll(PAGE_WEBHOOK_URL, receiver.url);
}

/** This run's URLs as the page writes them. */
function asOnThePage(answer: Json): Json {
  const text = JSON.stringify(answer)
    .replaceAll(receiver.url, PAGE_WEBHOOK_URL)
    .replaceAll(service.runtime().publicUrl, PAGE_BASE_URL)
    .replaceAll(service.baseUrl, PAGE_BASE_URL);
  return JSON.parse(text) as Json;
}

function keptOf(shown: Fence): Record<string, string> {
  const kept = shown.markers.keep;
  return kept ? Object.fromEntries(kept.split(/\s+/).map((pair) => pair.split("=") as [string, string])) : {};
}

function varyingOf(shown: Fence): Set<string> {
  return new Set([...TIMES, ...(shown.markers.vary?.split(/\s+/) ?? [])]);
}

function fieldOf(answer: Json, field: string, where: string): Json {
  const value = field.split(".").reduce<Json | undefined>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, Json>)[key] : undefined), answer);
  if (value === undefined || value === null) throw new Error(`${where}: the answer has no ${field} to keep: ${JSON.stringify(answer)}`);
  return value;
}

/** Where the answer departs from what the page shows, as `path: shown vs answered`. */
function differences(shown: Json, answer: Json, at: string, varying: Set<string>): string[] {
  const key = at.split(".").at(-1)!;
  if (varying.has(key.replace(/\[\d+\]$/, ""))) return [];
  if (typeof shown === "string" && shown.includes("…")) return answer === undefined ? [`${at}: missing`] : [];
  if (Array.isArray(shown)) {
    if (!Array.isArray(answer)) return [`${at}: shown a list, answered ${JSON.stringify(answer)}`];
    if (shown.length !== answer.length) return [`${at}: shown ${shown.length} items, answered ${answer.length}`];
    return shown.flatMap((item, index) => differences(item, answer[index]!, `${at}[${index}]`, varying));
  }
  if (shown !== null && typeof shown === "object") {
    if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return [`${at}: shown an object, answered ${JSON.stringify(answer)}`];
    const keys = [...new Set([...Object.keys(shown), ...Object.keys(answer)])].sort();
    return keys.flatMap((name) => {
      const inner = at ? `${at}.${name}` : name;
      if (!(name in shown)) return [`${inner}: answered but not shown`];
      if (!(name in answer)) return [`${inner}: shown but not answered`];
      return differences(shown[name]!, answer[name]!, inner, varying);
    });
  }
  return shown === answer ? [] : [`${at}: shown ${JSON.stringify(shown)}, answered ${JSON.stringify(answer)}`];
}

/** The page with each json block replaced by this run's answer, its run-dependent values abbreviated. */
function withRecordedAnswers(markdown: string, recorded: Map<Fence, Json>): string {
  const lines = markdown.split("\n");
  for (const [fence, answer] of [...recorded].sort(([a], [b]) => b.start - a.start)) {
    lines.splice(fence.start + 1, fence.end - fence.start - 1, ...formatted(abbreviated(answer)).split("\n"));
  }
  return lines.join("\n");
}

function abbreviated(value: Json): Json {
  if (typeof value === "string") {
    return value
      .replace(/0x[0-9a-fA-F]{41,}/g, "0x…")
      .replace(/0x[0-9a-fA-F]{40}/g, (address) => (PAGE_ADDRESSES.has(address.toLowerCase()) ? address : "0x…"))
      .replace(/\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "$1-…")
      .replace(/^(\d{4})-\d\d-\d\dT[\d:.]+Z$/, "$1-…")
      .replace(/^whsec_.+$/, "whsec_…");
  }
  if (Array.isArray(value)) return value.map(abbreviated);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, abbreviated(inner)]));
  return value;
}

/** JSON as the page shows it: a value on one line where it fits in 118 characters, else one member per line. */
function formatted(value: Json, indent = ""): string {
  const flat = oneLine(value);
  if (indent.length + flat.length <= 118 || value === null || typeof value !== "object") return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${formatted(item, inner)}`).join(",\n")}\n${indent}]`;
  return `{\n${Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatted(item, inner)}`).join(",\n")}\n${indent}}`;
}

function oneLine(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(", ")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`);
  return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
}

/**
 * One bash for the whole page, as a reader's terminal: variables persist from block to block. curl fails on an HTTP
 * error status, so a request the service refuses fails the test with its answer.
 */
class Shell {
  private readonly bash: ChildProcessWithoutNullStreams;
  private stdout = "";
  private stderr = "";
  private snippets = 0;

  constructor(
    private readonly cwd: string,
    env: Record<string, string>,
  ) {
    this.bash = spawn("bash", ["--norc", "--noprofile"], { cwd, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    this.bash.stdout.on("data", (chunk: Buffer) => (this.stdout += chunk.toString("utf8")));
    this.bash.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString("utf8")));
    // Every variable is exported, so the TypeScript blocks see them too; curl as a reader's, failing on 4xx and 5xx.
    this.bash.stdin.write(`set -a\ncurl() { command curl --fail-with-body -sS "$@" || { echo "curl failed: $*" >&2; __failed=1; }; }\n`);
  }

  set(name: string, value: string): void {
    this.bash.stdin.write(`${name}='${value.replaceAll("'", "'\\''")}'\n`);
  }

  /** Runs a block and answers what it printed; throws when one of its requests failed. */
  async run(script: string, where: string): Promise<string> {
    this.stdout = "";
    this.stderr = "";
    const end = `__block_done_${Date.now()}__`;
    this.bash.stdin.write(`__failed=0\n${script}\n__status=$?\necho; echo "${end} $__failed $__status"\n`);
    const deadline = Date.now() + 60_000;
    while (!this.stdout.includes(end)) {
      if (Date.now() > deadline) throw new Error(`${where}: no end after 60 s; printed ${this.stdout} ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [printed, tail] = this.stdout.split(end) as [string, string];
    const [failed, status] = tail.trim().split(" ");
    if (failed !== "0" || status !== "0") throw new Error(`${where}: the block failed (exit ${status}): ${printed}${this.stderr}`);
    return printed.trim();
  }

  async runTypeScript(source: string, where: string): Promise<string> {
    const file = path.join(this.cwd, `snippet-${++this.snippets}.mts`);
    fs.writeFileSync(file, source);
    return this.run(`command "${path.join(ROOT, "node_modules", ".bin", "tsx")}" "${file}"`, where);
  }

  close(): void {
    this.bash.stdin.end();
    this.bash.kill();
  }
}
