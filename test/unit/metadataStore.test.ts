import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore, type Store } from "../../server/store/database/db.js";
import { migrateAppStore } from "../../server/store/database/migrate.js";
import {
  claimMetadataChanges,
  collectionsDueForPropagation,
  patchCollectionDefaults,
  patchTokenMetadata,
  queueMetadataChange,
  releaseMetadataChanges,
  renewMetadataChanges,
  settleMetadataChanges,
} from "../../server/store/metadataChanges.js";
import { discoverRemoteTokens, findRemoteMetadata } from "../../server/store/remoteTokenMetadata.js";
import { findMetadataSources } from "../../server/store/metadataSources.js";
import { findMintsAwaitingMetadata, MINTS_AWAITING_METADATA_SQL } from "../../server/store/tokenMetadata.js";
import { waitFor } from "../helpers/waitFor.js";

// Needs a PostgreSQL server to create a scratch database on: DATABASE_URL (set by .ci/run).
const admin = process.env.DATABASE_URL;
const name = `tokenhub_metadata_${crypto.randomBytes(5).toString("hex")}`;
const MIGRATIONS = path.resolve(import.meta.dirname, "../../server/store/database/migrations");
const PROJECT = "00000000-0000-4000-8000-000000000001";
const COLLECTION = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
let store: Store;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe.skipIf(!admin)("metadata store", () => {
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(admin!);
    url.pathname = `/${name}`;
    store = createStore(url.toString(), { max: 6, name: "tokenhub_test" });
    // The database as it was before migration 0040: ERC-1155 token types carried their own metadata.
    await store.pool.query("CREATE SCHEMA tokenhub_app");
    await store.pool.query("CREATE TABLE tokenhub_app.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    for (const file of fs.readdirSync(MIGRATIONS).filter((file) => /^\d{4}_.+\.sql$/.test(file) && file < "0040").sort()) {
      await store.pool.query(fs.readFileSync(path.join(MIGRATIONS, file), "utf8"));
      await store.pool.query("INSERT INTO tokenhub_app.schema_migrations (name) VALUES ($1)", [file]);
    }
    await store.pool.query("INSERT INTO tokenhub_app.projects (id, name) VALUES ($1, 'p')", [PROJECT]);
    await store.pool.query(
      "INSERT INTO tokenhub_app.project_collections (chain_id, address, project_id, kind, source, name, symbol) VALUES (1, $1, $2, 'erc1155', 'created', 'Items', 'ITM')",
      [COLLECTION, PROJECT],
    );
    await store.pool.query(
      `INSERT INTO tokenhub_app.erc1155_token_types (chain_id, address, token_id, metadata) VALUES (1, $1, 1, '{"name":"Sword","mediaUrl":"https://m/sword.png"}'), (1, $1, 2, NULL)`,
      [COLLECTION],
    );
    await migrateAppStore(store.pool);
  });

  afterAll(async () => {
    await store?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("moves ERC-1155 token types' metadata into the one token-level store", async () => {
    const rows = await store.pool.query("SELECT address, token_id::text, project_id, metadata FROM tokenhub_app.token_metadata");
    expect(rows.rows).toEqual([{ address: COLLECTION.toLowerCase(), token_id: "1", project_id: PROJECT, metadata: { name: "Sword", mediaUrl: "https://m/sword.png" } }]);
    const columns = await store.pool.query("SELECT column_name FROM information_schema.columns WHERE table_schema = 'tokenhub_app' AND table_name = 'erc1155_token_types'");
    expect(columns.rows.map((row) => row.column_name)).not.toContain("metadata");
  });

  it("merges updates field by field, replacing an old spelling of the same field, and keeps concurrent updates of other fields", async () => {
    const token = { chainId: 1, address: COLLECTION, tokenId: 1n, projectId: PROJECT };
    await Promise.all([
      patchTokenMetadata(store.db, token, { set: { image: "ipfs://sword" }, remove: ["image", "mediaUrl"] }),
      patchTokenMetadata(store.db, token, { set: { description: "Sharp" }, remove: ["description"] }),
    ]);
    await patchTokenMetadata(store.db, token, { set: {}, remove: ["name"] });
    const rows = await store.pool.query("SELECT metadata FROM tokenhub_app.token_metadata WHERE token_id = 1");
    expect(rows.rows[0].metadata).toEqual({ image: "ipfs://sword", description: "Sharp" });
  });

  it("lets one claim at a time take a collection's changes, then holds new ones until the window ends", async () => {
    const key = { chainId: 7, address: COLLECTION };
    await queueMetadataChange(store.db, key, { tokenIds: [3n, 1n] });
    await queueMetadataChange(store.db, key, { collection: true });
    const claims = await Promise.all(["a", "b", "c"].map(() => claimMetadataChanges(store.db, key, crypto.randomUUID(), 60_000)));
    expect(claims.filter((claim) => claim !== undefined)).toEqual([{ tokenIds: [1n, 3n], collection: true }]);

    await queueMetadataChange(store.db, key, { tokenIds: [4n] });
    expect(await claimMetadataChanges(store.db, key, crypto.randomUUID(), 60_000)).toBeUndefined();
    const due = async (windowMs: number) => (await collectionsDueForPropagation(store.db, windowMs, 600_000)).filter((collection) => collection.chainId === 7);
    expect(await due(60_000)).toEqual([]);
    expect(await due(0)).toEqual([{ chainId: 7, address: COLLECTION.toLowerCase() }]);

    const claim = crypto.randomUUID();
    expect(await claimMetadataChanges(store.db, key, claim, 0)).toEqual({ tokenIds: [4n], collection: false });
    await releaseMetadataChanges(store.db, claim);
    const again = crypto.randomUUID();
    expect(await claimMetadataChanges(store.db, key, again, 0)).toEqual({ tokenIds: [4n], collection: false });
    await settleMetadataChanges(store.db, again);
    expect(await claimMetadataChanges(store.db, key, crypto.randomUUID(), 0)).toBeUndefined();
  });

  it("claims a write's own change in the write's transaction, waiting for a claim under way instead of leaving the change to it", async () => {
    // The background pass holds the collection's window while it claims (its SKIP LOCKED claim, below by hand). A
    // write that committed its change first and claimed after lost it to that pass, and answered without the
    // transaction that announced it: the write now waits for the window, then claims its change itself.
    const address = COLLECTION.toLowerCase();
    await store.pool.query("INSERT INTO tokenhub_app.metadata_propagation_windows (chain_id, address) VALUES (1, $1) ON CONFLICT DO NOTHING", [address]);
    await store.pool.query("DELETE FROM tokenhub_app.metadata_changes WHERE chain_id = 1");
    const pass = new pg.Client({ connectionString: new URL(`/${name}`, admin!).toString() });
    await pass.connect();
    try {
      await pass.query("BEGIN");
      await pass.query("SELECT 1 FROM tokenhub_app.metadata_propagation_windows WHERE chain_id = 1 AND address = $1 FOR UPDATE SKIP LOCKED", [address]);
      const write = patchCollectionDefaults(store.db, { chainId: 1, address: COLLECTION }, { set: { description: "Claimed by its write" }, remove: [] }, { claim: { claim: crypto.randomUUID(), windowMs: 60_000 } });
      let settled = false;
      void write.finally(() => {
        settled = true;
      });
      const waiting = async () =>
        (await store.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'", [name])).rows[0].n > 0;
      await waitFor(async () => settled || (await waiting()), { timeoutMs: 10_000 });
      // The pass claims what was committed when it claimed: the write's change was not.
      expect((await pass.query("UPDATE tokenhub_app.metadata_changes SET claim = $1 WHERE chain_id = 1 AND claim IS NULL RETURNING token_id", [crypto.randomUUID()])).rows).toEqual([]);
      await pass.query("COMMIT");
      expect(await write).toEqual({ tokenIds: [], collection: true });
      expect(await claimMetadataChanges(store.db, { chainId: 1, address }, crypto.randomUUID(), 0)).toBeUndefined();
    } finally {
      await pass.end();
    }
  });

  it("releases a claim left unrenewed for the claim's time, and keeps one its process renews", async () => {
    const key = { chainId: 8, address: COLLECTION };
    await queueMetadataChange(store.db, key, { tokenIds: [5n] });
    const claim = crypto.randomUUID();
    expect(await claimMetadataChanges(store.db, key, claim, 0)).toEqual({ tokenIds: [5n], collection: false });
    const age = () => store.pool.query("UPDATE tokenhub_app.metadata_changes SET claimed_at = now() - interval '11 seconds' WHERE claim = $1", [claim]);
    const due = async () => (await collectionsDueForPropagation(store.db, 0, 10_000)).filter((collection) => collection.chainId === 8);
    const claims = async () => (await store.pool.query("SELECT claim FROM tokenhub_app.metadata_changes WHERE chain_id = 8")).rows.map((row) => row.claim);

    await age();
    await renewMetadataChanges(store.db, claim);
    expect(await due()).toEqual([]);
    expect(await claims()).toEqual([claim]);

    await age();
    expect(await due()).toEqual([{ chainId: 8, address: COLLECTION.toLowerCase() }]);
    expect(await claims()).toEqual([null]);
  });

  it("reads the metadata of more tokens than one statement may carry parameters (a large collection's holders)", async () => {
    const tokenIds = Array.from({ length: 70_000 }, (_, index) => BigInt(index + 1));
    await store.pool.query(
      `INSERT INTO tokenhub_app.token_metadata (chain_id, address, token_id, project_id, metadata) VALUES (9, $1, 69999, $2, '{"name":"Deep"}')`,
      [COLLECTION.toLowerCase(), PROJECT],
    );
    await store.pool.query(
      `INSERT INTO tokenhub_app.remote_token_metadata (chain_id, address, token_id, state, metadata) VALUES (9, $1, 70000, 'fetched', '{"name":"Far"}')`,
      [COLLECTION.toLowerCase()],
    );
    const sources = await findMetadataSources(store.db, "erc1155", 9, COLLECTION, tokenIds);
    expect(sources.collectionDefault).toBeUndefined();
    expect([...sources.own]).toEqual([["69999", { name: "Deep" }]]);
    expect([...sources.remote.keys()]).toEqual(["70000"]);
    expect(sources.remote.get("70000")).toEqual({ state: "fetched", uri: null, metadata: { name: "Far" }, error: null, attempts: 0, fetchedAt: null, nextAttemptAt: null });
    const remote = await findRemoteMetadata(store.db, 9, COLLECTION, tokenIds);
    expect(remote.get("70000")).toEqual(sources.remote.get("70000"));
  });
  it("finds the mints still waiting for their metadata through an index of its own, not a scan of every transaction", async () => {
    // 20,000 mints sent, of which four carried metadata that is not attached yet; the rest were joined mints without any.
    await store.pool.query(
      `INSERT INTO tokenhub_app.transactions (id, chain_id, signer, nonce, status, purpose, project_id, metadata, to_address, data, value, gas_limit, mined_hash)
       SELECT gen_random_uuid(), 9, '0x00000000000000000000000000000000000000aB', g, 'success', 'erc721.mint', $1,
              CASE WHEN g % 5000 = 0 THEN '{"tokenMetadata":{"name":"Waiting"}}'::jsonb ELSE '{"joined":[{},{}]}'::jsonb END,
              $2, '\\x00'::bytea, 0, 100000, '0x' || g
         FROM generate_series(1, 20000) AS g`,
      [PROJECT, COLLECTION],
    );
    await store.pool.query("ANALYZE tokenhub_app.transactions");
    const plan = JSON.stringify((await store.pool.query(`EXPLAIN (FORMAT JSON) ${MINTS_AWAITING_METADATA_SQL}`, [100])).rows);
    expect(plan).toContain("transactions_awaiting_token_metadata_idx");
    expect(plan).not.toContain("Seq Scan");
    const waiting = await findMintsAwaitingMetadata(store.pool, 100);
    expect(waiting.map((mint) => mint.hash).sort()).toEqual(["0x10000", "0x15000", "0x20000", "0x5000"]);
    expect(waiting.every((mint) => JSON.stringify(mint.metadataByCall) === JSON.stringify([{ name: "Waiting" }]))).toBe(true);
  });
  it("discovers external collections' new tokens from indexes: ERC-721 minted since the cursor, each ERC-1155 token id once", async () => {
    // The index tables as Ponder keeps them, with the columns discovery reads.
    await store.pool.query(`
      CREATE SCHEMA discovery_index;
      CREATE TABLE discovery_index.collection (chain_id integer, address text, source text, kind text, PRIMARY KEY (chain_id, address));
      CREATE TABLE discovery_index.erc721_token (chain_id integer, contract text, token_id numeric(78), minted_block numeric(78), PRIMARY KEY (chain_id, contract, token_id));
      CREATE INDEX ON discovery_index.erc721_token (chain_id, contract, minted_block);
      CREATE TABLE discovery_index.erc1155_balance (chain_id integer, contract text, token_id numeric(78), owner text, PRIMARY KEY (chain_id, contract, token_id, owner));
      INSERT INTO discovery_index.collection VALUES (5, '0xe721', 'external', 'erc721'), (5, '0xe1155', 'external', 'erc1155'), (5, '0xown', 'created', 'erc1155');
      INSERT INTO discovery_index.erc721_token SELECT 5, '0xe721', g, 100 + g FROM generate_series(1, 3) g;
      INSERT INTO discovery_index.erc1155_balance SELECT 5, '0xe1155', g % 4 * 10, 'holder' || g FROM generate_series(1, 2000) g;
      INSERT INTO discovery_index.erc1155_balance SELECT 5, '0xown', g, 'holder' FROM generate_series(1, 5) g;`);
    const registered = async () =>
      (await store.pool.query<{ address: string; token_id: string }>("SELECT address, token_id::text FROM tokenhub_app.remote_token_metadata WHERE chain_id = 5 ORDER BY address, token_id")).rows.map(
        (row) => `${row.address}:${row.token_id}`,
      );
    expect(await discoverRemoteTokens(store.pool, "discovery_index")).toBe(7);
    expect(await registered()).toEqual(["0xe1155:0", "0xe1155:10", "0xe1155:20", "0xe1155:30", "0xe721:1", "0xe721:2", "0xe721:3"]);
    expect(await discoverRemoteTokens(store.pool, "discovery_index")).toBe(0);
    await store.pool.query("INSERT INTO discovery_index.erc721_token VALUES (5, '0xe721', 4, 200); INSERT INTO discovery_index.erc1155_balance VALUES (5, '0xe1155', 77, 'new')");
    expect(await discoverRemoteTokens(store.pool, "discovery_index")).toBe(2);
    expect(await registered()).toContain("0xe721:4");
    expect(await registered()).toContain("0xe1155:77");
  });
});
