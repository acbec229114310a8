import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { freePort } from "../../server/ports.js";
import { waitFor } from "../helpers/waitFor.js";
import { CHAIN_ID, type Cluster, startCluster } from "./cluster.js";

const OTHER_ID = 31338;
let cluster: Cluster;
let other: AnvilInstance | undefined;
let otherPort: number;

beforeAll(async () => {
  // The other chain's RPC: a port nothing listens on until the test starts a node there.
  otherPort = await freePort();
  cluster = await startCluster({ replicas: 1, otherChains: [{ id: OTHER_ID, name: "other", rpcUrl: `http://127.0.0.1:${otherPort}` }] });
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  await other?.stop();
}, 120_000);

describe("an API replica follows the indexer", { timeout: 300_000 }, () => {
  it("to the build the indexer makes when a chain whose RPC was down joins, on the same index schema", async () => {
    const [replica] = cluster.replicas;
    // pg_views reads a view's definition outside the query's snapshot: while the views are switched, it may fail.
    const answeringBuild = async () =>
      (await cluster.pool
        .query<{ definition: string }>("SELECT definition FROM pg_views WHERE schemaname = 'tokenhub_index' AND viewname = '_ponder_meta'")
        .then(({ rows }) => rows[0]?.definition, () => undefined)) ?? "";
    const before = await answeringBuild();
    expect(replica!.runtime().indexSchema).toBe("tokenhub_index");
    expect((await cluster.call(replica!, "GET", `/api/v1/collections?chainId=${CHAIN_ID}`)).status).toBe(200);
    expect((await cluster.call(replica!, "GET", `/api/v1/collections?chainId=${OTHER_ID}`)).body).toMatchObject({ success: false, code: "CHAIN_UNAVAILABLE" });

    other = await startAnvil({ chainId: OTHER_ID, port: otherPort, quiet: true });
    await waitFor(() => cluster.indexer.output().includes("restarting the indexer with it"), { timeoutMs: 60_000 });
    await waitFor(async () => ![before, ""].includes(await answeringBuild()) && (await cluster.call(replica!, "GET", `/api/v1/collections?chainId=${OTHER_ID}`).catch(() => ({ status: 0 }))).status === 200, {
      timeoutMs: 120_000,
      message: () => `the replica does not answer for the chain that joined:\n${replica!.output().slice(-3000)}`,
    });
    expect(replica!.runtime().indexSchema).toBe("tokenhub_index");
    expect((await cluster.call(replica!, "GET", `/api/v1/collections?chainId=${CHAIN_ID}`)).status).toBe(200);
  });
});
