import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { type CoreAddresses, deployCore } from "../../server/chain/deployCore.js";
import { chainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";

export const CHAIN_ID = 31337;

export type Answer = { status: number; body: Record<string, unknown> };

export type Cluster = {
  chain: ReturnType<typeof chainClient>;
  signer: Address;
  indexer: TestService;
  replicas: TestService[];
  /** A pool on the database every role shares. */
  pool: pg.Pool;
  call(replica: TestService, method: string, pathname: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** Starts one more API replica on the same database, chains file, signer and master key. */
  addReplica(): Promise<TestService>;
  stop(): Promise<void>;
};

/**
 * Pools small enough that two clusters (two test files at once) fit the test server's max_connections of 100: at the
 * defaults an indexer and two replicas may open about 160 (docs/deploy.md), and a restarted indexer was refused with
 * "too many clients". A replica opens at most 8 + 6 + 12 = 26 here, the indexer 8 + 5.
 */
const SMALL_POOLS = { TOKENHUB_INDEX_CONNECTIONS: "8", TOKENHUB_DB_CONNECTIONS: "6" };

/**
 * One indexer (`tokenhub start --role indexer`) and `replicas` API replicas (`--role api`) on a fresh database of the
 * external PostgreSQL, on an anvil every role reaches through its RPC (the chains file's rpcUrl), with the core
 * contracts deployed and one funded service signer shared by the replicas, as docs/deploy.md describes.
 */
export async function startCluster(options: {
  replicas: number;
  otherChains?: { id: number; name: string; rpcUrl: string }[];
  /** Deploys contracts made elsewhere before the indexer starts, and lists them as the main chain's external contracts. */
  externalContracts?: (chain: ReturnType<typeof chainClient>, core: CoreAddresses) => Promise<{ address: Address; kind: "erc721" | "erc1155" | "erc20" }[]>;
  /** More environment for the API replicas (settings of the background jobs). */
  replicaEnv?: NodeJS.ProcessEnv;
}): Promise<Cluster> {
  const anvil: AnvilInstance = await startAnvil({ chainId: CHAIN_ID, quiet: true });
  const chain = chainClient(anvil.rpcUrl, CHAIN_ID);
  const { addresses: core } = await deployCore(chain.client, chain.accounts[0]!);
  const contracts = (await options.externalContracts?.(chain, core)) ?? [];
  const signerKey = generatePrivateKey();
  const signer = privateKeyToAccount(signerKey).address;
  await chain.client.setBalance({ address: signer, value: 10n ** 22n });

  const shared = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-replicas-"));
  const chainsFile = path.join(shared, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN_ID, name: "main", rpcUrl: anvil.rpcUrl, finality: 0, ...(contracts.length > 0 ? { contracts } : {}) }, ...(options.otherChains ?? [])] }));
  const indexer = await startTestService({ external: true, args: ["--role", "indexer"], env: { TOKENHUB_CHAINS_FILE: chainsFile, ...SMALL_POOLS } });
  const masterKeyFile = path.join(shared, "master.key");
  const generated = await indexer.cli(["master-key", "generate", masterKeyFile]);
  if (generated.code !== 0) throw new Error(`master-key generate failed: ${generated.stderr}`);
  const replicaEnv = {
    TOKENHUB_CHAINS_FILE: chainsFile,
    DATABASE_URL: indexer.env.DATABASE_URL,
    TOKENHUB_SIGNER_KEYS: signerKey,
    TOKENHUB_MASTER_KEY_FILE: masterKeyFile,
    TOKENHUB_ADMIN_TOKEN: indexer.adminToken,
    ...SMALL_POOLS,
    ...options.replicaEnv,
  };
  const replicas: TestService[] = [];
  const addReplica = async () => {
    const replica = await startTestService({ args: ["--role", "api"], env: replicaEnv });
    replicas.push(replica);
    return replica;
  };
  for (let index = 0; index < options.replicas; index++) await addReplica();
  const pool = new pg.Pool({ connectionString: indexer.env.DATABASE_URL, max: 4 });
  pool.on("error", () => undefined);

  return {
    chain,
    signer,
    indexer,
    replicas,
    pool,
    addReplica,
    async call(replica, method, pathname, body, headers = {}) {
      const response = await fetch(`${replica.baseUrl}${pathname}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${indexer.adminToken}`, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text.startsWith("{") ? (JSON.parse(text) as Record<string, unknown>) : { text } };
    },
    async stop() {
      await pool.end();
      // Replicas first: they serve the indexer's schema, whose database the indexer's destroy() drops.
      for (const replica of replicas) await replica.destroy();
      await indexer.destroy();
      await anvil.stop();
      fs.rmSync(shared, { recursive: true, force: true });
    },
  };
}

/** A recipient per mint, so that each mint's effect on chain is its own balance. */
export function recipient(index: number): Address {
  return `0x${(0x5000 + index).toString(16).padStart(40, "0")}`;
}

/** Runs `work` for 0..count-1 with at most `concurrency` at once. */
export async function inParallel<T>(count: number, concurrency: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}
