import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, createCollectionOnChain, deployTokenFactory } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * A chain added to the embedded default (`tokenhub start`), whose RPC holds every eth_getLogs call until the test lets
 * it go: its backfill cannot finish, so its queries must say so (503 NOT_READY with the progress) instead of answering
 * partially, while the existing chain answers from the index built before (issue 17, zero-downtime rebuilds).
 */
let service: TestService;
let second: AnvilInstance;
let gate: http.Server;
let holding = true;
const held: (() => void)[] = [];
let localCollection: Address;
let farCollection: Address;
/** The existing chain's tokens as the build before the chain was added answered them: one token, minted before. */
let localTokens: Record<string, unknown>;
const LOCAL_OWNER = "0x00000000000000000000000000000000000a11ce";

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
  // A token on the existing chain, so that its answer during the backfill is the build before's and not an empty one's.
  const minted = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify({ chainId: 31337, contractAddress: localCollection, recipientAddress: LOCAL_OWNER }),
  });
  expect(minted.status).toBe(200);
  localTokens = await waitFor(
    async () => {
      const answer = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${localCollection}`, service.adminToken);
      return answer.status === 200 && (answer.body.tokens as unknown[]).length === 1 ? answer.body : undefined;
    },
    { timeoutMs: 60_000, message: () => "the existing chain's token was never indexed" },
  );
  expect(localTokens.tokens).toMatchObject([{ tokenId: "1", ownerAddress: expect.stringMatching(new RegExp(`^${LOCAL_OWNER}$`, "i")) }]);

  second = await startAnvil({ chainId: 31338, quiet: true });
  const other = chainClient(second.rpcUrl, 31338);
  const [deployer] = other.accounts;
  const { addresses } = await deployCore(other.client, deployer!);
  const factory = await deployTokenFactory(other, addresses);
  const { address: external } = await createCollectionOnChain(other, factory, "erc721", { name: "Far", symbol: "FAR" });
  farCollection = external;
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
  it("answers 503 NOT_READY with the progress on the new chain's queries while the existing chain answers from the build before, and answers once the backfill is done", { timeout: 180_000 }, async () => {
    await waitFor(() => (held.length > 0 ? true : undefined), { timeoutMs: 30_000 });
    // The index built before the chain was added answers meanwhile (a zero-downtime rebuild): the service is ready.
    expect((await fetch(`${service.baseUrl}/ready`)).status).toBe(200);
    expect(service.output()).toMatch(/indexing code or indexed contracts changed: building the index in schema tokenhub_index_[0-9a-f]{8}; tokenhub_index_[0-9a-f]{8} answers until it is done/);

    const routes = [
      `/api/v1/erc721/tokens?chainId=31337&contractAddress=${localCollection}`,
      `/api/v1/erc721/owners?chainId=31337&contractAddress=${localCollection}`,
      `/api/v1/holders?chainId=31337&contractAddresses=${localCollection}`,
    ];
    for (const route of routes) expect((await get(route, service.adminToken)).status, route).toBe(200);
    expect((await get(routes[0]!, service.adminToken)).body).toEqual(localTokens);
    // Public metadata names its chain in the path, not the query: the existing chain's answers too.
    for (const route of [`/metadata/31337/${localCollection}`, `/metadata/31337/${localCollection}/1`]) expect((await get(route)).status, route).toBe(200);
    expect((await get(`/metadata/31338/${farCollection}`)).status).toBe(503);

    const far = `/api/v1/erc721/tokens?chainId=31338&contractAddress=${farCollection}`;
    const notReady = await get(far, service.adminToken);
    expect(notReady.status).toBe(503);
    expect(notReady.retryAfter).toBe("5");
    expect(notReady.body).toEqual({
      success: false,
      code: "NOT_READY",
      error: expect.stringMatching(
        /^The index is still catching up with the chain: second \(31338\) (not started|at block \d+ of \d+ \(\d+ %\))\. Queries answer once the chain is backfilled; try again shortly\.$/,
      ),
      // The same numbers, for a program (issue 25, Deliver 6).
      progress: [
        {
          chainId: 31338,
          name: "second",
          indexedBlock: expect.toSatisfy((block: unknown) => block === null || Number.isInteger(block)),
          headBlock: expect.toSatisfy((block: unknown) => block === null || Number.isInteger(block)),
          blocksDone: expect.any(Number),
          blocksTotal: expect.toSatisfy((total: unknown) => total === null || Number.isInteger(total)),
          percent: expect.toSatisfy((percent: unknown) => percent === null || typeof percent === "number"),
          eventsPerSecond: expect.toSatisfy((pace: unknown) => pace === null || typeof pace === "number"),
          secondsLeft: expect.toSatisfy((left: unknown) => left === null || typeof left === "number"),
        },
      ],
    });
    // The indexer logs each chain's progress at a steady pace while the build backfills.
    await waitFor(() => /build tokenhub_index_[0-9a-f]{8}, chain second \(31338\): \d+( of \d+)? blocks/.test(service.output()), { timeoutMs: 15_000 });
    // Holders of no chain in particular read every chain: not ready either.
    expect((await get(`/api/v1/holders?contractAddresses=${localCollection}`, service.adminToken)).status).toBe(503);
    // Authentication is still checked first, and writes and the app store's own reads are not held back.
    expect((await get(far)).status).toBe(401);
    expect((await get("/api/v1/collections?chainId=31337", service.adminToken)).status).toBe(200);

    holding = false;
    for (const release of held.splice(0)) release();
    // Until the new build answers, and when it does, the existing chain's token is listed.
    const answer = await waitFor(
      async () => {
        const [response, local] = await Promise.all([get(far, service.adminToken), get(routes[0]!, service.adminToken)]);
        expect(local.body).toEqual(localTokens);
        return response.status === 200 ? response : undefined;
      },
      { timeoutMs: 90_000 },
    );
    expect(answer.body).toEqual({ success: true, tokens: [], page: 0, nextPage: null, nextPageKey: null });
    expect((await get(routes[0]!, service.adminToken)).body).toEqual(localTokens);
    await waitFor(() => /the index answers from build tokenhub_index_[0-9a-f]{8} now; dropped tokenhub_index_[0-9a-f]{8}/.test(service.output()), { timeoutMs: 30_000 });
  });
});
