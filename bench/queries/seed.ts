import crypto from "node:crypto";
import type pg from "pg";
import { indexSchemaState } from "../../server/indexer/store/indexDeployments.js";

/**
 * Synthetic index rows for the query benchmark, written straight into Ponder's tables by generate_series.
 *
 * Owner number k has the address 0x + md5('owner' || k)[0..32] + k as 8 hex digits: distinct, lowercase (as the
 * index stores addresses), spread over the key space, and computable on both sides (`ownerAddress`).
 */
export function ownerAddress(k: number): `0x${string}` {
  return `0x${crypto.createHash("md5").update(`owner${k}`).digest("hex")}${k.toString(16).padStart(8, "0")}`;
}
const OWNER_SQL = (k: string) => `'0x' || md5('owner' || (${k})::text) || lpad(to_hex(${k}), 8, '0')`;

/** A multiplier coprime with any owner count of the form 10^n, so token i's owner walks all owners evenly. */
const SPREAD = 7919;
const ERC721_OWNER_SQL = (i: string, owners: number) => OWNER_SQL(`(${i}::bigint * ${SPREAD}) % ${owners}`);
const BLOCK_TIME = 1_700_000_000;
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
const CHUNK = 100_000;

export type SeedPlan = {
  schema: string;
  chainId: number;
  erc721: { contract: string; tokens: number; owners: number };
  erc1155: { contract: string; balances: number; owners: number; tokenTypes: number };
  /** The small collections the holders route reads: the same owners 0..holdings-1 in each. */
  holders: { erc20: string; erc721: string; erc1155: string; holdings: number };
};

type Progress = (line: string) => void;

/** The ERC-721 collection's tokens were minted by the service, ten joined mints per transaction. */
const MINTS_PER_TRANSACTION = 10;
/**
 * A stand-in for token i's ERC-6551 account address, which the indexer derives with keccak-256 (not in SQL): the
 * routes select it like any other column, so its value does not change what is measured.
 */
const TBA_SQL = (i: string) => `'0x' || md5('tba' || (${i})::text) || lpad(to_hex(abs(${i})), 8, '0')`;

const MINT_HASH_SQL = (g: string) => `'0x' || md5('tx' || (${g})::text) || md5('tx' || (${g})::text)`;

/** Token i's mint: ten to a transaction (MINTS_PER_TRANSACTION), a hundred to a block. */
const MINTS_PER_BLOCK = 100;
const MINT_BLOCK_SQL = (i: string) => `1000 + (${i}) / ${MINTS_PER_BLOCK}`;
const MINT_TIMESTAMP_SQL = (i: string) => `${BLOCK_TIME} + (${i})`;

/**
 * Token i's mint as the indexer records movement (ponder.schema.ts, `transfer`). Its id is what the indexer's is
 * (src/indexing/transfers.ts): Ponder's checkpoint of the log (timestamp, chain, block, transaction index, event type
 * 5 for a log, log index) and the move's five-digit part, so the ids sort in block order, as the history's pages need.
 */
function transferMintsSql(schema: string, chainId: number, erc721: SeedPlan["erc721"], from: number, to: number): string {
  const digits = (value: string, width: number) => `lpad((${value})::text, ${width}, '0')`;
  const checkpoint = [
    digits(MINT_TIMESTAMP_SQL("i"), 10),
    digits(String(chainId), 16),
    digits(MINT_BLOCK_SQL("i"), 16),
    digits(`(i / ${MINTS_PER_TRANSACTION}) % ${MINTS_PER_BLOCK / MINTS_PER_TRANSACTION}`, 16),
    "'5'",
    digits(`i % ${MINTS_PER_BLOCK}`, 16),
  ].join(" || ");
  return `
    INSERT INTO "${schema}".transfer (id, chain_id, contract, standard, token_id, "from", "to", amount, block_number, block_hash, timestamp, transaction_hash, log_index)
    SELECT ${checkpoint} || '00000', ${chainId}, '${erc721.contract}', 'erc721', i + 1, '${ZERO_ADDRESS}',
           ${ERC721_OWNER_SQL("i", erc721.owners)}, 1, ${MINT_BLOCK_SQL("i")},
           '0x' || md5('block' || (${MINT_BLOCK_SQL("i")})::text) || md5('block' || (${MINT_BLOCK_SQL("i")})::text),
           ${MINT_TIMESTAMP_SQL("i")}, ${MINT_HASH_SQL(`i / ${MINTS_PER_TRANSACTION}`)}, i % ${MINTS_PER_BLOCK}
      FROM generate_series(${from}, ${to}) AS i`;
}

/**
 * The service's records of those mints, as the token reads find them (a token's mint transaction is looked up in the
 * app store for the metadata its mint gave it): a transaction and its attempt per ten tokens, every other one with
 * metadata for each of its calls, attached to the tokens by the metadata job (token_metadata, attached_by).
 *
 * Recorded as not final: their blocks are not the embedded chain's, so as final records the service's check of
 * rolled-back final blocks (server/chain/transactions/finalReorgCheck.ts) reopened them one by one, a query pair and
 * a warning each, for the first minutes of the run (20,000 at 200,000 tokens), in the process and database measured.
 * Reopened, they were not final either; no loop watches them (their signer is not the service's).
 */
async function seedMintRecords(client: pg.PoolClient, plan: SeedPlan): Promise<void> {
  const { chainId, erc721 } = plan;
  const transactions = Math.ceil(erc721.tokens / MINTS_PER_TRANSACTION);
  const calls = (withMetadata: string) =>
    `(SELECT jsonb_agg(CASE WHEN ${withMetadata} THEN jsonb_build_object('tokenMetadata', jsonb_build_object('name', 'Minted ' || c)) ELSE '{}'::jsonb END)
        FROM generate_series(1, ${MINTS_PER_TRANSACTION}) AS c)`;
  await client.query(`
    INSERT INTO tokenhub_app.transactions
      (id, chain_id, signer, nonce, status, purpose, project_id, metadata, to_address, data, gas_limit, mined_hash, block_number, block_hash, final)
    SELECT md5('mint' || g)::uuid, ${chainId}, '0x00000000000000000000000000000000000BE7C4', g, 'success', 'erc721.mint',
           (SELECT id FROM tokenhub_app.projects ORDER BY created_at LIMIT 1),
           CASE WHEN g % 2 = 0
                THEN jsonb_build_object('joined', ${calls("true")}, 'tokenMetadataRecorded', jsonb_build_object('blockHash', '0x' || md5('block' || g)))
                ELSE jsonb_build_object('joined', ${calls("false")}) END,
           '${erc721.contract}', '\\x00'::bytea, 1000000, ${MINT_HASH_SQL("g")}, 1000 + g * ${MINTS_PER_TRANSACTION} / 100, '0x' || md5('block' || g), false
      FROM generate_series(0, ${transactions - 1}) AS g`);
  await client.query(`
    INSERT INTO tokenhub_app.transaction_attempts (hash, transaction_id, attempt, raw, max_fee_per_gas, max_priority_fee_per_gas)
    SELECT ${MINT_HASH_SQL("g")}, md5('mint' || g)::uuid, 0, '\\x00'::bytea, 1, 1 FROM generate_series(0, ${transactions - 1}) AS g`);
  await client.query(`
    INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata, attached_by)
    SELECT ${chainId}, '${erc721.contract}', i + 1, (SELECT id FROM tokenhub_app.projects ORDER BY created_at LIMIT 1),
           jsonb_build_object('name', 'Minted ' || (i % ${MINTS_PER_TRANSACTION} + 1)), md5('mint' || (i / ${MINTS_PER_TRANSACTION}))::uuid
      FROM generate_series(0, ${erc721.tokens - 1}) AS i
     WHERE (i / ${MINTS_PER_TRANSACTION}) % 2 = 0`);
  for (const table of ["transactions", "transaction_attempts", "token_metadata"]) await client.query(`VACUUM (ANALYZE) tokenhub_app.${table}`);
}

async function insertInChunks(client: pg.PoolClient, label: string, total: number, insert: (from: number, to: number) => string, progress: Progress) {
  const began = performance.now();
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await client.query(insert(from, to));
    const seconds = (performance.now() - began) / 1000;
    progress(`  ${label}: ${(to + 1).toLocaleString("en")} / ${total.toLocaleString("en")} rows (${Math.round((to + 1) / seconds).toLocaleString("en")} rows/s)`);
  }
}

/**
 * Ponder's live mode puts two row triggers on every index table: one journals each change for reorg handling and one
 * writes to a temporary table that only Ponder's own session has, so a plain INSERT from another session fails
 * (`relation "live_query_tables" does not exist`). Seeding as a replica (superuser) skips both: the rows are not in
 * Ponder's reorg journal, so no reorg of the local chain can revert them.
 */
export async function seedIndex(pool: pg.Pool, plan: SeedPlan, progress: Progress): Promise<void> {
  const { schema, chainId } = plan;
  const client = await pool.connect();
  try {
    await client.query("SET session_replication_role = replica");
    const { erc721, erc1155, holders } = plan;

    await insertInChunks(
      client,
      "erc721_token",
      erc721.tokens,
      (from, to) => `
        INSERT INTO "${schema}".erc721_token (chain_id, contract, token_id, owner, owner_since, minted_at, minted_block, mint_transaction, tba_address)
        SELECT ${chainId}, '${erc721.contract}', i + 1, ${ERC721_OWNER_SQL("i", erc721.owners)},
               ${BLOCK_TIME} + i, ${MINT_TIMESTAMP_SQL("i")}, ${MINT_BLOCK_SQL("i")}, ${MINT_HASH_SQL(`i / ${MINTS_PER_TRANSACTION}`)}, ${TBA_SQL("i")}
          FROM generate_series(${from}, ${to}) AS i`,
      progress,
    );
    await seedMintRecords(client, plan);
    await insertInChunks(client, "transfer (the ERC-721 mints)", erc721.tokens, (from, to) => transferMintsSql(schema, chainId, erc721, from, to), progress);

    // Row i belongs to owner i % owners; that owner's j-th row (j = i / owners) holds token type (owner + j) % types,
    // distinct for one owner as long as it holds at most `tokenTypes` types.
    await insertInChunks(
      client,
      "erc1155_balance",
      erc1155.balances,
      (from, to) => `
        INSERT INTO "${schema}".erc1155_balance (chain_id, contract, token_id, owner, balance, owner_since)
        SELECT ${chainId}, '${erc1155.contract}', 1 + ((i % ${erc1155.owners}) + i / ${erc1155.owners}) % ${erc1155.tokenTypes},
               ${OWNER_SQL(`i % ${erc1155.owners}`)}, 1 + i % 97, ${BLOCK_TIME} + i
          FROM generate_series(${from}, ${to}) AS i`,
      progress,
    );

    await client.query(`
      INSERT INTO "${schema}".erc20_balance (chain_id, contract, owner, balance, owner_since)
      SELECT ${chainId}, '${holders.erc20}', ${OWNER_SQL("i")}, (i + 1) * 1250000, ${BLOCK_TIME} + i
        FROM generate_series(0, ${holders.holdings - 1}) AS i`);
    await client.query(`
      INSERT INTO "${schema}".erc721_token (chain_id, contract, token_id, owner, owner_since, minted_at, minted_block, mint_transaction, tba_address)
      SELECT ${chainId}, '${holders.erc721}', i + 1, ${OWNER_SQL("i")}, ${BLOCK_TIME} + i, ${BLOCK_TIME} + i, 1000, '0x' || md5('h' || i) || md5('h' || i), ${TBA_SQL("-1 - i")}
        FROM generate_series(0, ${holders.holdings - 1}) AS i`);
    await client.query(`
      INSERT INTO "${schema}".erc1155_balance (chain_id, contract, token_id, owner, balance, owner_since)
      SELECT ${chainId}, '${holders.erc1155}', 1 + i % 5, ${OWNER_SQL("i")}, 1 + i % 7, ${BLOCK_TIME} + i
        FROM generate_series(0, ${holders.holdings - 1}) AS i`);
    progress(`  holders' collections: ${holders.holdings.toLocaleString("en")} holdings in each of 3`);

    await client.query("SET session_replication_role = origin");
    const began = performance.now();
    // The index schema holds views onto the build's tables, and VACUUM skips a view (with a warning only): without
    // statistics the planner's first plans of the pages were scans of the whole collection.
    const state = await indexSchemaState(client, schema);
    const tables = state.kind === "views" && state.deployment !== undefined ? state.deployment : schema;
    for (const table of ["erc721_token", "erc1155_balance", "erc20_balance", "transfer"]) await client.query(`VACUUM (ANALYZE) "${tables}".${table}`);
    progress(`  VACUUM ANALYZE: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    client.release();
  }
}
