/**
 * What resolving the metadata given at mint costs a read (issue 15, item 8): the statement of a page of ERC-721
 * tokens, and of an owners page, with the tokens' own metadata read as the service reads it (the row, or what the
 * token's mint carried while the metadata job has not attached it) against the rows alone, as before. Both run on one
 * seeded database (bench/queries/seed.ts: 100,000 tokens minted by the service ten to a transaction, half of them with
 * metadata attached), alternately, as prepared statements: the ratio holds however busy the machine is, the absolute
 * figures do not.
 *
 *   npx tsx bench/queries/mintMetadata.ts
 */
import os from "node:os";
import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { getAddress } from "viem";
import { metadataSourcesColumns } from "../../server/store/metadataSources.js";
import { startBenchService } from "../lib/service.js";
import { seedIndex } from "./seed.js";

const ROUNDS = 10;
const PER_ROUND = 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(`load average at start ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
const service = await startBenchService("mint-metadata");
const pool = new pg.Pool({ connectionString: service.databaseUrl(), max: 2 });
pool.on("error", () => undefined);
try {
  const created = await Promise.all(
    (["erc721", "erc20", "erc721", "erc1155"] as const).map(async (kind, index) => {
      const response = await service.post(`/api/v1/${kind}/create`, { chainId: 31337, name: `Bench ${index}`, symbol: `B${index}` });
      if (response.status !== 200) throw new Error(`${kind}/create failed: ${JSON.stringify(response.body)}`);
      return (response.body.contractAddress as string).toLowerCase();
    }),
  );
  const [contract, erc20, holdersErc721, erc1155] = created as [string, string, string, string];
  for (const deadline = Date.now() + 60_000; ; ) {
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM tokenhub_index.collection WHERE address = ANY($1)", [created]);
    if (rows[0].n === created.length) break;
    if (Date.now() > deadline) throw new Error("The created collections were not indexed within 60 s.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await seedIndex(
    pool,
    {
      schema: "tokenhub_index",
      chainId: 31337,
      erc721: { contract, tokens: 100_000, owners: 10_000 },
      erc1155: { contract: erc1155, balances: 10_000, owners: 1_000, tokenTypes: 100 },
      holders: { erc20, erc721: holdersErc721, erc1155: "0x00000000000000000000000000000000000000e1", holdings: 10 },
    },
    (line) => console.log(line),
  );

  // The pages as the read routes select them (erc721Tokens.ts), with the columns each way of reading needs.
  const pages: Record<string, (columns: string) => SQL> = {
    "erc721/tokens, first page": (columns) =>
      sql.raw(`WITH page AS (SELECT ${columns} FROM erc721_token WHERE chain_id = 31337 AND contract = '${contract}' ORDER BY token_id LIMIT 51)
               SELECT (SELECT json_agg(json_build_array(token_id::text, owner) ORDER BY token_id) FROM page) AS tokens, `),
    "erc721/owners, first page": (columns) =>
      sql.raw(`WITH page_owners AS (SELECT DISTINCT owner FROM erc721_token WHERE chain_id = 31337 AND contract = '${contract}' ORDER BY owner LIMIT 51),
               page AS (SELECT ${columns.split(", ").map((column) => `t.${column}`).join(", ")} FROM erc721_token t JOIN page_owners USING (owner)
                         WHERE t.chain_id = 31337 AND t.contract = '${contract}')
               SELECT (SELECT json_agg(json_build_array(owner, token_id::text) ORDER BY owner, token_id) FROM page) AS tokens, `),
  };
  const dialect = new PgDialect({ casing: "snake_case" });
  const client = await pool.connect();
  try {
    await client.query("SET search_path = tokenhub_index");
    for (const [name, page] of Object.entries(pages)) {
      const variants = {
        resolved: dialect.sqlToQuery(sql`${page("token_id, owner, mint_transaction, minted_block")}${metadataSourcesColumns({ erc721: sql`page` })}`),
        rows: dialect.sqlToQuery(sql`${page("token_id, owner")}${metadataSourcesColumns({ holds: (tokenId) => sql`${tokenId} IN (SELECT token_id FROM page)` })}`),
      };
      const roundTrip = { resolved: [] as number[], rows: [] as number[] };
      const execution = { resolved: [] as number[], rows: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const variant of ["resolved", "rows"] as const) {
          const query = variants[variant];
          const values = fillPlaceholders(query.params, { chainId: 31337, contract, address: getAddress(contract) });
          const began = performance.now();
          for (let run = 0; run < PER_ROUND; run++) await client.query({ name: `${variant}_${name}`, text: query.sql, values });
          roundTrip[variant].push((performance.now() - began) / PER_ROUND);
          const plan = await client.query({ text: `EXPLAIN (ANALYZE) ${query.sql}`, values });
          execution[variant].push(Number(/([\d.]+) ms/.exec(plan.rows.at(-1)["QUERY PLAN"] as string)![1]));
        }
      }
      const figures = (variant: "resolved" | "rows") => `${median(roundTrip[variant]).toFixed(3)} ms a statement, ${median(execution[variant]).toFixed(3)} ms executing`;
      console.log(`${name}: with the mints' metadata ${figures("resolved")}; rows alone ${figures("rows")}`);
    }
  } finally {
    client.release();
  }
} finally {
  await pool.end();
  await service.destroy();
}
console.log(`load average at end ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
