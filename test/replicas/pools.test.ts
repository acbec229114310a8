import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/waitFor.js";
import { type Answer, CHAIN_ID, type Cluster, inParallel, recipient, startCluster } from "./cluster.js";

/** docs/deploy.md's smaller pools for a replica: Ponder's serve 12 (2 its own, 10 for index reads), the app store 8. */
const INDEX_CONNECTIONS = 12;
const APP_CONNECTIONS = 8;

let cluster: Cluster;
let collection: Address;

beforeAll(async () => {
  cluster = await startCluster({
    replicas: 1,
    replicaEnv: { TOKENHUB_INDEX_CONNECTIONS: String(INDEX_CONNECTIONS), TOKENHUB_DB_CONNECTIONS: String(APP_CONNECTIONS) },
  });
  const created = await cluster.call(cluster.replicas[0]!, "POST", "/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Pooled", symbol: "POOL" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  collection = created.body.contractAddress as Address;
  // Its tokens are listed once the index has the collection (404 before): the reads below must find it.
  await waitFor(async () => (await cluster.call(cluster.replicas[0]!, "GET", `/api/v1/erc721/tokens?chainId=${CHAIN_ID}&contractAddress=${collection}`)).status === 200, {
    timeoutMs: 60_000,
    message: () => "the collection was never indexed",
  });
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
}, 120_000);

/** The database's connections by application_name, as PostgreSQL lists them. */
async function connectionsByName(): Promise<Map<string, number>> {
  const { rows } = await cluster.pool.query<{ name: string; n: number }>(
    "SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1",
  );
  return new Map(rows.map((row) => [row.name, row.n]));
}

describe("a replica with smaller pools", { timeout: 300_000 }, () => {
  it("holds TOKENHUB_DB_CONNECTIONS connections at most: requests beyond them wait for one, and are answered", async () => {
    const replica = cluster.replicas[0]!;
    // Every mint with an Idempotency-Key records its key on an app store connection: with the table locked, each
    // mint holds its connection until the lock goes, and the pool opens as many as it may, then queues the rest.
    const lock = await cluster.pool.connect();
    let mints: Promise<Answer[]>;
    try {
      await lock.query("BEGIN");
      await lock.query("LOCK TABLE tokenhub_app.idempotency_keys IN SHARE MODE");
      mints = Promise.all(
        Array.from({ length: 32 }, (_, index) =>
          cluster.call(replica, "POST", "/api/v1/erc721/mint", { chainId: CHAIN_ID, contractAddress: collection, recipientAddress: recipient(1_000 + index) }, { "idempotency-key": `pooled-${index}` }),
        ),
      );
      const waiting = async () =>
        (
          await cluster.pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'tokenhub_app' AND wait_event_type = 'Lock'",
          )
        ).rows[0]!.n;
      await waitFor(async () => (await waiting()) >= APP_CONNECTIONS, { timeoutMs: 30_000, message: () => "the mints never filled the app store's pool" });
      // Given time to open more, it does not: the default (20) would have opened one per mint waiting.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await waiting()).toBe(APP_CONNECTIONS);
      expect((await connectionsByName()).get("tokenhub_app")).toBe(APP_CONNECTIONS);
    } finally {
      await lock.query("COMMIT").catch(() => undefined);
      lock.release();
    }
    const answers = await mints;
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });

  it("keeps to both pools under 64 concurrent reads and mints, and answers every one", async () => {
    const replica = cluster.replicas[0]!;
    const indexSchema = replica.env.TOKENHUB_INDEX_SCHEMA ?? "tokenhub_index";
    // The replica's Ponder serves the index schema's views under that name; the indexer's Ponder, its build's schema.
    const replicaPonder = [`${indexSchema}_internal`, `${indexSchema}_readonly`];
    const most = new Map<string, number>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const [name, n] of await connectionsByName()) most.set(name, Math.max(most.get(name) ?? 0, n));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const count = 600;
    const answers = await inParallel(count, 64, (index): Promise<Answer> =>
      index % 3 === 0
        ? cluster.call(replica, "POST", "/api/v1/erc721/mint", { chainId: CHAIN_ID, contractAddress: collection, recipientAddress: recipient(index), metadata: { name: `Pooled ${index}` } })
        : cluster.call(replica, "GET", `/api/v1/erc721/tokens?chainId=${CHAIN_ID}&contractAddress=${collection}&ownerAddress=${recipient(index - (index % 3))}`),
    );
    sampling = false;
    await sampler;
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.slice(0, 3), `${refused.length} of ${count} not answered 200`).toEqual([]);
    console.log("most connections at once, by application_name:", Object.fromEntries([...most].sort()));
    // Measured with the defaults under this load: 28 index reads and 20 app store connections.
    expect(most.get("tokenhub_app")).toBeLessThanOrEqual(APP_CONNECTIONS);
    expect(replicaPonder.reduce((sum, name) => sum + (most.get(name) ?? 0), 0)).toBeLessThanOrEqual(INDEX_CONNECTIONS);
    expect(most.get(`${indexSchema}_readonly`)).toBeGreaterThan(2);
  });
});
