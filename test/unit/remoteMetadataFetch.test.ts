import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemoteMetadata, type RemoteFetchLimits } from "../../src/services/remoteMetadataFetch.js";

/** A real HTTP server playing every kind of metadata host: good, slow, huge, broken, looping. */
let server: http.Server;
let base: string;
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/ok.json") return response.end(JSON.stringify({ name: "Fine", image: "ipfs://image" }));
    if (path === "/ipfs/bafyroot/7") return response.end(JSON.stringify({ name: "From IPFS" }));
    if (path === "/hang") {
      hanging.add(response);
      return;
    }
    if (path === "/big-declared") {
      response.writeHead(200, { "content-length": String(5 * 1024 * 1024) });
      return response.end(Buffer.alloc(5 * 1024 * 1024, 32));
    }
    if (path === "/big-chunked") {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 32);
      for (let i = 0; i < 80; i += 1) response.write(chunk);
      return response.end();
    }
    if (path === "/invalid") return response.end("{ name: 'not json'");
    if (path === "/array") return response.end("[1, 2]");
    if (path === "/loop") {
      response.writeHead(302, { location: "/loop" });
      return response.end();
    }
    if (path === "/hop") {
      response.writeHead(301, { location: "/ok.json" });
      return response.end();
    }
    response.writeHead(500);
    response.end("boom");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = (overrides: Partial<RemoteFetchLimits> = {}): RemoteFetchLimits => ({
  timeoutMs: 1000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  ipfsGateway: `${base}/ipfs/`,
  allowPrivateAddresses: true,
  ...overrides,
});

describe("fetching remote token metadata", () => {
  it("reads http(s), ipfs:// through the gateway, and data: URIs (base64 and percent-encoded)", async () => {
    expect(await fetchRemoteMetadata(`${base}/ok.json`, limits())).toEqual({ name: "Fine", image: "ipfs://image" });
    expect(await fetchRemoteMetadata("ipfs://bafyroot/7", limits())).toEqual({ name: "From IPFS" });
    expect(await fetchRemoteMetadata("ipfs://ipfs/bafyroot/7", limits())).toEqual({ name: "From IPFS" });
    const json = JSON.stringify({ name: "On chain", attributes: [{ trait_type: "Eyes", value: "blue" }] });
    expect(await fetchRemoteMetadata(`data:application/json;base64,${Buffer.from(json).toString("base64")}`, limits())).toEqual(JSON.parse(json));
    expect(await fetchRemoteMetadata(`data:application/json,${encodeURIComponent(json)}`, limits())).toEqual(JSON.parse(json));
    expect(await fetchRemoteMetadata(`${base}/hop`, limits())).toEqual({ name: "Fine", image: "ipfs://image" });
  });

  it("gives up on a server that never answers at the deadline", async () => {
    await expect(fetchRemoteMetadata(`${base}/hang`, limits({ timeoutMs: 300 }))).rejects.toThrow("timed out after 300 ms");
  });

  it("stops reading past the byte limit, whether the size is declared or streamed", async () => {
    await expect(fetchRemoteMetadata(`${base}/big-declared`, limits())).rejects.toThrow("larger than 1048576 bytes (Content-Length 5242880)");
    await expect(fetchRemoteMetadata(`${base}/big-chunked`, limits())).rejects.toThrow("larger than 1048576 bytes");
    const big = Buffer.alloc(2048, 32).toString("base64");
    await expect(fetchRemoteMetadata(`data:application/json;base64,${big}`, limits({ maxBytes: 1024 }))).rejects.toThrow("larger than 1024 bytes");
  });

  it("names what is wrong with broken answers", async () => {
    await expect(fetchRemoteMetadata(`${base}/invalid`, limits())).rejects.toThrow("not valid JSON");
    await expect(fetchRemoteMetadata(`${base}/array`, limits())).rejects.toThrow("not a JSON object");
    await expect(fetchRemoteMetadata(`${base}/loop`, limits())).rejects.toThrow("more than 5 redirects (last to /loop)");
    await expect(fetchRemoteMetadata(`${base}/missing`, limits())).rejects.toThrow(/^HTTP 500 from 127\.0\.0\.1:\d+$/);
    await expect(fetchRemoteMetadata("ftp://example.com/1.json", limits())).rejects.toThrow("unsupported URI scheme: ftp:");
    await expect(fetchRemoteMetadata("data:image/png;base64,AAAA", limits())).rejects.toThrow("data: URI of type image/png, not JSON");
    await expect(fetchRemoteMetadata("   ", limits())).rejects.toThrow("the contract returned an empty URI");
  });

  it("refuses private and loopback addresses unless allowed", async () => {
    await expect(fetchRemoteMetadata(`${base}/ok.json`, limits({ allowPrivateAddresses: false }))).rejects.toThrow(
      "127.0.0.1 is a private address; refused",
    );
    await expect(fetchRemoteMetadata("http://169.254.169.254/latest/meta-data", limits({ allowPrivateAddresses: false }))).rejects.toThrow(
      "169.254.169.254 is a private address; refused",
    );
    await expect(fetchRemoteMetadata("http://[::1]:9/x", limits({ allowPrivateAddresses: false }))).rejects.toThrow("::1 is a private address; refused");
    await expect(fetchRemoteMetadata("http://localhost:9/x", limits({ allowPrivateAddresses: false }))).rejects.toThrow(
      /localhost resolves to a private address \((127\.0\.0\.1|::1)\); refused/,
    );
  });
});
