import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Address, Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, createCollectionOnChain, minedReceipt } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";
import { createIndexData, type IndexData, indexReads, NOT_INDEX_READS } from "./indexReads.js";

/**
 * Acceptance 3 of issue 17: while a client reads every read route of the existing chain once a second from the API
 * replicas, the indexer is restarted with a chain added, then with another index version (the fingerprint of the
 * indexing code): no answer but 200 with the same body; the added chain answers NOT_READY with its progress, then its
 * data; the build that answered before is dropped; the existing chain is indexed again from Ponder's RPC cache.
 */
const A = 31337;
const B = 31338;

let anvilA: AnvilInstance;
let anvilB: AnvilInstance;
let relayA: Relay;
let gateB: Relay;
let indexer: TestService;
let replicaA: TestService;
let replicaAB: TestService | undefined;
let pool: pg.Pool;
let shared: string;
let data: IndexData;
let nftB: Address;
/** The last block holding the existing chain's tokens: a rebuild must not ask the RPC for logs up to it. */
let dataBlock: number;
let replicaEnv: NodeJS.ProcessEnv;
/** When chain A's first build had indexed its tokens. */
let firstBuildEnded: number;

type Relay = { url: string; logRanges: { fromBlock: number; at: number }[]; holding: boolean; release(): void; stop(): Promise<void> };

/**
 * A JSON-RPC relay that records where each eth_getLogs starts and, while `holding`, holds those calls back (a chain
 * whose backfill cannot finish until the test says so).
 */
function startRelay(target: string): Promise<Relay> {
  const held: (() => void)[] = [];
  const relay: Relay = {
    url: "",
    logRanges: [],
    holding: false,
    release() {
      relay.holding = false;
      for (const forward of held.splice(0)) forward();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        relay.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const calls = [JSON.parse(body) as { method: string; params?: { fromBlock?: Hex }[] }].flat();
      for (const call of calls) {
        const fromBlock = call.method === "eth_getLogs" ? call.params?.[0]?.fromBlock : undefined;
        if (fromBlock !== undefined) relay.logRanges.push({ fromBlock: Number(fromBlock), at: Date.now() });
      }
      const forward = () =>
        void fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
          .then(async (answer) => response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text()))
          .catch(() => response.destroy());
      if (relay.holding && calls.some((call) => call.method === "eth_getLogs")) held.push(forward);
      else forward();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(relay);
    }),
  );
}

type Answer = { status: number; body: unknown };

async function ask(service: TestService, route: string): Promise<Answer> {
  const [method, pathname, requestBody] = route.startsWith("POST ") ? ["POST", route.slice(5).split(" ")[0]!, route.slice(5).split(" ").slice(1).join(" ")] : ["GET", route, undefined];
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${indexer.adminToken}` },
    body: requestBody,
  }).catch((error: Error) => ({ status: 0, text: async () => error.message }));
  const text = await response.text();
  const body: unknown = text.startsWith("{") ? JSON.parse(text) : text;
  // A SQL answer's field descriptions name the table's oid, which is another in another build: its rows are the answer.
  if (pathname.startsWith("/sql/") && response.status === 200) return { status: response.status, body: (body as { rows: unknown }).rows };
  return { status: response.status, body };
}

const sql = (query: string) => `/sql/db?sql=${encodeURIComponent(JSON.stringify({ json: { sql: query, params: [] } }))}`;

/** Every read route of the existing chain A: each GET route of the OpenAPI document that reads the index, POST ones, GraphQL and SQL. */
function readRoutes(): string[] {
  return [
    ...Object.values(indexReads(data)).flat(),
    ...["/api/v1/holders", "/api/holders"].map((route) => `POST ${route} ${JSON.stringify({ chainId: A, contractAddresses: [data.nft, data.coin] })}`),
    `POST /graphql ${JSON.stringify({ query: `{ erc721Tokens(where: { chainId: ${A} }, orderBy: "tokenId") { items { contract tokenId owner } } }` })}`,
    sql(`SELECT token_id, owner FROM erc721_token WHERE chain_id = ${A} ORDER BY token_id`),
    sql(`SELECT contract, owner, balance FROM erc20_balance WHERE chain_id = ${A} ORDER BY owner`),
  ];
}

/**
 * Asks every route of every replica once a second, as a client would, and keeps each answer that is not the one
 * first seen (a 200 with the same body).
 */
async function pollWhile<T>(targets: { replica: TestService; routes: string[] }[], work: () => Promise<T>): Promise<{ result: T; rounds: number; wrong: string[] }> {
  const expected = new Map<string, Answer>();
  for (const { replica, routes } of targets) {
    for (const route of routes) {
      const answer = await ask(replica, route);
      expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBe(200);
      expected.set(`${replica.baseUrl} ${route}`, answer);
    }
  }
  const wrong: string[] = [];
  let rounds = 0;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const next = new Promise((resolve) => setTimeout(resolve, 1_000));
      await Promise.all(
        targets.flatMap(({ replica, routes }) =>
          routes.map(async (route) => {
            const answer = await ask(replica, route);
            const key = `${replica.baseUrl} ${route}`;
            if (JSON.stringify(answer) !== JSON.stringify(expected.get(key))) wrong.push(`${key} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
          }),
        ),
      );
      rounds++;
      await next;
    }
  })();
  try {
    return { result: await work(), rounds, wrong };
  } finally {
    polling = false;
    await poller;
  }
}

/** What chain A's RPC was asked for logs by the first build and by a rebuild (bench figures for the report). */
function logRebuildCalls(rebuild: string, restartedAt: number) {
  const during = relayA.logRanges.filter((range) => range.at >= restartedAt);
  const first = relayA.logRanges.filter((range) => range.at < firstBuildEnded);
  console.log(`${rebuild}: chain A's RPC got ${during.length} eth_getLogs, the lowest from block ${Math.min(...during.map((range) => range.fromBlock))} (its tokens up to block ${dataBlock}); the first build asked ${first.length}`);
}

async function schemaExists(name: string): Promise<boolean> {
  return (await pool.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [name])).rowCount === 1;
}

/** The build the index schema's views read. */
async function answeringBuild(): Promise<string> {
  const { rows } = await pool.query<{ definition: string }>("SELECT definition FROM pg_views WHERE schemaname = 'tokenhub_index' AND viewname = '_ponder_meta'");
  return /FROM (\w+)\._ponder_meta/.exec(rows[0]!.definition)![1]!;
}

async function restartIndexer(env: NodeJS.ProcessEnv): Promise<number> {
  Object.assign(indexer.env, env);
  await indexer.stop();
  const restartedAt = Date.now();
  await indexer.start();
  return restartedAt;
}

async function call(service: TestService, method: string, pathname: string, body: unknown) {
  const answer = await ask(service, method === "POST" ? `POST ${pathname} ${JSON.stringify(body)}` : pathname);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, unknown>;
}

function writeChains(file: string, chains: { id: number; name: string; rpcUrl: string }[]): string {
  fs.writeFileSync(file, JSON.stringify({ chains: chains.map((chain) => ({ ...chain, finality: 0 })) }));
  return file;
}

beforeAll(async () => {
  anvilA = await startAnvil({ chainId: A, quiet: true });
  const chainA = chainClient(anvilA.rpcUrl, A);
  await deployCore(chainA.client, chainA.accounts[0]!);
  const signerKey = generatePrivateKey();
  const { privateKeyToAccount } = await import("viem/accounts");
  await chainA.client.setBalance({ address: privateKeyToAccount(signerKey).address, value: 10n ** 22n });
  relayA = await startRelay(anvilA.rpcUrl);

  shared = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-zero-downtime-"));
  // The indexer reaches chain A through the recording relay; the replicas reach it directly.
  const indexerChains = writeChains(path.join(shared, "indexer-chains.json"), [{ id: A, name: "main", rpcUrl: relayA.url }]);
  // Pools smaller than the defaults (docs/deploy.md): at those, the indexer and two replicas polled on every read
  // route at once reach PostgreSQL's 100 connections, which this server shares with other tests.
  const connections = { TOKENHUB_INDEX_CONNECTIONS: "8", TOKENHUB_DB_CONNECTIONS: "4" };
  indexer = await startTestService({ external: true, args: ["--role", "indexer"], env: { TOKENHUB_CHAINS_FILE: indexerChains, ...connections } });
  const masterKeyFile = path.join(shared, "master.key");
  expect((await indexer.cli(["master-key", "generate", masterKeyFile])).code).toBe(0);
  replicaEnv = {
    ...connections,
    DATABASE_URL: indexer.env.DATABASE_URL,
    TOKENHUB_SIGNER_KEYS: signerKey,
    TOKENHUB_MASTER_KEY_FILE: masterKeyFile,
    TOKENHUB_ADMIN_TOKEN: indexer.adminToken,
  };
  const replicaChains = writeChains(path.join(shared, "replica-a-chains.json"), [{ id: A, name: "main", rpcUrl: anvilA.rpcUrl }]);
  replicaA = await startTestService({ args: ["--role", "api"], env: { ...replicaEnv, TOKENHUB_CHAINS_FILE: replicaChains } });
  pool = new pg.Pool({ connectionString: indexer.env.DATABASE_URL, max: 2 });
  pool.on("error", () => undefined);

  const created = await createIndexData(chainA, A, (pathname, body) => call(replicaA, "POST", pathname, body));
  data = created.data;
  for (const hash of created.hashes) dataBlock = Math.max(dataBlock ?? 0, Number((await minedReceipt(chainA, hash)).blockNumber));
  // Past Ponder's finality for this chain id (30 blocks): the data's blocks are in its RPC cache, final.
  await chainA.client.mine({ blocks: 64 });
  // Indexed, every part: five NFTs (two minted, one for each account, one by the permit), the permit redeemed, each
  // account's call; the relayed one is answered from the index then, the direct one only ever is.
  const [relayedCalls, directCalls] = indexReads(data)["/api/v1/accounts/calls"]!;
  await waitFor(
    async () => {
      const tokens = await ask(replicaA, sql(`SELECT count(*)::int AS n FROM erc721_token WHERE chain_id = ${A}`));
      const permit = await ask(replicaA, `/api/v1/permits/${data.redeemedPermit}`);
      const calls = [await ask(replicaA, relayedCalls!), await ask(replicaA, directCalls!)].map((answer) => (answer.body as { transactions?: { status: string }[] }).transactions);
      return (tokens.body as { n: number }[])[0]?.n === 5 && (permit.body as { status?: string }).status === "redeemed" && calls.every((list) => list?.length === 1 && list[0]!.status === "success");
    },
    { timeoutMs: 60_000, message: () => "chain A's data was never indexed" },
  );
  firstBuildEnded = Date.now();

  // Chain B: a collection with one token, on chain before tokenhub indexes it; its eth_getLogs wait for the test.
  anvilB = await startAnvil({ chainId: B, quiet: true });
  const chainB = chainClient(anvilB.rpcUrl, B);
  const { addresses } = await deployCore(chainB.client, chainB.accounts[0]!);
  nftB = (await createCollectionOnChain(chainB, addresses.tokenFactory, "erc721", { name: "Joined", symbol: "JND" })).address;
  await minedReceipt(
    chainB,
    await chainB.client.writeContract({ address: nftB, abi: tokenHubERC721Abi, functionName: "mintTo", args: [chainB.accounts[3]!.address, 1n], account: chainB.accounts[0]!, chain: chainB.client.chain }),
  );
  gateB = await startRelay(anvilB.rpcUrl);
}, 400_000);

afterAll(async () => {
  await pool?.end();
  await replicaAB?.destroy();
  await replicaA?.destroy();
  await indexer?.destroy();
  await relayA?.stop();
  await gateB?.stop();
  await anvilA?.stop();
  await anvilB?.stop();
  if (shared) fs.rmSync(shared, { recursive: true, force: true });
}, 120_000);

describe("zero-downtime rebuilds of the index (one indexer, API replicas)", { timeout: 600_000 }, () => {
  it("polls every GET route of the OpenAPI document that reads the index, and knows what each other one reads", async () => {
    const document = (await (await fetch(`${replicaA.baseUrl}/openapi.json`)).json()) as { paths: Record<string, { get?: unknown }> };
    const reads = Object.keys(document.paths).filter((template) => document.paths[template]!.get !== undefined);
    const known = [...Object.keys(indexReads(data)), ...Object.keys(NOT_INDEX_READS)];
    expect(reads.filter((template) => !known.includes(template)), "GET routes neither polled nor in NOT_INDEX_READS").toEqual([]);
    expect(known.filter((template) => !reads.includes(template)), "routes polled or excluded that the document does not have").toEqual([]);
  });

  it("a chain added: the existing chain answers throughout, the new one NOT_READY then its data, from the RPC cache, and the old build is dropped", async () => {
    const before = await answeringBuild();
    const chainsAB = [
      { id: A, name: "main", rpcUrl: anvilA.rpcUrl },
      { id: B, name: "joined", rpcUrl: gateB.url },
    ];
    // A replica that knows chain B already: the build that answers does not hold it.
    gateB.holding = true;
    replicaAB = await startTestService({ args: ["--role", "api"], env: { ...replicaEnv, TOKENHUB_CHAINS_FILE: writeChains(path.join(shared, "replica-ab-chains.json"), chainsAB) } });
    const tokensB = `/api/v1/erc721/tokens?chainId=${B}&contractAddress=${nftB}`;
    expect(await ask(replicaAB, tokensB)).toMatchObject({ status: 503, body: { success: false, code: "NOT_READY", error: expect.stringMatching(/joined \(31338\) not started/) } });

    const targets = [replicaA, replicaAB].map((replica) => ({ replica, routes: readRoutes() }));
    const { result: restartedAt, rounds, wrong } = await pollWhile(targets, async () => {
      const indexerChains = writeChains(path.join(shared, "indexer-chains.json"), [{ ...chainsAB[0]!, rpcUrl: relayA.url }, chainsAB[1]!]);
      const restarted = await restartIndexer({ TOKENHUB_CHAINS_FILE: indexerChains });
      await waitFor(() => indexer.output().includes(`${before} answers until it is done`), { timeoutMs: 60_000 });
      // Chain B's backfill waits for the gate: B is not ready, with the progress of the build under way.
      await waitFor(() => gateB.logRanges.length > 0, { timeoutMs: 60_000, message: () => indexer.output().slice(-3000) });
      expect(await ask(replicaAB!, tokensB)).toMatchObject({
        status: 503,
        body: { code: "NOT_READY", error: expect.stringMatching(/^The index is still catching up with the chain: joined \(31338\) (not started|at block \d+ of \d+ \(\d+ %\))\./) },
      });
      gateB.release();
      await waitFor(async () => (await ask(replicaAB!, tokensB)).status === 200, { timeoutMs: 120_000, message: () => indexer.output().slice(-3000) });
      await waitFor(() => indexer.output().includes(`dropped ${before}`), { timeoutMs: 60_000, message: () => indexer.output().slice(-3000) });
      return restarted;
    });
    expect(wrong).toEqual([]);
    expect(rounds).toBeGreaterThan(5);

    const tokens = (await ask(replicaAB, tokensB)).body as { tokens: { tokenId: string; ownerAddress: string }[] };
    expect(tokens.tokens.map((token) => [token.tokenId, token.ownerAddress.toLowerCase()])).toEqual([["1", chainClient(anvilB.rpcUrl, B).accounts[3]!.address.toLowerCase()]]);
    const after = await answeringBuild();
    expect(after).not.toBe(before);
    expect(await schemaExists(before)).toBe(false);
    // Chain A was indexed again from Ponder's RPC cache: no eth_getLogs reached its RPC for the blocks that hold its tokens.
    expect(relayA.logRanges.filter((range) => range.at >= restartedAt && range.fromBlock <= dataBlock)).toEqual([]);
    logRebuildCalls("chain added", restartedAt);
  });

  it("the indexing code's fingerprint changed (TOKENHUB_INDEX_VERSION): both chains answer throughout, the existing ones indexed again from the RPC cache, and the old build is dropped", async () => {
    const before = await answeringBuild();
    // Chain B is an existing chain now: its reads must answer throughout too.
    const routesB = [`/api/v1/erc721/tokens?chainId=${B}&contractAddress=${nftB}`, sql(`SELECT token_id, owner FROM erc721_token WHERE chain_id = ${B}`)];
    const targets = [
      { replica: replicaA, routes: readRoutes() },
      { replica: replicaAB!, routes: [...readRoutes(), ...routesB] },
    ];
    const { result: restartedAt, rounds, wrong } = await pollWhile(targets, async () => {
      const restarted = await restartIndexer({ TOKENHUB_INDEX_VERSION: "2" });
      await waitFor(() => indexer.output().includes(`dropped ${before}`), { timeoutMs: 120_000, message: () => indexer.output().slice(-3000) });
      return restarted;
    });
    expect(wrong).toEqual([]);
    expect(rounds).toBeGreaterThan(3);
    expect(await answeringBuild()).not.toBe(before);
    expect(await schemaExists(before)).toBe(false);
    expect(relayA.logRanges.filter((range) => range.at >= restartedAt && range.fromBlock <= dataBlock)).toEqual([]);
    logRebuildCalls("fingerprint changed", restartedAt);
    expect((await ask(replicaAB!, `/api/v1/erc721/tokens?chainId=${B}&contractAddress=${nftB}`)).status).toBe(200);
  });
});
