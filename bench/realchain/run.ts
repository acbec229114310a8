/**
 * A real chain's conditions, as issue 26 met them: an anvil that makes a block every 2 s under a 30M block gas limit
 * (not one block per transaction, as the embedded chain), with `--history` blocks behind it, served to tokenhub as a
 * remote chain with finality 3 confirmations through the limiting proxy of a hosted RPC (eth_getLogs over 2,000 blocks
 * refused with Alchemy's words, more than 50 calls a second answered 429, each call of a batch counted). The chains
 * file has no startBlock and the provider's 50 calls a second as requestsPerSecond (the other limits at the hosted
 * defaults). Sections, each printing its figures:
 *
 * - ready: the core contracts deployed by `tokenhub contract deploy --chain 84532` (on the data directory of a first
 *   `tokenhub start`, as a team does), then seconds from `tokenhub start` to "up" and to /ready answering 200;
 * - block space: `--mints` ERC-721 mints to new holders from `--clients` connections, more than the chain takes (about
 *   290 a second at ~50,000 gas a mint); per backlog block (one that left an already-sent transaction for later) the
 *   mints it carries over what its gas limit holds at the gas a mint costs in the fullest transaction;
 * - finality: seconds from each mint's answer to its transaction reported final by tokenhub (p50, p99);
 * - RPC: calls the proxy forwarded per mint, from the first mint until all are final, by method; the calls it answered
 *   429 (the service's budget lets a burst of 1.2 times its rate through) and whether every mint still ended final.
 *
 *   npm run bench:realchain [-- --mints 8000 --clients 1000 --history 1000]
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { type Address, type Hex, getAddress, numberToHex } from "viem";
import { DEFAULT_RPC_LIMITS } from "../../server/chain/chainsConfig.js";
import { backlogBlocks, measureBlockSpace, SENT_TRANSACTIONS_SQL, startTimedChain, TIMED_CHAIN_ID } from "../../test/chain/timedChain.js";
import { startLimitingProxy } from "../../test/helpers/limitingProxy.js";
import { startBenchService } from "../lib/service.js";
import { percentile } from "../lib/percentile.js";

const { values } = parseArgs({
  options: { mints: { type: "string", default: "8000" }, clients: { type: "string", default: "1000" }, history: { type: "string", default: "1000" } },
});
const mints = Number(values.mints);
const clients = Number(values.clients);
const history = Number(values.history);
const FINALITY = 3;
/** How long the mints may take to be final after the last answer before the run reports them missing. */
const FINAL_WITHIN_MS = 300_000;
const CLI = path.resolve(import.meta.dirname, "..", "..", "bin", "tokenhub.mjs");

const log = (line: string) => console.log(line);
const recipient = (index: number) => getAddress(numberToHex(0xb10c_0000_0000n + BigInt(index), { size: 20 }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sumOf = (counts: Map<string, number>) => [...counts.values()].reduce((sum, calls) => sum + calls, 0);

const BLOCK_TIME = 2;
const timed = await startTimedChain({ blockTime: BLOCK_TIME, gasLimit: 30_000_000, history, deployCore: false });
const proxy = await startLimitingProxy(timed.node.rpcUrl, { maxGetLogsBlocks: 2_000, callsPerSecond: 50 });
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-realchain-"));
const chainsFile = timed.writeChainsFile(directory, { finality: FINALITY, ...DEFAULT_RPC_LIMITS, requestsPerSecond: 50 }, proxy.url);
const env = { TOKENHUB_CHAINS_FILE: chainsFile, [`TOKENHUB_SIGNER_KEYS_${TIMED_CHAIN_ID}`]: timed.signerKey };

// A first start makes the data directory (with the local chain alone); the deployment is recorded in its database.
const first = await startBenchService("realchain");
await first.stop();
const deployed = await promisify(execFile)(process.execPath, [CLI, "contract", "deploy", "--chain", String(TIMED_CHAIN_ID)], {
  env: { PATH: process.env.PATH, HOME: process.env.HOME, TOKENHUB_DATA_DIR: first.dataDir, ...env },
});
const factoryBlock = /TokenFactory deployed in block (\d+)/.exec(deployed.stdout)?.[1];
const startedAt = performance.now();
const service = await startBenchService("realchain", env, [], first);
const upSeconds = (performance.now() - startedAt) / 1000;
while ((await fetch(`${service.base}/ready`)).status !== 200) await sleep(100);
const readySeconds = (performance.now() - startedAt) / 1000;
const db = new pg.Pool({ connectionString: service.databaseUrl(), max: 2 });
try {
  const created = await service.post("/api/v1/erc721/create", { chainId: TIMED_CHAIN_ID, name: "Bench", symbol: "BNCH" });
  if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const collection = created.body.contractAddress as Address;
  const status = async (hash: string) =>
    (await db.query<{ status: string }>("SELECT t.status FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = $1", [hash])).rows[0]?.status;
  while ((await status(created.body.transactionHash as string)) !== "success") await new Promise((resolve) => setTimeout(resolve, 250));
  const fromBlock = await timed.chain.client.getBlockNumber();
  const forwardedBefore = new Map(proxy.forwarded);
  const rateLimitedBefore = proxy.refused.rateLimited;

  // Each answered mint's transaction and when it was answered; each transaction's first time seen final.
  const answeredAt = new Map<Hex, number[]>();
  const finalAt = new Map<Hex, number>();
  let watching = true;
  let lastAnswerAt = Number.POSITIVE_INFINITY;
  const watchFinal = (async () => {
    while (watching || (finalAt.size < answeredAt.size && performance.now() < lastAnswerAt + FINAL_WITHIN_MS)) {
      const { rows } = await db.query<{ hash: Hex }>(
        `SELECT a.hash FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id
         WHERE t.chain_id = $1 AND t.final AND t.status = 'success'`,
        [TIMED_CHAIN_ID],
      );
      const now = performance.now();
      for (const { hash } of rows) if (!finalAt.has(hash)) finalAt.set(hash, now);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();

  let next = 0;
  const began = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: `${service.base}/api/v1/erc721/mint`,
        method: "POST",
        connections: clients,
        amount: mints,
        timeout: 120,
        headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
        requests: [
          {
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ chainId: TIMED_CHAIN_ID, contractAddress: collection, recipientAddress: recipient(next++) }) }),
            onResponse: (code, body) => {
              if (code !== 200) return;
              const hash = (JSON.parse(body) as { transactionHash: Hex }).transactionHash;
              answeredAt.set(hash, [...(answeredAt.get(hash) ?? []), performance.now()]);
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    ),
  );
  const answeringSeconds = (performance.now() - began) / 1000;
  lastAnswerAt = performance.now();
  watching = false;
  await watchFinal;
  const forwarded = new Map([...proxy.forwarded].map(([method, calls]) => [method, calls - (forwardedBefore.get(method) ?? 0)]));
  const rateLimited = proxy.refused.rateLimited - rateLimitedBefore;

  const { rows: sent } = await db.query<{ recorded_at: number; block_number: string }>(SENT_TRANSACTIONS_SQL, [TIMED_CHAIN_ID]);
  const space = await measureBlockSpace(timed.chain, collection, {
    fromBlock,
    toBlock: await timed.chain.client.getBlockNumber(),
    backlog: backlogBlocks(sent.map((row) => ({ recordedAt: row.recorded_at, blockNumber: BigInt(row.block_number) })), BLOCK_TIME),
  });
  const ratios = space.backlog.map((block) => block.ratio).sort((a, b) => a - b);
  const landed = space.backlog.reduce((sum, block) => sum + block.mints, 0);
  const capacity = space.backlog.reduce((sum, block) => sum + Number(block.gasLimit / space.gasPerMint), 0);
  const toFinal = [...answeredAt].flatMap(([hash, times]) => (finalAt.has(hash) ? times.map((at) => (finalAt.get(hash)! - at) / 1000) : [])).sort((a, b) => a - b);
  const notFinal = [...answeredAt].filter(([hash]) => !finalAt.has(hash)).reduce((sum, [, times]) => sum + times.length, 0);
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

  log(`\nbench/realchain: 2 s blocks, 30,000,000 gas, finality ${FINALITY} confirmations, ${history} blocks of history; proxy 50 calls/s, eth_getLogs up to 2,000 blocks; ${mints} mints from ${clients} clients; load average ${os.loadavg().map((load) => load.toFixed(1)).join(", ")}`);
  log(`ready without startBlock: factory deployed by \`tokenhub contract deploy\` at block ${factoryBlock ?? "?"}; up ${upSeconds.toFixed(1)} s, /ready ${readySeconds.toFixed(1)} s after \`tokenhub start\``);
  log(`answered: ${result["2xx"]} of ${mints} in ${answeringSeconds.toFixed(1)} s (${(result["2xx"] / answeringSeconds).toFixed(0)} a second), failures ${result.non2xx + result.errors + result.timeouts}`);
  log(`on chain: ${space.minted.length} mints, ${new Set(space.minted.map((mint) => mint.to)).size} distinct holders, in ${space.blocks.length} blocks`);
  log(`gas per mint (fullest transaction): ${space.gasPerMint}; a block holds ${Number(30_000_000n / space.gasPerMint)}`);
  log(`block space, ${space.backlog.length} backlog blocks: ${percent(landed / capacity)} overall; per block min ${percent(ratios[0] ?? 0)}, median ${percent(percentile(ratios, 50))}, max ${percent(ratios.at(-1) ?? 0)}`);
  log(`  ${space.backlog.map((block) => `${block.number}: ${block.mints} (${percent(block.ratio)})`).join(", ")}`);
  const notFinalHashes = [...answeredAt.keys()].filter((hash) => !finalAt.has(hash));
  if (notFinalHashes.length > 0) {
    // What the service's records say of them: a client following these hashes sees this.
    const { rows } = await db.query(
      `SELECT a.hash, t.status, t.final, t.nonce, t.block_number, (SELECT count(*) FROM tokenhub_app.transaction_attempts b WHERE b.transaction_id = t.id) AS attempts
       FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = ANY($1)`,
      [notFinalHashes],
    );
    log(`not final: ${JSON.stringify(rows)}`);
  }
  log(`answer to final: p50 ${percentile(toFinal, 50).toFixed(1)} s, p99 ${percentile(toFinal, 99).toFixed(1)} s; ${notFinal === 0 ? "every answered mint final" : `${notFinal} answered mints not final ${FINAL_WITHIN_MS / 1000} s after the last answer`}`);
  const byMethod = [...forwarded].filter(([, calls]) => calls > 0).sort((a, b) => b[1] - a[1]);
  log(`RPC calls per mint: ${(sumOf(forwarded) / result["2xx"]).toFixed(3)} (${sumOf(forwarded)} forwarded from the first mint until all final: ${byMethod.map(([method, calls]) => `${method} ${calls}`).join(", ")})`);
  log(`429s: ${rateLimited} calls answered 429 during the mints (${proxy.refused.rateLimited} in the whole run), ${proxy.refused.range} eth_getLogs refused for their range; recovered: ${notFinal === 0 && space.minted.length === result["2xx"] ? "yes, every answered mint final and on chain once" : "no"}`);
} finally {
  await db.end();
  await service.destroy();
  await proxy.stop();
  await timed.stop();
  fs.rmSync(directory, { recursive: true, force: true });
}
