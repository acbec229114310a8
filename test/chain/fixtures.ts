import { encodeFunctionData, parseEther, TransactionNotFoundError, type Address, type Hex, type LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { deployCore, type CoreAddresses } from "../../server/chain/deployCore.js";
import type { FinalitySetting } from "../../server/chain/transactions/finality.js";
import {
  createTransactionPipeline,
  type PipelineChain,
  type PipelineOverrides,
  type TransactionPipeline,
  type TransactionRecord,
} from "../../server/chain/transactions/pipeline.js";
import type pg from "pg";
import { createLogger, type Logger } from "../../server/logger.js";
import { createCollection } from "../contracts/fixtures.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";
import { waitFor } from "../helpers/waitFor.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

/** Options that make the loops fast enough for tests; each test overrides what it exercises. */
export const FAST_OPTIONS: PipelineOverrides = {
  receiptPollMs: 50,
  dropGraceMs: 1_000,
  resubmitAfterMs: 10_000,
  feeCacheMs: 200,
  rpcRetry: { count: 8, baseDelayMs: 20, maxDelayMs: 250 },
};

/** Log lines kept in memory: quiet tests, and something to search for secrets. */
export function memoryLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const echo = process.env.TEST_PIPELINE_LOGS === "1";
  const logger = createLogger({
    level: "debug",
    write: (line) => {
      lines.push(line);
      if (echo) process.stdout.write(line);
    },
  });
  return { logger, lines };
}

export type PipelineWorld = {
  chain: TestChain;
  db: TestDatabase;
  core: CoreAddresses;
  /** A new funded key, unknown to everything else on the chain. */
  newSigner(): Promise<LocalAccount & { privateKey: Hex }>;
  /** An ERC-721 collection created through the factory, with these minters. */
  erc721(minters: readonly Address[], options?: { transferable?: boolean }): Promise<Address>;
  /** A pipeline on the world's chain; `pool` gives it another database (another installation with the same keys). */
  pipeline(
    signers: LocalAccount[],
    options?: PipelineOverrides & { rpcUrl?: string; logger?: Logger; finality?: FinalitySetting; pool?: pg.Pool; replica?: string; rpcLimits?: PipelineChain["rpcLimits"] },
  ): Promise<TransactionPipeline>;
  stop(): Promise<void>;
};

/** One anvil with the core contracts, one migrated database, and pipelines that are all stopped by stop(). */
export async function startPipelineWorld(): Promise<PipelineWorld> {
  const [chain, db] = await Promise.all([startTestChain(), createTestDatabase()]);
  const { addresses: core } = await deployCore(chain.client, chain.accounts[0]!);
  const pipelines: TransactionPipeline[] = [];
  return {
    chain,
    db,
    core,
    async newSigner() {
      const privateKey = generatePrivateKey();
      const account = privateKeyToAccount(privateKey);
      await chain.client.setBalance({ address: account.address, value: parseEther("1000") });
      return Object.assign(account, { privateKey });
    },
    erc721: (minters, options = {}) =>
      createCollection(chain, core.tokenFactory, {
        kind: "ERC721",
        from: chain.accounts[0]!,
        admin: chain.accounts[0]!.address,
        minters,
        transferable: options.transferable ?? true,
      }),
    async pipeline(signers, options = {}) {
      const { rpcUrl, logger, finality, pool, replica, rpcLimits, ...overrides } = options;
      const pipeline = createTransactionPipeline({
        pool: pool ?? db.pool,
        chains: [{ id: chain.chainId, rpcUrl: [rpcUrl ?? chain.node.rpcUrl], signers, finality, rpcLimits }],
        logger: logger ?? memoryLogger().logger,
        replica,
        options: { ...FAST_OPTIONS, ...overrides, rpcRetry: { ...FAST_OPTIONS.rpcRetry, ...overrides.rpcRetry } },
      });
      await pipeline.start();
      pipelines.push(pipeline);
      return pipeline;
    },
    async stop() {
      await Promise.allSettled(pipelines.map((pipeline) => pipeline.stop()));
      await Promise.allSettled([chain.stop(), db.drop()]);
    },
  };
}

export function mintToData(to: Address, quantity = 1n): Hex {
  return encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "mintTo", args: [to, quantity] });
}

/** Distinct recipients, so that every mint is visible on its own on chain. */
export function recipient(index: number): Address {
  return `0x${(0x1000 + index).toString(16).padStart(40, "0")}`;
}

export function totalMinted(world: PipelineWorld, collection: Address): Promise<bigint> {
  return world.chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
}

export function chainNonce(world: PipelineWorld, address: Address, blockTag: "latest" | "pending" = "latest"): Promise<number> {
  return world.chain.client.getTransactionCount({ address, blockTag });
}

/**
 * Waits for the fee bump of `hash` to be recorded and then taken by the node. The pipeline records an attempt before
 * it broadcasts it (the outbox), so a test that mines as soon as the record shows can mine a block the replacement
 * is not yet in: with automine off, nothing would ever mine it.
 */
export async function feeBumpOnNode(world: PipelineWorld, pipeline: TransactionPipeline, hash: Hex, options: { timeoutMs?: number } = {}): Promise<TransactionRecord> {
  return waitFor(
    async () => {
      const record = await pipeline.get(world.chain.chainId, hash);
      if (record === undefined || record.previousHashes.length === 0) return false;
      const onNode = await world.chain.client.getTransaction({ hash: record.hash }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof TransactionNotFoundError) return false;
          throw error;
        },
      );
      return onNode && record;
    },
    { timeoutMs: options.timeoutMs ?? 15_000, intervalMs: 20, message: () => `no fee bump of ${hash} recorded and broadcast` },
  );
}
