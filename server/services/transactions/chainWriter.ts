import { randomUUID } from "node:crypto";
import type { Address, Hex, LocalAccount, PublicClient, TransactionReceipt } from "viem";
import { ChainUnavailableError } from "../../errors.js";
import type { TransactionPipeline } from "../../chain/transactions/pipeline.js";
import type { RuntimeConfig } from "../../config/runtime.js";

/** What the write services need from the chain side, wired once at start-up. */
export type ChainWriter = {
  pipeline: TransactionPipeline;
  runtime: RuntimeConfig;
  /** The service signers of each chain: they receive the minter and metadata roles of created collections. */
  signerAddresses: ReadonlyMap<number, readonly Address[]>;
  /** The same signers as accounts, for what is signed off chain (mint permits). */
  signerAccounts: ReadonlyMap<number, readonly LocalAccount[]>;
  publicClient(chainId: number): PublicClient;
};

/**
 * Who asks for a write: the project, and the Idempotency-Key it sent. The key is recorded with the transaction so
 * that a request interrupted after sending can be answered with what it sent instead of sending again.
 */
export type Caller = { projectId: string; idempotencyKey?: string };

/**
 * What a write's transaction is recorded with: its project, its metadata (and the Idempotency-Key), and a new
 * operationId, the id of this request that its answer carries and GET /api/v1/operations/<id> finds.
 */
export function recordedWith(caller: Caller, metadata: Record<string, unknown> = {}): { projectId: string; metadata: Record<string, unknown>; operationId: string } {
  return {
    projectId: caller.projectId,
    metadata: caller.idempotencyKey === undefined ? metadata : { ...metadata, idempotencyKey: caller.idempotencyKey },
    operationId: randomUUID(),
  };
}

/** The chain's explorer page for the transaction, or, for a chain without one, the service's own status route. */
export function transactionUrl(runtime: RuntimeConfig, chainId: number, hash: Hex): string {
  const chain = runtime.chains.find((candidate) => candidate.id === chainId);
  if (chain?.explorerUrl) return `${chain.explorerUrl.replace(/\/+$/, "")}/tx/${hash}`;
  return `${runtime.publicUrl}/api/v1/transactions/${hash}`;
}

export type SentWrite = { success: true; transactionHash: Hex; transactionUrl: string; operationId: string };

export function sentWrite(runtime: RuntimeConfig, chainId: number, hash: Hex, operationId: string): SentWrite {
  return { success: true, transactionHash: hash, transactionUrl: transactionUrl(runtime, chainId, hash), operationId };
}

/**
 * Whether every one of `addresses` has code on the chain now. A chain learns at start-up (or when its RPC first
 * answers) whether tokenhub's contracts are there; they may be deployed after that, and a write that needs them asks
 * the chain again rather than refuse until a restart. An RPC that does not answer counts as not deployed.
 */
export async function deployedNow(writer: Pick<ChainWriter, "publicClient">, chainId: number, addresses: readonly Address[]): Promise<boolean> {
  const client = writer.publicClient(chainId);
  const codes = await Promise.all(addresses.map((address) => client.getCode({ address }).catch(() => undefined)));
  return codes.every((code) => code !== undefined && code !== "0x");
}

/** A mined transaction's receipt; an RPC that cannot give it is a 503, never a 500. */
export async function readReceipt(writer: Pick<ChainWriter, "publicClient">, chainId: number, hash: Hex): Promise<TransactionReceipt> {
  try {
    return await writer.publicClient(chainId).getTransactionReceipt({ hash });
  } catch (error) {
    throw new ChainUnavailableError(`Chain ${chainId} did not return the receipt of ${hash}; try again shortly.`, { cause: error });
  }
}
