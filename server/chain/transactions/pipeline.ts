import { createHash, randomUUID } from "node:crypto";
import { getAddress, isAddress, isHex, type Address, type Hex } from "viem";
import type pg from "pg";
import { ChainUnavailableError, TokenhubError, ValidationError } from "../../errors.js";
import type { Logger } from "../../logger.js";
import { createLease, type Lease } from "../../store/coordination/leases.js";
import { findTransactionByHash, type TransactionRecord } from "../../store/transactionRecord.js";
import { reopenFinal } from "../../store/transactionWatch.js";
import { createChainRuntime, type ChainRuntime, type PipelineChain } from "./chainRuntime.js";
import { NO_EVENTS, type TransactionEvents } from "./events.js";
import type { ChainView } from "./finality.js";
import type { Joinable } from "./joinCalls.js";
import { createLoop, type Loop } from "../../jobs/loop.js";
import { createLocalMiner } from "./localMiner.js";
import { NO_OBSERVER, type PipelineObserver } from "./observer.js";
import { resolvePipelineOptions, type PipelineOptions } from "./options.js";
import { createReceiptMonitor } from "./receiptMonitor.js";
import { recoverChain } from "./recovery.js";
import type { RpcRetryOptions } from "./rpcRetry.js";
import type { SentTransaction } from "./signerLane.js";

export type { PipelineChain } from "./chainRuntime.js";
export type { PipelineOptions } from "./options.js";
export type { SentTransaction } from "./signerLane.js";
export type { TransactionRecord } from "../../store/transactionRecord.js";
export type { ChainView } from "./finality.js";
export type { ReceiptLog, ReplacementReason, TransactionEvents } from "./events.js";
export type { TransactionStatus } from "./states.js";

export type TransactionRequest = {
  chainId: number;
  to: Address;
  data: Hex;
  value?: bigint;
  /** Send from this signer (e.g. to revoke a permit it signed); by default the chain's signers take turns. */
  from?: Address;
  /** What the transaction is for (`erc721.mint`, …): kept with the record for operators and the API. */
  purpose: string;
  projectId?: string;
  metadata?: Record<string, unknown>;
  /**
   * The id of the write request (operation) this call does the work of, with projectId: recorded with the transaction
   * that carries the call (and the call's position in it when joined), in the same database transaction.
   */
  operationId?: string;
  /**
   * The call may share one transaction with other joinable calls of the same purpose to the same contract for the
   * same project (mints): it then answers with the same hash as they do. `true` joins them in `multicall(bytes[])`
   * (every tokenhub token contract has it); a batch mint folds `mintTo` calls into the collection's `mintToMany` or
   * `mintBatch`.
   */
  joinable?: Joinable;
  /**
   * Rows the request stores with its transaction, written in the database transaction that records it, before the
   * broadcast: if they cannot be written, nothing is sent (and the batch it was recorded with is refused too). Not
   * for joinable calls.
   */
  onRecord?: (client: pg.PoolClient, transactionId: string) => Promise<void>;
};

export type TransactionPipeline = {
  /**
   * Simulates the call, then signs, records and broadcasts it; resolves once it is broadcast. A call that would revert
   * throws ChainRejectedError and spends no nonce (a joinable call too: it is simulated with the calls it joins, and
   * alone if they revert together). Once recorded, a transaction is never dropped: if broadcasting
   * fails, the receipt loop (or the next start) broadcasts it again.
   */
  send(request: TransactionRequest): Promise<SentTransaction>;
  /** The transaction one of whose attempts has this hash. */
  get(chainId: number, hash: Hex): Promise<TransactionRecord | undefined>;
  /**
   * A final transaction whose receipt the chain no longer has goes back under the receipt loop's watch, which finds
   * its block gone and sends it again: finality 0 (the local chain's default) trusts a block that `anvil_rollback`
   * can still take away, and a mint answered 200 must not be lost to it.
   */
  reopenLost(record: TransactionRecord): Promise<void>;
  /**
   * The chain's head and highest final block, as the chain's finality defines it (the `finalized` tag or a number of
   * confirmations): what a transaction's confirmations and finality are measured against.
   */
  chainView(chainId: number): Promise<ChainView>;
  /** Resolves once the transaction is no longer pending. */
  waitForReceipt(chainId: number, hash: Hex, options?: { timeoutMs?: number }): Promise<TransactionRecord>;
  /** Start-up recovery of every chain, then the background loops. */
  start(): Promise<void>;
  /** Refuses new sends, lets accepted ones finish recording and broadcasting, then stops the loops. */
  stop(): Promise<void>;
};

/** How often the embedded chain is looked at for transactions left over from its last block. */
const LOCAL_MINER_MS = 500;

export type PipelineOverrides = Partial<Omit<PipelineOptions, "rpcRetry">> & { rpcRetry?: Partial<RpcRetryOptions> };

export class ReceiptTimeoutError extends Error {
  override name = "ReceiptTimeoutError";
  constructor(hash: Hex, timeoutMs: number) {
    super(`Transaction ${hash} was still pending after ${timeoutMs} ms.`);
  }
}

/**
 * The transaction pipeline (architecture.md, "Transactions"): simulate, allocate a nonce, sign and record (the
 * outbox), broadcast in nonce order; a loop per chain confirms, resubmits and repairs. One instance per process;
 * replicas coordinate through the database only: a signer's lock orders its broadcasts (signerLane.ts), and each
 * chain's receipt pass (receipts, finality, resubmission, gap filling) runs in the one replica that holds the chain's
 * lease (server/store/coordination/leases.ts; named by the chain and its signers, which every replica configures alike); every replica recovers each chain at start-up.
 *
 * @example
 * const pipeline = createTransactionPipeline({ pool, chains: [{ id: 31337, rpcUrl: [url], signers }], logger });
 * await pipeline.start();
 * const { hash } = await pipeline.send({ chainId: 31337, to: collection, data, purpose: "erc721.mint" });
 */
export function createTransactionPipeline(deps: {
  pool: pg.Pool;
  chains: PipelineChain[];
  logger: Logger;
  options?: PipelineOverrides;
  /** This replica's name in the leases it holds; one per process. */
  replica?: string;
  observer?: PipelineObserver;
  /** Told of each change of a transaction's state inside the database transaction that records it (events.ts). */
  events?: TransactionEvents;
}): TransactionPipeline {
  const options = resolvePipelineOptions(deps.options);
  const { pool } = deps;
  const observer = deps.observer ?? NO_OBSERVER;
  // A chain without signers is still served for reads elsewhere; here it only refuses sends.
  const runtimes = new Map<number, ChainRuntime>(
    deps.chains
      .filter((chain) => chain.signers.length > 0)
      .map((chain) => [chain.id, createChainRuntime(chain, { pool, logger: deps.logger, options, observer, events: deps.events ?? NO_EVENTS })]),
  );
  // A chain whose RPC was down at start-up is recovered by its loop later; until then it refuses sends.
  const recovered = new Set<number>();
  const loops: Loop[] = [];
  const leases: Lease[] = [];
  const replica = deps.replica ?? randomUUID();
  const accepted = new Set<Promise<unknown>>();
  let state: "created" | "running" | "stopped" = "created";

  const recover = async (runtime: ChainRuntime): Promise<void> => {
    await recoverChain({ pool, runtime });
    recovered.add(runtime.id);
  };

  const sendOn = async (runtime: ChainRuntime, request: TransactionRequest): Promise<SentTransaction> => {
    if (!isHex(request.data)) throw new ValidationError("Transaction data must be hex.");
    if (request.joinable && request.onRecord) throw new Error("A joinable call cannot store rows with its transaction.");
    if (!isAddress(request.to, { strict: false })) throw new ValidationError(`Not an address: ${request.to}.`);
    if (request.operationId !== undefined && request.projectId === undefined) throw new Error("An operation belongs to a project: send operationId with projectId.");
    const to = getAddress(request.to);
    const value = request.value ?? 0n;
    const signer = request.from === undefined ? runtime.nextSigner() : runtime.signers.find((candidate) => candidate.address === getAddress(request.from!));
    if (signer === undefined) {
      throw new TokenhubError(409, "CONFLICT", `${request.from} is not a configured signer of chain ${runtime.id} (anymore); it alone can send this transaction.`);
    }
    // A joinable call is simulated in the lane, together with the calls it joins.
    const gasLimit = request.joinable ? null : await runtime.gasLimitFor(signer.address, { to, data: request.data, value });
    return runtime.lanes.get(signer.address)!.submit({
      to,
      data: request.data,
      value,
      gasLimit,
      purpose: request.purpose,
      projectId: request.projectId ?? null,
      metadata: request.metadata ?? {},
      joinable: request.joinable ?? false,
      onRecord: request.onRecord,
      operations: [request.operationId ?? null],
    });
  };

  return {
    send(request) {
      if (state !== "running") return Promise.reject(new ChainUnavailableError("The transaction pipeline is not running."));
      const runtime = runtimes.get(request.chainId);
      if (runtime === undefined) {
        return Promise.reject(new ChainUnavailableError(`Chain ${request.chainId} has no transaction signer configured (TOKENHUB_SIGNER_KEYS_${request.chainId}).`));
      }
      if (!recovered.has(runtime.id)) {
        return Promise.reject(new ChainUnavailableError(`Chain ${runtime.id} is not ready: its RPC has not answered since start-up.`));
      }
      const sending = sendOn(runtime, request);
      accepted.add(sending);
      void sending.catch(() => undefined).finally(() => accepted.delete(sending));
      return sending;
    },

    get: (chainId, hash) => findTransactionByHash(pool, chainId, hash),

    async reopenLost(record) {
      if (!record.final || record.blockHash === null) return;
      if (await reopenFinal(pool, { id: record.id, blockHash: record.blockHash })) {
        deps.logger.warn("a final transaction's block is gone from the chain: watched again and sent again", {
          chainId: record.chainId,
          hash: record.hash,
          block: `${record.blockNumber} ${record.blockHash}`,
        });
      }
    },

    chainView(chainId) {
      const runtime = runtimes.get(chainId);
      if (runtime === undefined) return Promise.reject(new ChainUnavailableError(`Chain ${chainId} has no transaction signer configured.`));
      return runtime.chainView.read();
    },

    async waitForReceipt(chainId, hash, { timeoutMs = 60_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const record = await findTransactionByHash(pool, chainId, hash);
        if (record !== undefined && record.status !== "pending") return record;
        if (Date.now() > deadline) throw new ReceiptTimeoutError(hash, timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, Math.min(options.receiptPollMs, 250)));
      }
    },

    async start() {
      if (state !== "created") throw new Error(`The transaction pipeline cannot start once ${state}.`);
      for (const runtime of runtimes.values()) {
        await recover(runtime).catch((error: unknown) =>
          runtime.logger.error("start-up recovery failed; the chain refuses sends until its loop recovers it", { error }),
        );
        const monitor = createReceiptMonitor({ pool, runtime, options });
        const lease = createLease({ pool, name: receiptLeaseName(runtime), holder: replica });
        leases.push(lease);
        const pass = async () => {
          const started = performance.now();
          let failed = true;
          try {
            await (recovered.has(runtime.id) ? lease.runIfHeld(() => monitor.tick()) : recover(runtime));
            failed = false;
          } finally {
            observer.receiptPass(runtime.id, (performance.now() - started) / 1000, failed);
          }
        };
        const loop = createLoop(pass, {
          intervalMs: options.receiptPollMs,
          name: "receipt pass",
          logger: runtime.logger,
        });
        loop.start();
        loops.push(loop);
        if (runtime.local) {
          const miner = createLocalMiner({ rpc: runtime.rpc, logger: runtime.logger });
          const mining = createLoop(() => miner.pass(), { intervalMs: LOCAL_MINER_MS, name: "local miner", logger: runtime.logger });
          mining.start();
          loops.push(mining);
        }
      }
      state = "running";
    },

    async stop() {
      if (state === "stopped") return;
      state = "stopped";
      for (const runtime of runtimes.values()) for (const lane of runtime.lanes.values()) lane.close();
      await Promise.allSettled(accepted);
      for (const runtime of runtimes.values()) {
        await Promise.all([...runtime.lanes.values()].map((lane) => lane.idle()));
        await runtime.broadcaster.idle();
      }
      await Promise.all(loops.map((loop) => loop.stop()));
      await Promise.all(leases.map((lease) => lease.release().catch((error: unknown) => deps.logger.warn("could not give a lease back; it expires", { lease: lease.name, error }))));
    },
  };
}

/** Replicas sharing a chain's signers share its receipt pass; a pipeline with other signers (a test's) has its own. */
function receiptLeaseName(runtime: ChainRuntime): string {
  const signers = runtime.signers.map((signer) => signer.address.toLowerCase()).sort().join(",");
  return `receipts:${runtime.id}:${createHash("sha256").update(signers).digest("hex").slice(0, 12)}`;
}
