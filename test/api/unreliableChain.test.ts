import fs from "node:fs";
import path from "node:path";
import { type Address, getAddress, type Hex, keccak256, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { type RpcProxy, startRpcProxy } from "../chain/rpcProxy.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * The whole service (HTTP, pipeline, indexer) on a chain that misbehaves: an RPC proxy that fails, resets, loses the
 * answer of or stalls a fifth of calls; a node that drops a sent transaction from its pool; a base fee that rises over
 * what a transaction offers. Every mint the API accepted lands exactly once, nothing refused lands, no nonce is
 * skipped or reused.
 */
let service: TestService;
let second: AnvilInstance;
let proxy: RpcProxy;
let chain: ChainClient;
const signerKey = generatePrivateKey();
const signer = privateKeyToAccount(signerKey);

const recipient = (index: number): Address => getAddress(keccak256(toHex(`rpc-faults-${index}`)).slice(0, 42));

async function transaction(hash: Hex) {
  const response = await fetch(`${service.baseUrl}/api/v1/transactions/${hash}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return (await response.json()) as { status?: string; transactionHash?: string; previousHashes?: string[] };
}

/** The /metrics series named `name`, as `labels -> value`, the labels as printed. */
async function scrape(name: string): Promise<Map<string, number>> {
  const response = await fetch(`${service.baseUrl}/metrics`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  expect(response.status).toBe(200);
  const series = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] === name) series.set(match[2]!, Number(match[3]));
  }
  return series;
}

async function post(route: string, body: unknown) {
  const response = await fetch(`${service.baseUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  second = await startAnvil({ chainId: 31338, quiet: true });
  chain = chainClient(second.rpcUrl, 31338);
  const [funder] = chain.accounts;
  await deployCore(chain.client, funder!);
  await chain.client.setBalance({ address: signer.address, value: 10n ** 21n });
  proxy = await startRpcProxy(second.rpcUrl, { seed: 20261121, delayMs: [50, 400] });

  service = await startTestService({
    env: {
      TOKENHUB_SIGNER_KEYS_31338: signerKey,
      TOKENHUB_TX_RPC_TIMEOUT_MS: "2000",
      TOKENHUB_TX_RESUBMIT_AFTER_MS: "4000",
    },
  });
  const chainsFile = path.join(service.dataDir, "chains.json");
  // Faults, not a budget, are what this proxy imposes: the chain's calls a second are not what holds the mints up.
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: 31338, name: "faulty", rpcUrl: proxy.url, requestsPerSecond: 1_000 }] }));
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  await service.start();
  await waitFor(async () => (await fetch(`${service.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000 });
});

afterAll(async () => {
  await service?.destroy();
  await proxy?.stop();
  await second?.stop();
});

describe("mints through an unreliable RPC", () => {
  it("lands every accepted mint exactly once when a fifth of RPC calls fail, reset, lose their answer or stall", async () => {
    const created = await post("/api/v1/erc721/create", { chainId: 31338, name: "Sturdy", symbol: "STD" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const collection = created.body.contractAddress as Address;
    const startNonce = await chain.client.getTransactionCount({ address: signer.address });

    proxy.setFaultRate(0.2);
    const count = 120;
    const answers: { status: number; body: Record<string, unknown> }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) {
          const index = next++;
          answers[index] = await post("/api/v1/erc721/mint", { chainId: 31338, contractAddress: collection, recipientAddress: recipient(index) });
        }
      }),
    );
    const accepted = answers.flatMap((answer, index) => (answer.status === 200 ? [{ index, hash: answer.body.transactionHash as Hex }] : []));
    const refused = answers.filter((answer) => answer.status !== 200);
    // Retries absorb most faults; a refusal must be the typed 503 that says the chain is unavailable.
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [503, "CHAIN_UNAVAILABLE"]));
    expect(accepted.length).toBeGreaterThan(count * 0.8);

    await waitFor(
      async () => {
        const statuses = await Promise.all(
          accepted.map(async ({ hash }) => (await transaction(hash)).status),
        );
        return statuses.every((status) => status === "success");
      },
      { timeoutMs: 90_000, intervalMs: 500, message: () => "accepted mints not all mined" },
    );
    const faults = { ...proxy.stats };
    proxy.setFaultRate(0);

    const acceptedIndexes = new Set(accepted.map(({ index }) => index));
    const balances = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient(index)] }),
      ),
    );
    expect(balances.map((balance, index) => [index, balance])).toEqual(balances.map((_, index) => [index, acceptedIndexes.has(index) ? 1n : 0n]));
    // One nonce per transaction the accepted mints were sent in (mints arriving together share one): none reused, none
    // spent otherwise (a refused request allocates none, so there is no gap to fill).
    expect(await chain.client.getTransactionCount({ address: signer.address })).toBe(startNonce + new Set(accepted.map(({ hash }) => hash)).size);
    for (const fault of ["error-503", "error-429", "reset", "answer-lost", "delay"] as const) expect(faults[fault], fault).toBeGreaterThan(0);

    // The pipeline's RPC errors by kind: each fault it met is one try counted under its kind (a 503, a 429, a connection
    // cut before or after the node answered), on the faulty chain only. The proxy also served Ponder and the service's
    // reads, so its counts bound the pipeline's from above. Which calls meet a fault depends on timing, so a kind the
    // pipeline happened not to meet may be absent (test/unit/rpcErrorKinds.test.ts names every kind); some must be there.
    const errors = await scrape("tokenhub_rpc_errors_total");
    const faulty = (kind: string) => errors.get(`chain_id="31338",kind="${kind}"`) ?? 0;
    const kinds = ["connection", "http_5xx", "rate_limited"];
    expect([...errors.keys()].filter((labels) => !kinds.some((kind) => labels === `chain_id="31338",kind="${kind}"`))).toEqual([]);
    expect(kinds.reduce((sum, kind) => sum + faulty(kind), 0)).toBeGreaterThan(0);
    expect(faulty("http_5xx")).toBeLessThanOrEqual(faults["error-503"]);
    expect(faulty("rate_limited")).toBeLessThanOrEqual(faults["error-429"]);
    expect(faulty("connection")).toBeLessThanOrEqual(faults.reset + faults["answer-lost"]);
  });

  it("rebroadcasts a mint the node dropped from its pool, and replaces one priced out by the base fee with a fee bump", async () => {
    const created = await post("/api/v1/erc721/create", { chainId: 31338, name: "Patient", symbol: "PAT" });
    const collection = created.body.contractAddress as Address;
    const supply = () => chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
    const rpc = (method: string, params: unknown[]) => chain.client.request({ method: method as never, params: params as never });
    const mint = async (index: number) => {
      const answer = await post("/api/v1/erc721/mint", { chainId: 31338, contractAddress: collection, recipientAddress: recipient(1000 + index) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.transactionHash as Hex;
    };

    await chain.client.setAutomine(false);
    try {
      const dropped = await mint(1);
      await rpc("anvil_dropTransaction", [dropped]);
      expect(await rpc("eth_getTransactionByHash", [dropped])).toBeNull();
      await chain.client.setAutomine(true);
      await waitFor(async () => (await transaction(dropped)).status === "success", { timeoutMs: 60_000, intervalMs: 250, message: () => "dropped mint never landed" });
      // Rebroadcast as it was, or (if the resubmit time came first) replaced by a fee bump: either way found by its
      // first hash and minted once.
      const landed = await transaction(dropped);
      expect(landed.status).toBe("success");
      expect([landed.transactionHash, ...landed.previousHashes!]).toContain(dropped);
      expect(await supply()).toBe(1n);

      await chain.client.setAutomine(false);
      const priced = await mint(2);
      const first = await chain.client.getTransaction({ hash: priced });
      await chain.client.setNextBlockBaseFeePerGas({ baseFeePerGas: first.maxFeePerGas! * 4n });
      await chain.client.mine({ blocks: 1 });
      const bumped = await waitFor(
        async () => {
          const record = await transaction(priced);
          return (record.previousHashes?.length ?? 0) > 0 ? record : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 250, message: () => "no fee bump" },
      );
      expect(bumped.previousHashes).toEqual([priced]);
      const replacement = await chain.client.getTransaction({ hash: bumped.transactionHash as Hex });
      expect(replacement.nonce).toBe(first.nonce);
      expect(replacement.maxFeePerGas!).toBeGreaterThan(first.maxFeePerGas! * 4n);
      await chain.client.setAutomine(true);
      await chain.client.mine({ blocks: 1 });
      await waitFor(async () => (await transaction(priced)).status === "success", { timeoutMs: 30_000, intervalMs: 250 });
      expect(await supply()).toBe(2n);
    } finally {
      await chain.client.setAutomine(true);
    }
  });
});
