import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { freePort } from "../../server/ports.js";
import { chainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
let service: TestService;

async function call(current: TestService, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${current.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${current.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function mintLands(current: TestService, collection: Address, recipient: Address): Promise<void> {
  const minted = await call(current, "POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: recipient });
  expect(minted.status).toBe(200);
  await waitFor(async () => (await call(current, "GET", `/api/v1/transactions/${minted.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 20_000 });
}

/** The service's processes but PostgreSQL's backends, which come and go with its connections. */
function mainProcesses(current: TestService): number[] {
  return current.processes().filter((pid) => {
    try {
      return !fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("postgres: ");
    } catch {
      return false;
    }
  });
}

async function expectNothingLeftRunning(current: TestService): Promise<void> {
  await waitFor(() => current.processes().length === 0, { timeoutMs: 10_000, message: () => `still running: ${current.processes().join(", ")}` });
}

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.destroy();
});

describe("one owner per data directory", { timeout: 180_000 }, () => {
  it("refuses a second start on the same data directory at once, and the first keeps answering and minting", async () => {
    const created = await call(service, "POST", "/api/v1/erc721/create", { chainId: 31337, name: "Owned", symbol: "OWN" });
    expect(created.status).toBe(200);
    const collection = created.body.contractAddress as Address;
    await waitFor(async () => (await call(service, "GET", `/api/v1/transactions/${created.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 20_000 });
    const before = mainProcesses(service);

    const second = await service.cli(["start"]);
    expect(second.code).toBe(2);
    expect(second.stderr).toBe(
      `tokenhub: tokenhub is already running on this data directory (pid ${service.pid()}, ${service.env.PUBLIC_URL ?? `http://localhost:${service.env.PORT}`}); stop it first, or use another TOKENHUB_DATA_DIR.\n`,
    );
    // Nothing of the running one was touched: the same processes, and it still mints.
    expect(mainProcesses(service)).toEqual(before);
    const recipient = "0x00000000000000000000000000000000000a11ce";
    await mintLands(service, collection, recipient);
    const chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient] })).toBe(1n);
  });

  it("refuses a second indexer on the same index schema of an external database", async () => {
    if (!process.env.DATABASE_URL) return;
    const external = await startTestService({ external: true });
    try {
      const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-second-"));
      const second = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const run = spawn(process.execPath, [path.join(ROOT, "bin", "tokenhub.mjs"), "start"], {
          cwd: ROOT,
          env: { ...external.env, TOKENHUB_DATA_DIR: otherDataDir, PORT: "0" },
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        run.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        run.once("exit", (code) => resolve({ code, stderr }));
      });
      fs.rmSync(otherDataDir, { recursive: true, force: true });
      expect(second.code).toBe(2);
      expect(second.stderr).toMatch(
        new RegExp(`tokenhub is already running on index schema tokenhub_index of this database \\(pid ${external.pid()} on .+, http://localhost:${external.env.PORT}\\)`),
      );
      expect((await fetch(`${external.baseUrl}/ready`)).status).toBe(200);
    } finally {
      await external.destroy();
    }
  });
});

describe("no process outlives the service", { timeout: 180_000 }, () => {
  it("stops what it started when Ctrl-C comes during start-up", async () => {
    await service.stop();
    await service.start({ until: /indexer\s+starting Ponder/ });
    service.signal("SIGINT", "group");
    expect(await service.exited()).toBe(0);
    expect(service.output()).toMatch(/tokenhub stopped before it was up\n$/);
    await expectNothingLeftRunning(service);
    expect(fs.existsSync(path.join(service.dataDir, "tokenhub.lock"))).toBe(false);
  });

  it("leaves nothing running when the supervisor is killed with SIGKILL, and the next start takes its lock over", async () => {
    await service.start();
    const killed = service.pid();
    await service.kill();
    await expectNothingLeftRunning(service);
    const mark = service.output().length;
    await service.start();
    expect(service.output().slice(mark)).toContain(`lock      took the data directory over from pid ${killed}, which is gone`);
    expect((await call(service, "GET", "/api/v1/collections?chainId=31337")).status).toBe(200);
  });

  it("stops in order when its output pipe closes while it stops", async () => {
    service.signal("SIGTERM", "supervisor");
    service.closeOutput();
    await service.exited();
    await expectNothingLeftRunning(service);
    expect(fs.existsSync(path.join(service.dataDir, "tokenhub.lock"))).toBe(false);
  });

  it("stops in order when its output pipe closes while it runs", async () => {
    await service.start();
    service.closeOutput();
    // The closed pipe shows at the next write: a request's access log line.
    await call(service, "GET", "/api/v1/collections?chainId=31337");
    expect(await service.exited()).toBe(0);
    await expectNothingLeftRunning(service);
    const mark = service.output().length;
    await service.start();
    // A clean stop: the next start found nothing to take over or stop.
    expect(service.output().slice(mark)).not.toMatch(/took the data directory over|left running/);
  });
});

describe("the admin token", { timeout: 180_000 }, () => {
  it("is accepted the moment /health first answers 200 on a first start", async () => {
    const port = await freePort();
    const adminToken = `thk_test_${crypto.randomBytes(24).toString("base64url")}`;
    let firstHealthy: { status: number; body: Record<string, unknown> } | undefined;
    const polling = (async () => {
      for (;;) {
        const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) {
          const response = await fetch(`http://127.0.0.1:${port}/api/v1/collections?chainId=31337`, { headers: { authorization: `Bearer ${adminToken}` } });
          firstHealthy = { status: response.status, body: (await response.json()) as Record<string, unknown> };
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const fresh = await startTestService({ env: { PORT: String(port), TOKENHUB_ADMIN_TOKEN: adminToken, TOKENHUB_LOG_FORMAT: "json" } });
    try {
      await polling;
      expect(firstHealthy).toMatchObject({ status: 200, body: { success: true } });
      // TOKENHUB_LOG_FORMAT=json: every line is one JSON object, the supervisor's, the API's and Ponder's alike.
      const lines = fresh.output().trimEnd().split("\n");
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const components = new Set(lines.map((line) => (JSON.parse(line) as { component?: string }).component ?? "ponder"));
      expect([...components]).toEqual(expect.arrayContaining(["database", "indexer", "api", "ponder", "tokenhub"]));
    } finally {
      await fresh.destroy();
    }
  });
});
