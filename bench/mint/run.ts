/**
 * Mint benchmark: ERC-721 mints accepted per second through the API and request latency at concurrency 1, 50 and
 * 200 against the embedded anvil (automine), and, in the same run, anvil's own rate of accepting pre-signed raw
 * transactions from one sender: the ratio of the two is the figure. Also the service's peak memory (PSS of the
 * whole process tree).
 *
 *   npm run bench:mint [-- --requests 2000]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createPublicClient, http, parseEther, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { DEFAULT_ANVIL_MNEMONIC } from "../../src/chain/anvil.js";
import { readRuntimeConfig } from "../../src/config/runtime.js";
import { treeMemoryMiB } from "../lib/processTreeMemory.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({ options: { requests: { type: "string", default: "2000" } } });
const requestsPerLevel = Number(values.requests);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function mintLoad(collection: string, concurrency: number, total: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const started = performance.now();
        const response = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955" });
        latencies.push(performance.now() - started);
        if (response.status !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

/** anvil's ceiling for one sender: pre-signed transfers sent in nonce order, 50 to a JSON-RPC batch. */
async function rawAcceptRate(rpcUrl: string, total: number): Promise<number> {
  const account = mnemonicToAccount(DEFAULT_ANVIL_MNEMONIC, { addressIndex: 9 });
  const client = createPublicClient({ transport: http(rpcUrl) });
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
  const fees = await client.estimateFeesPerGas();
  const signed: Hex[] = [];
  for (let index = 0; index < total; index++) {
    signed.push(
      await account.signTransaction({
        chainId: 31337,
        type: "eip1559",
        nonce: nonce + index,
        to: account.address,
        value: parseEther("0.000001"),
        gas: 21_000n,
        maxFeePerGas: fees.maxFeePerGas * 4n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }),
    );
  }
  const began = performance.now();
  for (let index = 0; index < signed.length; index += 50) {
    const batch = signed.slice(index, index + 50).map((raw, offset) => ({ jsonrpc: "2.0", id: index + offset, method: "eth_sendRawTransaction", params: [raw] }));
    const response = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batch) });
    const results = (await response.json()) as { error?: unknown }[];
    if (results.some((result) => result.error)) throw new Error(`anvil refused a raw transaction: ${JSON.stringify(results.find((result) => result.error))}`);
  }
  return total / ((performance.now() - began) / 1000);
}

const service = await startBenchService("mint");
const { post, dataDir } = service;
let peakMiB = 0;
const sampler = setInterval(() => {
  const total = [...treeMemoryMiB(service.child.pid!).values()].reduce((sum, value) => sum + value, 0);
  peakMiB = Math.max(peakMiB, total);
}, 2_000);
try {
  const created = await post("/api/v1/erc721/create", { chainId: 31337, name: "Bench", symbol: "BNCH" });
  if (created.status !== 200) throw new Error(`creating the collection failed: ${JSON.stringify(created.body)}`);
  const collection = created.body.contractAddress as string;
  await mintLoad(collection, 20, 200);

  const rows: string[] = [];
  for (const concurrency of [1, 50, 200]) {
    const total = concurrency === 1 ? Math.min(300, requestsPerLevel) : requestsPerLevel;
    const result = await mintLoad(collection, concurrency, total);
    rows.push(
      `| ${concurrency} | ${total} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} ms | ${result.p99.toFixed(1)} ms | ${result.failures} |`,
    );
    console.log(`concurrency ${concurrency}: ${result.perSecond.toFixed(0)} mints/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, failures ${result.failures}`);
  }
  const rpcUrl = readRuntimeConfig(path.join(dataDir, "runtime.json")).chains[0]!.rpcUrl[0]!;
  const raw = await rawAcceptRate(rpcUrl, requestsPerLevel);
  console.log(`anvil raw accept rate (one sender, pre-signed): ${raw.toFixed(0)} tx/s`);
  console.log("\n| concurrency | requests | mints accepted/s | p50 | p99 | failures |\n| --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  console.log(`\nanvil raw: ${raw.toFixed(0)} tx/s; peak memory (PSS, whole tree): ${peakMiB.toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  await service.destroy();
}
