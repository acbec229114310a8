import fs from "node:fs";
import path from "node:path";
import { type Address, getAddress, type Hex, keccak256, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { DEFAULT_RPC_LIMITS } from "../../server/chain/chainsConfig.js";
import { startLimitingProxy, type LimitingProxy } from "../helpers/limitingProxy.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Issue 26, acceptance 2 (the provider's budget): a chain as a hosted RPC serves it (2 s blocks, eth_getLogs over
 * 2,000 blocks refused with Alchemy's words, more than 50 calls a second answered 429, each call of a batch counted),
 * finality 3 confirmations, the chain's provider limits at the defaults a hosted chain gets. 1,000 mints at 100 clients: every
 * one reported final within 60 s of the last answer, on chain exactly once.
 */
const CHAIN_ID = 84532;
const MINTS = 1_000;
const CLIENTS = 100;
/** The defaults a hosted chain gets, written out: the proxy stands for a provider, but it runs on this machine. */
const HOSTED_DEFAULTS = { ...DEFAULT_RPC_LIMITS };
let service: TestService;
let node: AnvilInstance;
let proxy: LimitingProxy;
let chain: ChainClient;
const signerKey = generatePrivateKey();

const recipient = (index: number): Address => getAddress(keccak256(toHex(`hosted-${index}`)).slice(0, 42));

async function post(route: string, body: unknown) {
  const response = await fetch(`${service.baseUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function transaction(hash: Hex) {
  const response = await fetch(`${service.baseUrl}/api/v1/transactions/${hash}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return (await response.json()) as { status?: string; finalized?: boolean; confirmations?: number };
}

/** The service's own record of its transactions on the chain: how many, and how many are final. */
async function finality(): Promise<{ total: number; final: number }> {
  const [row] = await queryDatabase<{ total: string; final: string }>(
    service.databaseUrl(),
    `SELECT count(*) AS total, count(*) FILTER (WHERE final) AS final FROM ${service.runtime().appSchema}.transactions WHERE chain_id = $1`,
    [CHAIN_ID],
  );
  return { total: Number(row!.total), final: Number(row!.final) };
}

beforeAll(async () => {
  node = await startAnvil({ chainId: CHAIN_ID, blockTime: 2, quiet: true });
  chain = chainClient(node.rpcUrl, CHAIN_ID);
  await deployCore(chain.client, chain.accounts[0]!);
  await chain.client.setBalance({ address: privateKeyToAccount(signerKey).address, value: 10n ** 21n });
  proxy = await startLimitingProxy(node.rpcUrl, { maxGetLogsBlocks: 2_000, callsPerSecond: 50 });
  service = await startTestService({ env: { TOKENHUB_SIGNER_KEYS_84532: signerKey } });
  const chainsFile = path.join(service.dataDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: CHAIN_ID, name: "hosted", rpcUrl: proxy.url, finality: 3, ...HOSTED_DEFAULTS }] }));
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  await service.start();
  await waitFor(async () => (await fetch(`${service.baseUrl}/ready`)).status === 200, { timeoutMs: 120_000 });
}, 300_000);

afterAll(async () => {
  await service?.destroy();
  await proxy?.stop();
  await node?.stop();
});

describe("a hosted chain's budget", () => {
  it("reports 1,000 mints at 100 clients final within 60 s of the last answer, each on chain once", { timeout: 600_000 }, async () => {
    const created = await post("/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Hosted", symbol: "HST" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const collection = created.body.contractAddress as Address;
    const rateLimitedBefore = proxy.refused.rateLimited;

    const answers: { status: number; body: Record<string, unknown> }[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < MINTS) {
          const index = next++;
          answers[index] = await post("/api/v1/erc721/mint", { chainId: CHAIN_ID, contractAddress: collection, recipientAddress: recipient(index) });
        }
      }),
    );
    const lastAnswer = Date.now();
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    const hashes = [...new Set(answers.map((answer) => answer.body.transactionHash as Hex))];

    // The receipt pass alone takes them to final: the test reads the service's records, asking the RPC nothing.
    await waitFor(
      async () => {
        const { total, final } = await finality();
        return total > 0 && total === final;
      },
      { timeoutMs: 60_000, intervalMs: 250, message: () => "mints not all final 60 s after the last answer" },
    );
    const allFinal = Date.now();
    for (const hash of hashes) expect(await transaction(hash)).toMatchObject({ status: "success", finalized: true });

    const balances = await Promise.all(
      Array.from({ length: MINTS }, (_, index) =>
        chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient(index)] }),
      ),
    );
    expect(balances.every((balance) => balance === 1n)).toBe(true);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(BigInt(MINTS));
    const rateLimited = proxy.refused.rateLimited - rateLimitedBefore;
    console.log(
      `hosted chain: ${MINTS} mints at ${CLIENTS} clients answered in ${((lastAnswer - started) / 1000).toFixed(1)} s in ${hashes.length} transactions; ` +
        `all final ${((allFinal - lastAnswer) / 1000).toFixed(1)} s after the last answer; the proxy answered ${rateLimited} calls 429 ` +
        `(${proxy.refused.range} eth_getLogs refused for their range, widest forwarded ${proxy.widestGetLogs} blocks); calls forwarded: ${JSON.stringify(Object.fromEntries(proxy.forwarded))}`,
    );
    expect(proxy.widestGetLogs).toBeLessThanOrEqual(2_000);
    // The indexer's and the service's budgets together stay under the provider's 50 calls a second.
    expect(rateLimited).toBe(0);
  });
});
