import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWatched } from "../../server/store/transactionWatch.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

/**
 * The receipt loop's watch reads at most maxWatchedPerTick unfinal transactions a pass. With more unfinal than that
 * (a busy chain with a deep finality), it must read the newest too, the likeliest to be reorganised away, and not only
 * the oldest, which are the next to become final.
 */

let db: TestDatabase;
const SIGNER = "0x00000000000000000000000000000000000000a1";

beforeAll(async () => {
  db = await createTestDatabase();
  // Blocks 1-10 unfinal, blocks 11-15 final, one per block; and another chain's unfinal one at block 20.
  await db.pool.query(
    `INSERT INTO tokenhub_app.transactions
       (id, chain_id, signer, nonce, status, purpose, to_address, data, value, gas_limit, mined_hash, block_number, block_hash,
        gas_used, effective_gas_price, final)
     SELECT gen_random_uuid(), CASE WHEN n = 20 THEN 2 ELSE 1 END, $1, n, 'success', 'test', $1, '\\x'::bytea, 0, 100000,
            '0x' || lpad(to_hex(n), 64, '0'), n, '0x' || lpad(to_hex(n + 1000), 64, '0'), 50000, 1, n BETWEEN 11 AND 15
     FROM generate_series(1, 20) AS n WHERE n <= 15 OR n = 20`,
    [SIGNER],
  );
});

afterAll(async () => {
  await db?.drop();
});

describe("the watch of unfinal transactions", () => {
  it("reads every unfinal transaction when there are few, lowest block first", async () => {
    const rows = await loadWatched(db.pool, 1, [SIGNER], 100);
    expect(rows.map((row) => Number(row.blockNumber))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("past its limit, reads the oldest half and the newest half", async () => {
    expect((await loadWatched(db.pool, 1, [SIGNER], 4)).map((row) => Number(row.blockNumber))).toEqual([1, 2, 9, 10]);
    expect((await loadWatched(db.pool, 1, [SIGNER], 5)).map((row) => Number(row.blockNumber))).toEqual([1, 2, 3, 9, 10]);
    expect((await loadWatched(db.pool, 1, [SIGNER], 1)).map((row) => Number(row.blockNumber))).toEqual([1]);
  });
});
