import { spawnSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { applyHttpServerDefaults, KEEP_ALIVE_MS } from "../../server/indexer/httpServerDefaults.js";

/** More connections than Node's default backlog (511) lets the kernel hold for a busy server. */
const BURST = 1_000;

/**
 * Opens BURST connections to the port from another process, while this one's event loop (and so its server) is
 * blocked: the kernel alone completes handshakes, up to the listening socket's backlog. How many connected in a second.
 */
function connectedWhileBusy(port: number): number {
  const child = spawnSync(
    process.execPath,
    [
      "-e",
      `const net = require("node:net");
      let connected = 0;
      for (let i = 0; i < ${BURST}; i++) net.connect(${port}, "127.0.0.1").on("connect", () => connected++).on("error", () => {});
      setTimeout(() => { process.stdout.write(String(connected)); process.exit(0); }, 1_000);`,
    ],
    { encoding: "utf8", timeout: 30_000 },
  );
  return Number(child.stdout);
}

const servers: http.Server[] = [];
const stops: Array<() => void> = [];

async function listening(): Promise<http.Server> {
  const server = http.createServer((_request, response) => response.end());
  servers.push(server);
  // As Ponder's server (through @hono/node-server): a port and a host, no backlog.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the HTTP server's defaults", () => {
  it("the kernel holds a burst of 1,000 connections for a server whose event loop is busy, where Node's own default holds 512", async () => {
    const plain = await listening();
    expect(connectedWhileBusy((plain.address() as AddressInfo).port)).toBe(512);

    stops.push(applyHttpServerDefaults());
    const tuned = await listening();
    expect(connectedWhileBusy((tuned.address() as AddressInfo).port)).toBe(BURST);
  });

  it("keeps idle connections 65 s, and waits for headers a second longer", async () => {
    stops.push(applyHttpServerDefaults());
    const server = await listening();
    expect([server.keepAliveTimeout, server.headersTimeout]).toEqual([KEEP_ALIVE_MS, KEEP_ALIVE_MS + 1_000]);
  });

  it("leaves servers alone once stopped", async () => {
    applyHttpServerDefaults()();
    const server = await listening();
    expect(server.keepAliveTimeout).toBe(5_000);
  });
});
