import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRpcClient } from "../../server/chain/transactions/rpc.js";
import { freePort } from "../../server/ports.js";
import { createLogger } from "../../server/logger.js";

/** The pipeline's RPC client reports each try that got no usable answer, by kind (tokenhub_rpc_errors_total). */

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === "/slow") return; // never answers: the client's timeout ends it
    const status = Number(request.url!.slice(1));
    response.writeHead(status, { "content-type": "application/json" }).end(status === 200 ? "not json" : "{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("rpc error kinds", () => {
  it("names each failed try: refused connection, timeout, rate limit, 4xx, 5xx, an answer that is not JSON-RPC", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    for (const [url, kind] of [
      [closed, "connection"],
      [`${base}/slow`, "timeout"],
      [`${base}/429`, "rate_limited"],
      [`${base}/404`, "http_4xx"],
      [`${base}/503`, "http_5xx"],
      [`${base}/200`, "bad_response"],
    ] as const) {
      const kinds: string[] = [];
      const rpc = createRpcClient({
        urls: [url],
        // Long enough that a refused connection is refused, not timed out, on a loaded machine; short for the slow one.
        timeoutMs: 1_000,
        retry: { count: 1, baseDelayMs: 1, maxDelayMs: 1 },
        maxBatchSize: 10,
        logger: createLogger({ level: "error" }),
        onTransportError: (reported) => kinds.push(reported),
      });
      await expect(rpc.call("eth_chainId")).rejects.toThrow("The chain's RPC did not answer after 2 attempts");
      expect([url, kinds]).toEqual([url, [kind, kind]]);
    }
  });
});
