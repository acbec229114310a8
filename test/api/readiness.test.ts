import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryAbi, tokenFactoryBytecode } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../src/chain/anvil.js";
import { deployCore } from "../../src/chain/deployCore.js";
import { chainClient, createCollectionOnChain, minedReceipt } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * A second chain whose RPC holds every eth_getLogs call until the test lets it go: its backfill cannot finish, so the
 * index is not ready, and queries must say so (503 NOT_READY with the progress) instead of answering partially.
 */
let service: TestService;
let second: AnvilInstance;
let gate: http.Server;
let holding = true;
const held: (() => void)[] = [];
let localCollection: Address;

function startGate(target: string): Promise<string> {
  gate = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const forward = () =>
        void fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
          .then(async (answer) => {
            response.writeHead(answer.status, { "content-type": "application/json" });
            response.end(await answer.text());
          })
          .catch(() => response.destroy());
      if (holding && body.includes('"eth_getLogs"')) held.push(forward);
      else forward();
    });
  });
  return new Promise((resolve) => gate.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(gate.address() as AddressInfo).port}`)));
}

async function get(route: string, token?: string) {
  const response = await fetch(`${service.baseUrl}${route}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  service = await startTestService();
  const created = await fetch(`${service.baseUrl}/api/v1/erc721/create`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify({ chainId: 31337, name: "Local", symbol: "LOC" }),
  });
  localCollection = ((await created.json()) as { contractAddress: Address }).contractAddress;

  second = await startAnvil({ chainId: 31338, quiet: true });
  const other = chainClient(second.rpcUrl, 31338);
  const [deployer] = other.accounts;
  const { addresses } = await deployCore(other.client, deployer!);
  const factory = await minedReceipt(
    other,
    await other.client.deployContract({
      abi: tokenFactoryAbi,
      bytecode: tokenFactoryBytecode,
      args: [addresses.erc20Implementation, addresses.erc721Implementation, addresses.erc1155Implementation],
      account: deployer!,
      chain: other.client.chain,
    }),
  );
  const { address: external } = await createCollectionOnChain(other, factory.contractAddress!, "erc721", { name: "Far", symbol: "FAR" });
  const gatedRpc = await startGate(second.rpcUrl);

  const chainsFile = path.join(service.dataDir, "chains.json");
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: 31338, name: "second", rpcUrl: gatedRpc, contracts: [{ address: external, kind: "erc721" }] }] }),
  );
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  await service.start();
});

afterAll(async () => {
  holding = false;
  for (const release of held.splice(0)) release();
  await service?.destroy();
  gate?.closeAllConnections();
  await new Promise((resolve) => gate?.close(resolve));
  await second?.stop();
});

describe("readiness while a chain backfills", () => {
  it("answers 503 NOT_READY with the progress on every index query, and answers once the backfill is done", async () => {
    await waitFor(() => (held.length > 0 ? true : undefined), { timeoutMs: 30_000 });
    expect((await fetch(`${service.baseUrl}/ready`)).status).toBe(503);

    const routes = [
      `/api/v1/erc721/tokens?chainId=31337&contractAddress=${localCollection}`,
      `/api/v1/erc721/owners?chainId=31337&contractAddress=${localCollection}`,
      `/api/v1/holders?contractAddresses=${localCollection}`,
      `/api/v1/nft/metadata?chainId=31337&contractAddress=${localCollection}&tokenId=1`,
    ];
    for (const route of routes) {
      const answer = await get(route, service.adminToken);
      expect(answer.status, route).toBe(503);
      expect(answer.retryAfter).toBe("5");
      expect(answer.body).toEqual({
        success: false,
        code: "NOT_READY",
        error: expect.stringMatching(
          /^The index is still catching up with the chain: local \(31337\) at block \d+ of \d+ \(\d+ %\); second \(31338\) (not started|at block \d+ of \d+ \(\d+ %\))\. Queries answer once every chain is backfilled; try again shortly\.$/,
        ),
      });
    }
    expect((await get(`/metadata/31337/${localCollection}`)).status).toBe(503);
    // Authentication is still checked first, and writes and the app store's own reads are not held back.
    expect((await get(routes[0]!)).status).toBe(401);
    expect((await get("/api/v1/collections?chainId=31337", service.adminToken)).status).toBe(200);

    holding = false;
    for (const release of held.splice(0)) release();
    await waitFor(async () => (await fetch(`${service.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000 });
    // The local chain's newest blocks follow through live sync, which start-up wakes once the backfill is done.
    const answer = await waitFor(
      async () => {
        const response = await get(routes[0]!, service.adminToken);
        return response.status === 200 ? response : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(answer.body).toEqual({ success: true, tokens: [], page: 0, nextPage: null });
    expect(service.output()).toContain("still backfilling: index queries answer 503 NOT_READY (with the progress) until it completes");
  });
});
