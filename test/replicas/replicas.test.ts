import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { LEASE_MS } from "../../server/store/coordination/leases.js";
import type { TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";
import { type Answer, CHAIN_ID, type Cluster, inParallel, recipient, startCluster } from "./cluster.js";

/** Acceptance 1 sends MINTS mints; fewer than the 1,000 when REPLICA_MINTS says so (a slow machine). */
const MINTS = Number(process.env.REPLICA_MINTS ?? 1_000);

let cluster: Cluster;
let collection: Address;
let firstHash: Hex;

beforeAll(async () => {
  cluster = await startCluster({ replicas: 2 });
  const created = await cluster.call(cluster.replicas[0]!, "POST", "/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Replicated", symbol: "REP" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  collection = created.body.contractAddress as Address;
  await waitForIndexed(cluster.replicas[1]!, `/api/v1/collections?chainId=${CHAIN_ID}`, (body) => (body.collections as unknown[]).length === 1);
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
}, 120_000);

async function waitForIndexed(replica: TestService, pathname: string, done: (body: Record<string, unknown>) => boolean) {
  return waitFor(
    async () => {
      const answer = await cluster.call(replica, "GET", pathname);
      return answer.status === 200 && done(answer.body) && answer;
    },
    { timeoutMs: 60_000, message: () => `${pathname} never answered as expected` },
  );
}

async function balanceOf(owner: Address): Promise<bigint> {
  return cluster.chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [owner] });
}

async function noneLeftPending() {
  await waitFor(async () => (await cluster.pool.query("SELECT count(*)::int AS n FROM tokenhub_app.transactions WHERE status = 'pending'")).rows[0].n === 0, {
    timeoutMs: 120_000,
    message: () => "transactions still pending",
  });
}

async function signerNonces(): Promise<number[]> {
  const { rows } = await cluster.pool.query<{ nonce: number }>("SELECT nonce::int AS nonce FROM tokenhub_app.transactions WHERE chain_id = $1 AND signer = $2 ORDER BY nonce", [
    CHAIN_ID,
    cluster.signer,
  ]);
  return rows.map((row) => row.nonce);
}

describe("one indexer and two API replicas on one PostgreSQL", { timeout: 600_000 }, () => {
  it(`${MINTS} mints sent round-robin, each again with its Idempotency-Key to the other replica: once on chain each, the first answer twice, nonces contiguous`, async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    const mint = (index: number, to: TestService) =>
      cluster.call(to, "POST", "/api/v1/erc721/mint", { chainId: CHAIN_ID, contractAddress: collection, recipientAddress: recipient(index) }, { "Idempotency-Key": `acceptance-1-${index}` });
    const started = performance.now();
    const first = await inParallel(MINTS, 64, (index) => mint(index, index % 2 === 0 ? a : b));
    console.log(`${MINTS} mints over two replicas answered in ${(performance.now() - started).toFixed(0)} ms`);
    expect(first.filter((answer) => answer.status !== 200)).toEqual([]);
    const again = await inParallel(MINTS, 64, (index) => mint(index, index % 2 === 0 ? b : a));
    again.forEach((answer, index) => expect(answer).toEqual(first[index]));
    firstHash = first[0]!.body.transactionHash as Hex;

    await noneLeftPending();
    const balances = await inParallel(MINTS, 32, (index) => balanceOf(recipient(index)));
    expect(balances.filter((balance) => balance !== 1n)).toEqual([]);
    expect(await cluster.chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(BigInt(MINTS));
    const nonces = await signerNonces();
    expect(nonces).toEqual(nonces.map((_, index) => index));
    expect(await cluster.chain.client.getTransactionCount({ address: cluster.signer })).toBe(nonces.length);
  });

  it("both replicas answer every read route of the OpenAPI document identically", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    await waitForIndexed(a, `/api/v1/erc721/tokens?chainId=${CHAIN_ID}&contractAddress=${collection}&ownerAddress=${recipient(MINTS - 1)}`, (body) => (body.tokens as unknown[]).length === 1);
    const document = (await (await fetch(`${a.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const values: Record<string, string> = {
      chainId: String(CHAIN_ID),
      contractAddress: collection,
      contractAddresses: `[${collection}]`,
      tokenId: "1",
      tokenIds: "[1,2]",
      ownerAddress: recipient(0),
      recipientAddress: recipient(0),
      tokenChainId: String(CHAIN_ID),
      tokenContractAddress: collection,
      hash: firstHash,
      transactionHash: firstHash,
    };
    const reads = Object.entries(document.paths)
      .filter(([, operations]) => operations.get !== undefined)
      .map(([template, operations]) => {
        const pathname = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "1");
        // Each route gets the query parameters it declares: an undeclared one is refused (strict parameters).
        const declared = new Set((operations.get?.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name));
        const query = Object.entries(values).filter(([name]) => declared.has(name));
        return `${pathname}?${new URLSearchParams(query).toString()}`;
      });
    expect(reads.length).toBeGreaterThan(10);
    const answered: Record<string, number> = {};
    for (const read of reads) {
      const [fromA, fromB] = await Promise.all([cluster.call(a, "GET", read), cluster.call(b, "GET", read)]);
      // An error's request id is the one thing each replica makes up itself.
      const comparable = (answer: Answer) => ({ status: answer.status, body: { ...answer.body, requestId: undefined } });
      expect(comparable(fromB), read).toEqual(comparable(fromA));
      answered[read.split("?")[0]!] = fromA.status;
    }
    for (const route of ["/api/v1/erc721/tokens", "/api/v1/erc721/owners", "/api/v1/collections", `/api/v1/transactions/${firstHash}`, "/api/v1/nft/metadata"]) {
      expect(answered[route], route).toBe(200);
    }
  });

  it("a replica killed mid-burst: every mint answered 200 is on chain once, and the survivor finishes its background work within the lease", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    const holderOf = async (lease: string) =>
      (await cluster.pool.query<{ holder: string }>("SELECT holder FROM tokenhub_app.leases WHERE name = $1 AND expires_at > now()", [lease])).rows[0]?.holder;
    const replicaOf = (holder: string | undefined) => cluster.replicas.find((replica) => replica.processes().some((pid) => holder?.split(":")[1] === String(pid)));
    // The victim is the replica attaching minted tokens' metadata: its death leaves that job to the survivor.
    const victim = await waitFor(async () => replicaOf(await holderOf("minted token metadata")));
    const survivor = victim === a ? b : a;
    // The jobs renewed on every pass (up to 1 s apart) and the chain's receipt pass: the survivor must hold each of them.
    const { rows: held } = await cluster.pool.query<{ name: string; holder: string }>("SELECT name, holder FROM tokenhub_app.leases WHERE expires_at > now()");
    const victimJobs = held
      .filter((lease) => replicaOf(lease.holder) === victim)
      .map((lease) => lease.name)
      .filter((name) => ["minted token metadata", "permit token metadata", "metadata propagation", "remote metadata", "webhook index events"].includes(name) || name.startsWith("receipts:"));
    const count = 300;
    const offset = 10_000;
    let killedAt = 0;
    // Watched from the kill on, beside the burst, so that the time measured is the handover's and not the burst's.
    const survivorPids = survivor.processes().map(String);
    let takeover: Promise<number> | undefined;
    const watchTakeover = () => {
      const watched = waitFor(
        async () => {
          for (const name of victimJobs) if (!survivorPids.includes((await holderOf(name))?.split(":")[1] ?? "")) return undefined;
          return Date.now();
        },
        { timeoutMs: LEASE_MS * 3, intervalMs: 100, message: () => `not every lease of ${victimJobs.join(", ")} passed to the survivor` },
      );
      watched.catch(() => undefined);
      return watched;
    };
    const answers = await inParallel(count, 32, async (index): Promise<Answer> => {
      if (index === count / 3 && killedAt === 0) {
        for (const pid of victim.processes()) process.kill(pid, "SIGKILL");
        killedAt = Date.now();
        takeover = watchTakeover();
      }
      const to = index % 2 === 0 ? a : b;
      return cluster
        .call(to, "POST", "/api/v1/erc721/mint", {
          chainId: CHAIN_ID,
          contractAddress: collection,
          recipientAddress: recipient(offset + index),
          metadata: { name: `Burst ${index}` },
        })
        .catch((error: unknown) => ({ status: 0, body: { error: String(error) } }));
    });
    const ok = answers.flatMap((answer, index) => (answer.status === 200 ? [index] : []));
    console.log(`burst: ${ok.length} of ${count} answered 200 (${answers.filter((answer) => answer.status === 0).length} cut by the kill)`);
    expect(ok.length).toBeGreaterThan(count / 2);

    const takenOver = await takeover!;
    console.log(`the survivor held the dead replica's ${victimJobs.length} leases (${victimJobs.join(", ")}) ${takenOver - killedAt} ms after the kill`);
    expect(victimJobs).toContain("minted token metadata");
    // The lease, then the survivor's next pass of each job (up to 1 s apart, longer on a loaded machine).
    expect(takenOver - killedAt).toBeLessThan(LEASE_MS + 8_000);
    await noneLeftPending();
    const balances = await inParallel(count, 32, (index) => balanceOf(recipient(offset + index)));
    for (const index of ok) expect(balances[index], `mint ${index}`).toBe(1n);
    expect(balances.filter((balance) => balance > 1n)).toEqual([]);
    await inParallel(ok.length, 16, (position) =>
      waitForIndexed(
        survivor,
        `/api/v1/erc721/tokens?chainId=${CHAIN_ID}&contractAddress=${collection}&ownerAddress=${recipient(offset + ok[position]!)}`,
        (body) => (body.tokens as { metadata?: { name?: string } }[])[0]?.metadata?.name === `Burst ${ok[position]}`,
      ),
    );
    // The job's own rows: the transaction of every mint answered 200 (mints joined, several to one) is mined and has
    // the metadata recorded. Reads show a mint's metadata before the job records it, so the rows are what proves the
    // job ran; its pass comes every 500 ms, so the last mints mined are recorded a pass after they turned success.
    const hashes = [...new Set(ok.map((index) => answers[index]!.body.transactionHash as string))];
    const unrecorded = async () => {
      const { rows } = await cluster.pool.query<{ status: string; recorded: boolean }>(
        `SELECT t.status, t.metadata ? 'tokenMetadataRecorded' AS recorded
           FROM tokenhub_app.transaction_attempts a JOIN tokenhub_app.transactions t ON t.id = a.transaction_id
          WHERE a.hash = ANY($1)`,
        [hashes],
      );
      expect(rows).toHaveLength(hashes.length);
      return rows.filter((row) => row.status !== "success" || !row.recorded);
    };
    await waitFor(async () => (await unrecorded()).length === 0, { timeoutMs: 30_000, message: () => "mints whose metadata the survivor never recorded" });
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 60_000);
  });
});
