/**
 * Isolation benchmark: a REST read of the index (GET /api/v1/erc721/tokens, a page of a collection) measured with
 * autocannon while the service is idle, then while 20 clients keep sending heavy SQL over HTTP (a count over a cross
 * join that runs until the statement timeout). The figure is the ratio of the REST read's p50 and p99 under that load
 * to their idle values (issue 16's goal: at most 3x).
 *
 *   npm run bench:isolation [-- --requests 2000 --concurrency 10 --heavy 20 --rows 2000 --connections 4]
 */
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { httpLoad, type Measured } from "../lib/load.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "10" },
    heavy: { type: "string", default: "20" },
    rows: { type: "string", default: "2000" },
    connections: { type: "string" },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const heavyClients = Number(values.heavy);
const rows = Number(values.rows);
const log = (line: string) => console.log(line);

const service = await startBenchService("isolation", values.connections === undefined ? {} : { TOKENHUB_SQL_CONNECTIONS: values.connections });
try {
  const created = await service.post("/api/v1/erc721/create", { chainId: 31337, name: "Isolation", symbol: "ISO" });
  const contract = String(created.body.contractAddress);
  const pool = new pg.Pool({ connectionString: service.databaseUrl(), max: 2 });
  // Written as a replica, as bench/queries/seed.ts explains: Ponder's live triggers refuse other sessions' inserts.
  const client = await pool.connect();
  await client.query("SET session_replication_role = replica");
  await client.query(
    `INSERT INTO tokenhub_index.erc721_token (chain_id, contract, token_id, owner, owner_since, minted_at, minted_block, mint_transaction, tba_address)
     SELECT 31337, lower($1), i, '0x' || md5('owner' || i % 100) || lpad(to_hex(i % 100), 8, '0'), 1700000000 + i, 1700000000 + i, 1, '0x' || md5('tx' || i) || md5('tx' || i), '0x' || md5('tba' || i) || lpad(to_hex(i), 8, '0')
       FROM generate_series(1, $2::int) AS i`,
    [contract, rows],
  );
  client.release();
  log(`seeded ${rows} tokens of ${contract}; ${os.cpus().length} cores`);

  const pages = Math.ceil(rows / 50);
  const read = () => httpLoad({ base: service.base, token: service.token, concurrency, amount: requests, path: () => `/api/v1/erc721/tokens?chainId=31337&contractAddress=${contract}&page=${Math.floor(Math.random() * pages)}` });
  await read(); // warm-up: prepared statements, JIT
  const idle = await read();

  // Each request its own query text: Ponder answers one text once for every request asking it until the index
  // changes, its failure included.
  let running = true;
  let sent = 0;
  const answers = new Map<number, number>();
  const heavy = Array.from({ length: heavyClients }, async () => {
    while (running) {
      const sql = `SELECT count(*) AS n${sent++} FROM erc721_token a, erc721_token b, erc721_token c`;
      const response = await fetch(`${service.base}/sql/db?sql=${encodeURIComponent(JSON.stringify({ json: { sql, params: [] } }))}`, {
        headers: { authorization: `Bearer ${service.token}` },
      });
      await response.arrayBuffer();
      answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
    }
  });
  for (;;) {
    const { rows: active } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tokenhub_index_http' AND state = 'active'",
    );
    if (active[0]!.n > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const loaded = await read();
  running = false;
  await Promise.all(heavy);
  await pool.end();

  const line = (label: string, measured: Measured) =>
    log(`${label.padEnd(34)} ${measured.perSecond.toFixed(0).padStart(6)} req/s  p50 ${measured.p50.toFixed(1).padStart(7)} ms  p99 ${measured.p99.toFixed(1).padStart(7)} ms  failures ${measured.failures}`);
  line("REST read, idle", idle);
  line(`REST read, ${heavyClients} heavy /sql clients`, loaded);
  log(`heavy /sql answers by status: ${[...answers].map(([status, count]) => `${status}: ${count}`).join(", ")}`);
  log(`ratio under load / idle: p50 ${(loaded.p50 / idle.p50).toFixed(2)}x, p99 ${(loaded.p99 / idle.p99).toFixed(2)}x (goal <= 3x)`);
} finally {
  await service.destroy();
}
