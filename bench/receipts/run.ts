/**
 * Receipt loop benchmark: the cost of one pass of a chain's receipt loop (createReceiptMonitor().tick()) with
 * `--unfinal` mined transactions still watched (not final yet) and `--final` final ones recorded for the same signer,
 * against a reference: the same pass over a second database of the same PostgreSQL that holds the same unfinal
 * transactions and no final one. Both run against the same service's embedded PostgreSQL and anvil, pass for pass in
 * turn (which goes first alternates), so the machine's load weighs on both alike. A block is mined before each pair of
 * passes, so every pass reads the block hash of every height that holds a watched transaction (the worst case: a new
 * head on every pass). The figure is the ratio of the two.
 *
 *   npm run bench:receipts [-- --final 100000 --unfinal 1000 --blocks 100 --passes 100]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Address, type Hex, numberToHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createChainRuntime } from "../../server/chain/transactions/chainRuntime.js";
import { NO_OBSERVER } from "../../server/chain/transactions/observer.js";
import { NO_EVENTS } from "../../server/chain/transactions/events.js";
import { resolvePipelineOptions } from "../../server/chain/transactions/options.js";
import { createReceiptMonitor } from "../../server/chain/transactions/receiptMonitor.js";
import { readRuntimeConfig } from "../../server/config/runtime.js";
import { createLogger } from "../../server/logger.js";
import { migrateAppStore } from "../../server/store/database/migrate.js";
import { startBenchService } from "../lib/service.js";
import { percentile } from "../lib/percentile.js";

const { values } = parseArgs({
  options: {
    final: { type: "string", default: "100000" },
    unfinal: { type: "string", default: "1000" },
    blocks: { type: "string", default: "100" },
    passes: { type: "string", default: "100" },
  },
});
const finalCount = Number(values.final);
const unfinalCount = Number(values.unfinal);
const blockCount = Number(values.blocks);
const passes = Number(values.passes);
if (unfinalCount < 1 || blockCount < 1 || passes < 5) throw new Error("Need --unfinal ≥ 1, --blocks ≥ 1, --passes ≥ 5.");

const log = (line: string) => console.log(line);

const service = await startBenchService("receipts");
// Two databases of their own on the service's PostgreSQL, neither the one the service itself works in: the only
// difference between them is the final transactions.
const admin = new pg.Pool({ connectionString: service.databaseUrl(), max: 1 });
const databaseOf = async (name: string) => {
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(service.databaseUrl());
  url.pathname = `/${name}`;
  const db = new pg.Pool({ connectionString: url.toString(), max: 4 });
  await migrateAppStore(db);
  return db;
};
const referenceDb = await databaseOf("bench_receipts_reference");
const measuredDb = await databaseOf("bench_receipts_measured");
try {
  const [chain] = readRuntimeConfig(path.join(service.dataDir, "runtime.json")).chains;
  const rpcUrl = chain!.rpcUrl[0]!;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const answer = (await response.json()) as { result?: T; error?: { message: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };

  // A signer of its own, whose chain nonce says every recorded transaction is mined.
  const signer = privateKeyToAccount(generatePrivateKey());
  const recorded = finalCount + unfinalCount;
  await rpc("anvil_setBalance", [signer.address, numberToHex(10n ** 21n)]);
  await rpc("anvil_setNonce", [signer.address, numberToHex(recorded)]);

  // The unfinal transactions sit in real blocks (so the loop finds their blocks unchanged), --blocks of them.
  await rpc("anvil_mine", [numberToHex(blockCount)]);
  const head = BigInt(await rpc<Hex>("eth_blockNumber"));
  const heights = Array.from({ length: blockCount }, (_, index) => head - BigInt(blockCount - 1 - index));
  const hashes = await Promise.all(heights.map(async (height) => (await rpc<{ hash: Hex }>("eth_getBlockByNumber", [numberToHex(height), false])).hash));
  const unfinal = { chainId: chain!.id, signer: signer.address, from: finalCount, count: unfinalCount, final: false, firstBlock: heights[0]!, blockHashes: hashes };
  const monitorOn = async (db: pg.Pool, finalRecorded: number) => {
    await db.query("INSERT INTO tokenhub_app.signer_nonces (chain_id, address, next_nonce) VALUES ($1, $2, $3)", [chain!.id, signer.address, recorded]);
    await seed(db, unfinal);
    await seed(db, { chainId: chain!.id, signer: signer.address, from: 0, count: finalRecorded, final: true, firstBlock: 1n, blockHashes: [] });
    const options = resolvePipelineOptions();
    // Far deeper than the chain: nothing becomes final while the passes run.
    const runtime = createChainRuntime({ id: chain!.id, rpcUrl: [rpcUrl], signers: [signer], finality: 1_000_000 }, { pool: db, logger: createLogger({ level: "warn" }), options, observer: NO_OBSERVER, events: NO_EVENTS });
    return createReceiptMonitor({ pool: db, runtime, options });
  };
  const reference = await monitorOn(referenceDb, 0);
  const measured = await monitorOn(measuredDb, finalCount);

  const times = { reference: [] as number[], measured: [] as number[] };
  const timed = async (label: keyof typeof times, tick: () => Promise<void>, counted: boolean) => {
    const started = performance.now();
    await tick();
    if (counted) times[label].push(performance.now() - started);
  };
  // The first passes warm connections and caches: not counted.
  for (let pass = 0; pass < passes + 3; pass++) {
    await rpc("evm_mine");
    const counted = pass >= 3;
    const order = pass % 2 === 0 ? (["reference", "measured"] as const) : (["measured", "reference"] as const);
    for (const label of order) await timed(label, label === "reference" ? reference.tick : measured.tick, counted);
  }

  const watched = async (db: pg.Pool) =>
    (await db.query<{ n: string }>("SELECT count(*) AS n FROM tokenhub_app.transactions WHERE status <> 'pending' AND NOT final")).rows[0]!.n;
  const figures = (label: keyof typeof times) => {
    const sorted = [...times[label]].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const ref = figures("reference");
  const withFinal = figures("measured");
  log(`receipt loop pass: ${unfinalCount} unfinal transactions over ${blockCount} blocks, a new head before each pass, ${passes} passes each`);
  log(`reference, 0 final recorded: median ${ref.median.toFixed(1)} ms, p95 ${ref.p95.toFixed(1)} ms per pass`);
  log(`${finalCount.toLocaleString("en")} final recorded: median ${withFinal.median.toFixed(1)} ms, p95 ${withFinal.p95.toFixed(1)} ms per pass`);
  log(`still watched at the end: ${await watched(referenceDb)} and ${await watched(measuredDb)} (none became final, none was reorganised)`);
  log(`ratio (${finalCount.toLocaleString("en")} final / reference): median ${(withFinal.median / ref.median).toFixed(2)}x, p95 ${(withFinal.p95 / ref.p95).toFixed(2)}x`);
} finally {
  await Promise.all([referenceDb.end(), measuredDb.end()]);
  await admin.end();
  await service.destroy();
}

/**
 * Records `count` mined transactions of the signer from nonce `from`, each with its one attempt: final ones in
 * made-up blocks, unfinal ones spread over the given real blocks. One statement per table, then ANALYZE, as a
 * database that grew to this size would have statistics.
 */
async function seed(
  db: pg.Pool,
  plan: { chainId: number; signer: Address; from: number; count: number; final: boolean; firstBlock: bigint; blockHashes: Hex[] },
) {
  if (plan.count === 0) return;
  // Final ones: one made-up block each. Unfinal ones: the given blocks in turn.
  const [block, blockHash] = plan.final
    ? ["$6::bigint + n", "'0x' || lpad(to_hex(n), 64, 'f')"]
    : ["$6::bigint + (n % cardinality($7::text[]))", "($7::text[])[(n % cardinality($7::text[])) + 1]"];
  await db.query(
    `INSERT INTO tokenhub_app.transactions
       (id, chain_id, signer, nonce, status, purpose, to_address, data, value, gas_limit, mined_hash, block_number, block_hash,
        gas_used, effective_gas_price, final)
     SELECT gen_random_uuid(), $1, $2, n, 'success', 'bench.mint', $2, '\\x'::bytea, 0, 100000, '0x' || lpad(to_hex(n), 64, '0'),
            ${block}, ${blockHash}, 50000, 1000000000, $5
     FROM generate_series($3::bigint, $3::bigint + $4 - 1) AS n`,
    [plan.chainId, plan.signer, plan.from, plan.count, plan.final, plan.firstBlock.toString(), ...(plan.final ? [] : [plan.blockHashes])],
  );
  await db.query(
    `INSERT INTO tokenhub_app.transaction_attempts (hash, transaction_id, attempt, raw, max_fee_per_gas, max_priority_fee_per_gas)
     SELECT mined_hash, id, 0, '\\x00'::bytea, 2000000000, 1000000000 FROM tokenhub_app.transactions
     WHERE signer = $1 AND nonce >= $2 AND nonce < $2 + $3`,
    [plan.signer, plan.from, plan.count],
  );
  await db.query("ANALYZE tokenhub_app.transactions");
  await db.query("ANALYZE tokenhub_app.transaction_attempts");
}
