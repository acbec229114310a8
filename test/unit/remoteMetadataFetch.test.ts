import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemoteMetadata, type RemoteFetchLimits } from "../../server/services/metadata/remoteMetadataFetch.js";
import { specialUseRange } from "../../server/services/metadata/specialUseAddresses.js";

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
      "127.0.0.1 is a special-use address (loopback); refused",
    );
    await expect(fetchRemoteMetadata("http://169.254.169.254/latest/meta-data", limits({ allowPrivateAddresses: false }))).rejects.toThrow(
      "169.254.169.254 is a special-use address (linkLocal); refused",
    );
    await expect(fetchRemoteMetadata("http://[::1]:9/x", limits({ allowPrivateAddresses: false }))).rejects.toThrow("::1 is a special-use address (loopback); refused");
    await expect(fetchRemoteMetadata("http://localhost:9/x", limits({ allowPrivateAddresses: false }))).rejects.toThrow(
      /localhost resolves to a special-use address \(loopback\): (127\.0\.0\.1|::1); refused/,
    );
  });

  it("classifies every special-use range as such, IPv4-mapped addresses by their IPv4 address", () => {
    const special: [string, string][] = [
      ["0.0.0.0", "unspecified"],
      ["10.1.2.3", "private"],
      ["100.64.0.1", "carrierGradeNat"],
      ["127.0.0.1", "loopback"],
      ["169.254.169.254", "linkLocal"],
      ["172.16.0.1", "private"],
      ["192.0.0.8", "reserved"],
      ["192.0.2.1", "reserved"],
      ["192.168.1.1", "private"],
      ["198.18.0.1", "reserved"],
      ["198.19.255.254", "reserved"],
      ["198.51.100.1", "reserved"],
      ["203.0.113.1", "reserved"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["240.0.0.1", "reserved"],
      ["255.255.255.255", "broadcast"],
      ["::", "unspecified"],
      ["::1", "loopback"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:198.18.0.1", "reserved"],
      ["64:ff9b::1.2.3.4", "rfc6052"],
      ["64:ff9b::a9fe:a9fe", "rfc6052"],
      ["100::1", "discard"],
      ["2001::1", "teredo"],
      ["2001:db8::1", "reserved"],
      ["2002:a9fe:a9fe::1", "6to4"],
      ["fc00::1", "uniqueLocal"],
      ["fd12:3456::1", "uniqueLocal"],
      ["fe80::1", "linkLocal"],
      ["ff02::1", "multicast"],
    ];
    for (const [address, range] of special) expect([address, specialUseRange(address)]).toEqual([address, range]);
    for (const address of ["8.8.8.8", "1.1.1.1", "198.20.0.1", "2606:4700::1111", "::ffff:8.8.8.8"]) expect([address, specialUseRange(address)]).toEqual([address, undefined]);
  });

  it("refuses a URI naming a special-use address of the ranges the old list missed", async () => {
    for (const address of ["198.18.0.1", "192.0.0.1", "192.0.2.1", "224.0.0.1", "240.0.0.1", "[64:ff9b::7f00:1]"]) {
      await expect(fetchRemoteMetadata(`http://${address}/x`, limits({ allowPrivateAddresses: false }))).rejects.toThrow(/is a special-use address \(\w+\); refused$/);
    }
  });
});
