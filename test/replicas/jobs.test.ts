import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { LEASE_MS } from "../../server/store/coordination/leases.js";
import { createCollectionOnChain, minedReceipt } from "../helpers/chainClient.js";
import type { TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";
import { CHAIN_ID, type Cluster, inParallel, recipient, startCluster } from "./cluster.js";

/**
 * Every background job with two API replicas on one database (docs/deploy.md, "How N replicas share the work"): work
 * handed to either replica is done once, and when the replica running the jobs is killed the other takes every job
 * over within the lease and does what was left. "Once" is counted by triggers on the rows each job writes, by the
 * events on chain and by the requests a metadata server receives. Receipts, resubmission and gap filling:
 * test/chain/replicas.test.ts and test/replicas/replicas.test.ts.
 */
/** Long enough that eight writes sent at once on a loaded machine all reach one window (each claim starts it again). */
const WINDOW_MS = 3_000;
/** Longer than any of these jobs' pass interval (the slowest here, the collection claims, every 5 s). */
const PASSES_MS = 6_000;
/** The loops that keep their lease from pass to pass: one replica runs every pass while it lives. */
const LEASED_LOOPS = ["minted token metadata", "permit token metadata", "metadata propagation", "remote metadata", "webhook index events"];

let cluster: Cluster;
let collection: Address;
let external: Address;
let server: http.Server;
const fetched = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const tokenId = (request.url ?? "").split("/").pop()!;
    fetched.set(tokenId, (fetched.get(tokenId) ?? 0) + 1);
    response.end(JSON.stringify({ name: `Remote ${tokenId}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const metadataRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokens/`;
  cluster = await startCluster({
    replicas: 2,
    externalContracts: async (chain, core) => {
      ({ address: external } = await createCollectionOnChain(chain, core.tokenFactory, "erc721", { name: "Elsewhere", symbol: "ELS", metadataRoot }));
      await mintExternal(chain, 4n);
      return [{ address: external, kind: "erc721" }];
    },
    replicaEnv: { TOKENHUB_METADATA_FETCH_ALLOW_PRIVATE: "true", TOKENHUB_METADATA_PROPAGATION_WINDOW_MS: String(WINDOW_MS) },
  });
  // Each write a job makes, one row: a job run twice for the same work shows as two.
  await cluster.pool.query(`
    CREATE TABLE public.job_effects (job text NOT NULL, subject text NOT NULL);
    CREATE FUNCTION public.count_effect() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO public.job_effects VALUES (TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[1]);
        ELSE
          INSERT INTO public.job_effects VALUES (TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[1]);
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER mint_metadata AFTER UPDATE OF metadata ON tokenhub_app.transactions
      FOR EACH ROW WHEN (NEW.metadata ? 'tokenMetadataRecorded') EXECUTE FUNCTION public.count_effect('mint metadata', 'id');
    CREATE TRIGGER permit_metadata AFTER UPDATE OF metadata_attached_at ON tokenhub_app.permits
      FOR EACH ROW WHEN (NEW.metadata_attached_at IS NOT NULL) EXECUTE FUNCTION public.count_effect('permit metadata', 'id');
    CREATE TRIGGER idempotency_purge AFTER DELETE ON tokenhub_app.idempotency_keys
      FOR EACH ROW EXECUTE FUNCTION public.count_effect('idempotency purge', 'key');`);
  const created = await cluster.call(cluster.replicas[0]!, "POST", "/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Jobs", symbol: "JOB" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  collection = created.body.contractAddress as Address;
  // The list may hold the external contract too, once the indexer has it.
  await waitFor(
    async () =>
      ((await cluster.call(cluster.replicas[1]!, "GET", `/api/v1/collections?chainId=${CHAIN_ID}`)).body.collections as { contractAddress: string }[] | undefined)?.some(
        (listed) => listed.contractAddress.toLowerCase() === collection.toLowerCase(),
      ),
    { timeoutMs: 60_000, message: () => "the collection created through one replica was never listed by the other" },
  );
  await insertIdempotencyKeys("expired-before", 5, "25 hours");
  await insertIdempotencyKeys("kept", 1, "1 hour");
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
}, 120_000);

async function mintExternal(chain: Cluster["chain"], quantity: bigint) {
  const owner = chain.accounts[0]!;
  await minedReceipt(
    chain,
    await chain.client.writeContract({ address: external, abi: tokenHubERC721Abi, functionName: "mintTo", args: [recipient(900), quantity], account: owner, chain: chain.client.chain }),
  );
}

async function insertIdempotencyKeys(prefix: string, count: number, age: string) {
  await cluster.pool.query(
    `INSERT INTO tokenhub_app.idempotency_keys (project_id, key, request_hash, state, created_at)
     SELECT (SELECT id FROM tokenhub_app.projects ORDER BY created_at LIMIT 1), $1 || '-' || n, 'hash', 'completed', now() - $3::interval
       FROM generate_series(1, $2) AS n`,
    [prefix, count, age],
  );
}

/** How many times each subject's effect of `job` was written. */
async function effects(job: string): Promise<Map<string, number>> {
  const { rows } = await cluster.pool.query<{ subject: string; n: number }>("SELECT subject, count(*)::int AS n FROM public.job_effects WHERE job = $1 GROUP BY subject", [job]);
  return new Map(rows.map((row) => [row.subject, row.n]));
}

/** Waits until each of `subjects` had its effect, then a while more (a second run would be as quick), and checks each had it once. */
async function effectOnceEach(job: string, subjects: readonly string[]) {
  await waitFor(async () => {
    const counted = await effects(job);
    return subjects.every((subject) => counted.has(subject));
  }, { timeoutMs: 120_000, message: () => `${job}: not every subject had its effect` });
  await new Promise((resolve) => setTimeout(resolve, PASSES_MS));
  const counted = await effects(job);
  expect(Object.fromEntries(subjects.map((subject) => [subject, counted.get(subject)])), job).toEqual(Object.fromEntries(subjects.map((subject) => [subject, 1])));
}

/** Each replica's count of passes per background loop, from its /metrics. */
async function passes(replica: TestService): Promise<Map<string, number>> {
  const text = await (await fetch(`${replica.baseUrl}/metrics`, { headers: { authorization: `Bearer ${cluster.indexer.adminToken}` } })).text();
  return new Map([...text.matchAll(/^tokenhub_loop_duration_seconds_count\{loop="([^"]+)"\} (\d+)$/gm)].map((match) => [match[1]!.replaceAll("_", " "), Number(match[2])]));
}

async function holders(): Promise<Map<string, string>> {
  const { rows } = await cluster.pool.query<{ name: string; holder: string }>("SELECT name, holder FROM tokenhub_app.leases WHERE expires_at > now()");
  return new Map(rows.map((row) => [row.name, row.holder]));
}

function replicaOf(holder: string | undefined): TestService | undefined {
  return cluster.replicas.find((replica) => replica.processes().some((pid) => holder?.split(":")[1] === String(pid)));
}

async function mintWithMetadata(replica: TestService, index: number) {
  const answer = await cluster.call(replica, "POST", "/api/v1/erc721/mint", {
    chainId: CHAIN_ID,
    contractAddress: collection,
    recipientAddress: recipient(index),
    metadata: { name: `Member ${index}` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { rows } = await cluster.pool.query<{ id: string }>("SELECT transaction_id AS id FROM tokenhub_app.transaction_attempts WHERE hash = $1", [answer.body.transactionHash]);
  return rows[0]!.id;
}

/** Issues an ERC-721 permit with metadata on `replica`; its recipient (a funded account) redeems it on chain. */
async function permitRedeemed(replica: TestService, index: number) {
  const account = cluster.chain.accounts[1 + (index % 3)]!;
  const issued = await cluster.call(replica, "POST", "/api/v1/erc721/permit", {
    chainId: CHAIN_ID,
    contractAddress: collection,
    recipientAddress: account.address,
    metadata: { name: `Permit ${index}` },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const prepared = issued.body.preparedCall as { to: Address; value: string; data: Hex };
  const hash = await cluster.chain.client.sendTransaction({ account, chain: cluster.chain.client.chain, to: prepared.to, value: BigInt(prepared.value), data: prepared.data });
  await minedReceipt(cluster.chain, hash);
  return issued.body.permitId as string;
}

/** The token a permit minted, once the index has its redemption, read through `replica`. */
async function permitToken(replica: TestService, permitId: string): Promise<string> {
  return waitFor(async () => {
    const answer = await cluster.call(replica, "GET", `/api/v1/permits/${permitId}`);
    return (answer.body.redemption as { tokenIds: string[] } | null)?.tokenIds[0];
  }, { timeoutMs: 60_000 });
}

async function metadataName(replica: TestService, contract: Address, tokenId: string | number) {
  const answer = await cluster.call(replica, "GET", `/api/v1/nft/metadata?chainId=${CHAIN_ID}&contractAddress=${contract}&tokenId=${tokenId}`);
  return (answer.body.metadata as { name?: string } | undefined)?.name;
}

async function announced(): Promise<{ tokenId: string; hash: Hex }[]> {
  const logs = await cluster.chain.client.getContractEvents({ address: collection, abi: tokenHubERC721Abi, eventName: "MetadataUpdate", fromBlock: 0n });
  return logs.map((log) => ({ tokenId: String(log.args._tokenId), hash: log.transactionHash }));
}

/** Writes a name to each token (all at once, or one after another); waits until each write was announced, and checks each was once. */
async function announceOnceEach(tokenIds: number[], replicaFor: (position: number) => TestService, { together = true } = {}) {
  const write = async (tokenId: number, position: number) => {
    const answer = await cluster.call(replicaFor(position), "PUT", "/api/v1/nft/tokenMetadata", { chainId: CHAIN_ID, contractAddress: collection, tokenId: String(tokenId), metadata: { name: `Renamed ${tokenId}` } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  if (together) await Promise.all(tokenIds.map(write));
  else for (const [position, tokenId] of tokenIds.entries()) await write(tokenId, position);
  const expected = tokenIds.map(String);
  await waitFor(async () => {
    const seen = new Set((await announced()).map((event) => event.tokenId));
    return expected.every((tokenId) => seen.has(tokenId));
  }, { timeoutMs: 60_000, message: () => "not every write was announced" });
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + PASSES_MS));
  const events = (await announced()).filter((event) => expected.includes(event.tokenId));
  expect(events.map((event) => event.tokenId).sort()).toEqual([...expected].sort());
  return new Set(events.map((event) => event.hash));
}

describe("background jobs with two API replicas", { timeout: 300_000 }, () => {
  it("minted token metadata: mints sent to both replicas get their metadata attached once each", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    const ids = await inParallel(12, 6, (index) => mintWithMetadata(index % 2 === 0 ? a : b, index));
    await effectOnceEach("mint metadata", ids);
    expect(await metadataName(b, collection, 1)).toMatch(/^Member \d+$/);
  });

  it("permit metadata: permits issued by both replicas and redeemed get their metadata attached once each", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    const permitIds: string[] = [];
    for (let index = 0; index < 6; index++) permitIds.push(await permitRedeemed(index % 2 === 0 ? a : b, index));
    await effectOnceEach("permit metadata", permitIds);
    for (const [index, permitId] of permitIds.entries()) {
      const tokenId = await permitToken(b, permitId);
      expect(await metadataName(index % 2 === 0 ? b : a, collection, tokenId)).toBe(`Permit ${index}`);
    }
  });

  it("metadata propagation: writes to both replicas on one collection are announced once each, in at most two transactions", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    const transactions = await announceOnceEach([1, 2, 3, 4, 5, 6, 7, 8], (position) => (position % 2 === 0 ? a : b));
    expect(transactions.size).toBeLessThanOrEqual(2);
  });

  it("remote metadata: each token of an external contract is fetched once, and both replicas serve it", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    for (const tokenId of [1, 2, 3, 4]) {
      await waitFor(async () => (await metadataName(a, external, tokenId)) === `Remote ${tokenId}` && (await metadataName(b, external, tokenId)) === `Remote ${tokenId}`, {
        timeoutMs: 60_000,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, PASSES_MS));
    expect(Object.fromEntries(fetched)).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1 });
  });

  it("idempotency key purge: keys past the retention are deleted once, the others kept", async () => {
    const expired = ["expired-before-1", "expired-before-2", "expired-before-3", "expired-before-4", "expired-before-5"];
    await effectOnceEach("idempotency purge", expired);
    const { rows } = await cluster.pool.query<{ key: string }>("SELECT key FROM tokenhub_app.idempotency_keys WHERE key LIKE 'expired-%' OR key LIKE 'kept-%'");
    expect(rows).toEqual([{ key: "kept-1" }]);
  });

  it("each leased job ran its passes in the one replica holding its lease", async () => {
    const leases = await holders();
    const counts = await Promise.all(cluster.replicas.map((replica) => passes(replica)));
    for (const loop of LEASED_LOOPS) {
      const holder = replicaOf(leases.get(loop));
      expect(holder, loop).toBeDefined();
      cluster.replicas.forEach((replica, index) => {
        if (replica === holder) expect(counts[index]!.get(loop), loop).toBeGreaterThan(0);
        else expect(counts[index]!.get(loop) ?? 0, loop).toBe(0);
      });
    }
    expect([...leases.keys()].filter((name) => name.startsWith(`receipts:${CHAIN_ID}:`))).toHaveLength(1);
  });

  it("SIGKILL of the replica running the jobs: the other holds every lease within the bound and does the work left", async () => {
    const victim = await waitFor(async () => replicaOf((await holders()).get("permit token metadata")));
    const survivor = cluster.replicas.find((replica) => replica !== victim)!;
    const victimLeases = [...(await holders())].filter(([, holder]) => replicaOf(holder) === victim).map(([name]) => name);
    const handedOver = victimLeases.filter((name) => LEASED_LOOPS.includes(name) || name.startsWith("receipts:"));
    expect(handedOver).toContain("minted token metadata");

    for (const pid of victim.processes()) process.kill(pid, "SIGKILL");
    const killedAt = Date.now();
    // Watched from the kill on, beside the work below, so that the time measured is the handover's and not the work's.
    const survivorPids = survivor.processes().map(String);
    const takeover = waitFor(
      async () => {
        const now = await holders();
        return handedOver.every((name) => survivorPids.includes(now.get(name)?.split(":")[1] ?? "")) && Date.now();
      },
      { timeoutMs: LEASE_MS * 3, intervalMs: 100, message: () => `not every lease of ${victimLeases.join(", ")} passed to the survivor` },
    );
    takeover.catch(() => undefined);
    // Work for every job, all of it through the survivor or the chain, none of it done by the requests themselves.
    const mintId = await mintWithMetadata(survivor, 100);
    const permitId = await permitRedeemed(survivor, 100);
    await mintExternal(cluster.chain, 2n);
    await insertIdempotencyKeys("expired-after", 3, "25 hours");

    const takenOver = await takeover;
    console.log(`the survivor held the dead replica's ${handedOver.length} leases ${takenOver - killedAt} ms after the kill`);
    // The lease, then the survivor's next pass of each job (up to 1 s apart, longer on a loaded machine).
    expect(takenOver - killedAt).toBeLessThan(LEASE_MS + 8_000);

    await effectOnceEach("mint metadata", [mintId]);
    await effectOnceEach("permit metadata", [permitId]);
    expect(await metadataName(survivor, collection, await permitToken(survivor, permitId))).toBe("Permit 100");
    // The first write is announced by its request; the second, inside the window, by the propagation job.
    const transactions = await announceOnceEach([9, 10], () => survivor, { together: false });
    expect(transactions.size).toBe(2);
    // Tokens 5 and 6 are fetched side by side in one pass: each is waited for.
    await waitFor(async () => (await metadataName(survivor, external, 5)) === "Remote 5" && (await metadataName(survivor, external, 6)) === "Remote 6", { timeoutMs: 60_000 });
    expect(fetched.get("5")).toBe(1);
    expect(fetched.get("6")).toBe(1);
    // The purge runs every minute: its lease is taken at the survivor's next pass.
    await effectOnceEach("idempotency purge", ["expired-after-1", "expired-after-2", "expired-after-3"]);
  });
});
