/**
 * A real chain's conditions, as issue 26 met them: an anvil that makes a block every 2 s under a 30M block gas limit
 * (not one block per transaction, as the embedded chain), served to tokenhub as a remote chain with finality 3
 * confirmations. Sections, each printing its figures:
 *
 * - block space: `--mints` ERC-721 mints to new holders from `--clients` connections, more than the chain takes (about
 *   290 a second at ~50,000 gas a mint); per backlog block (one that left an already-sent transaction for later) the
 *   mints it carries over what its gas limit holds at the gas a mint costs in the fullest transaction;
 * - finality: seconds from each mint's answer to its transaction reported final by tokenhub (p50, p99).
 *
 * The chain's RPC is what `rpcUrl` says: a section that puts a limiting proxy in front of the node (history, 429s,
 * RPC calls per mint) gives the service the proxy's address instead, and adds its own figures.
 *
 *   npm run bench:realchain [-- --mints 8000 --clients 1000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { type Address, type Hex, getAddress, numberToHex } from "viem";
import { backlogBlocks, measureBlockSpace, SENT_TRANSACTIONS_SQL, startTimedChain, TIMED_CHAIN_ID } from "../../test/chain/timedChain.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({ options: { mints: { type: "string", default: "8000" }, clients: { type: "string", default: "1000" } } });
const mints = Number(values.mints);
const clients = Number(values.clients);
const FINALITY = 3;

const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const recipient = (index: number) => getAddress(numberToHex(0xb10c_0000_0000n + BigInt(index), { size: 20 }));

const timed = await startTimedChain({ blockTime: 2, gasLimit: 30_000_000 });
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-bench-realchain-"));
const rpcUrl = timed.node.rpcUrl;
const service = await startBenchService("realchain", {
  TOKENHUB_CHAINS_FILE: timed.writeChainsFile(directory, { finality: FINALITY }, rpcUrl),
  [`TOKENHUB_SIGNER_KEYS_${TIMED_CHAIN_ID}`]: timed.signerKey,
});
const db = new pg.Pool({ connectionString: service.databaseUrl(), max: 2 });
try {
  const created = await service.post("/api/v1/erc721/create", { chainId: TIMED_CHAIN_ID, name: "Bench", symbol: "BNCH" });
  if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const collection = created.body.contractAddress as Address;
  const status = async (hash: string) =>
    (await db.query<{ status: string }>("SELECT t.status FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = $1", [hash])).rows[0]?.status;
  while ((await status(created.body.transactionHash as string)) !== "success") await new Promise((resolve) => setTimeout(resolve, 250));
  const fromBlock = await timed.chain.client.getBlockNumber();

  // Each answered mint's transaction and when it was answered; each transaction's first time seen final.
  const answeredAt = new Map<Hex, number[]>();
  const finalAt = new Map<Hex, number>();
  let watching = true;
  const watchFinal = (async () => {
    while (watching || finalAt.size < answeredAt.size) {
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
  watching = false;
  await watchFinal;

  const { rows: sent } = await db.query<{ recorded_at: number; block_number: string }>(SENT_TRANSACTIONS_SQL, [TIMED_CHAIN_ID]);
  const space = await measureBlockSpace(timed.chain, collection, {
    fromBlock,
    toBlock: await timed.chain.client.getBlockNumber(),
    backlog: backlogBlocks(sent.map((row) => ({ recordedAt: row.recorded_at, blockNumber: BigInt(row.block_number) }))),
  });
  const ratios = space.backlog.map((block) => block.ratio).sort((a, b) => a - b);
  const landed = space.backlog.reduce((sum, block) => sum + block.mints, 0);
  const capacity = space.backlog.reduce((sum, block) => sum + Number(block.gasLimit / space.gasPerMint), 0);
  const toFinal = [...answeredAt].flatMap(([hash, times]) => times.map((at) => (finalAt.get(hash)! - at) / 1000)).sort((a, b) => a - b);
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

  log(`\nbench/realchain: 2 s blocks, 30,000,000 gas, finality ${FINALITY} confirmations; ${mints} mints from ${clients} clients`);
  log(`answered: ${result["2xx"]} of ${mints} in ${answeringSeconds.toFixed(1)} s (${(result["2xx"] / answeringSeconds).toFixed(0)} a second), failures ${result.non2xx + result.errors + result.timeouts}`);
  log(`on chain: ${space.minted.length} mints, ${new Set(space.minted.map((mint) => mint.to)).size} distinct holders, in ${space.blocks.length} blocks`);
  log(`gas per mint (fullest transaction): ${space.gasPerMint}; a block holds ${Number(30_000_000n / space.gasPerMint)}`);
  log(`block space, ${space.backlog.length} backlog blocks: ${percent(landed / capacity)} overall; per block min ${percent(ratios[0] ?? 0)}, median ${percent(percentile(ratios, 50))}, max ${percent(ratios.at(-1) ?? 0)}`);
  log(`  ${space.backlog.map((block) => `${block.number}: ${block.mints} (${percent(block.ratio)})`).join(", ")}`);
  log(`answer to final: p50 ${percentile(toFinal, 50).toFixed(1)} s, p99 ${percentile(toFinal, 99).toFixed(1)} s`);
} finally {
  await db.end();
  await service.destroy();
  await timed.stop();
  fs.rmSync(directory, { recursive: true, force: true });
}
