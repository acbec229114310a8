import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  it("keeps to TOKENHUB_INDEX_CONNECTIONS and TOKENHUB_DB_CONNECTIONS under 64 concurrent reads and mints, and answers every one", async () => {
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
    const seen = Object.fromEntries([...most].sort());
    console.log("most connections at once, by application_name:", seen);
    // The load fills both pools, so larger defaults would show here; neither goes past its setting.
    expect(most.get("tokenhub_app")).toBe(APP_CONNECTIONS);
    expect(most.get(`${indexSchema}_readonly`)).toBe(INDEX_CONNECTIONS - 2);
    expect(replicaPonder.reduce((sum, name) => sum + (most.get(name) ?? 0), 0)).toBeLessThanOrEqual(INDEX_CONNECTIONS);
  });
});
