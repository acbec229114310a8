import fs from "node:fs";
import path from "node:path";
import { bytesToHex, parseEventLogs, type Address, type Hex } from "viem";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { anvilDevAccount, startAnvil, type AnvilInstance } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";

/** Base Sepolia's id: the chain a team tries first, as issue 26 did. */
export const TIMED_CHAIN_ID = 84532;

export type TimedChain = {
  node: AnvilInstance;
  chain: ChainClient;
  /** The service's signer on this chain: an anvil dev account the tests and the deployer do not use. */
  signerKey: Hex;
  /**
   * Writes a chains file serving this chain as a remote one (its RPC at `rpcUrl`, this node's by default), with
   * `settings` beside: per-chain RPC limits, finality. With core contracts deployed by startTimedChain, indexed from
   * block 0. Returns the file's path.
   */
  writeChainsFile(directory: string, settings?: Record<string, unknown>, rpcUrl?: string): string;
  stop(): Promise<void>;
};

/**
 * An anvil that makes a block every `blockTime` seconds under a block gas limit, as public chains do (not one block
 * per transaction as the embedded chain), with `history` blocks mined first and tokenhub's core contracts deployed,
 * unless `deployCore` is false: then `tokenhub contract deploy` is what deploys them, and the chains file leaves
 * startBlock to the block it records.
 */
export async function startTimedChain(options: { blockTime?: number; gasLimit?: number; history?: number; deployCore?: boolean } = {}): Promise<TimedChain> {
  const node = await startAnvil({ chainId: TIMED_CHAIN_ID, blockTime: options.blockTime ?? 2, gasLimit: options.gasLimit ?? 30_000_000, quiet: true });
  const chain = chainClient(node.rpcUrl, TIMED_CHAIN_ID);
  if (options.history !== undefined) {
    // Straight to the node: a client's timeout and retry would mine the history twice.
    const mined = await fetch(node.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${options.history.toString(16)}`] }),
    });
    if (!mined.ok) throw new Error(`anvil_mine answered ${mined.status}`);
  }
  const deployed = options.deployCore ?? true;
  if (deployed) await deployCore(chain.client, chain.accounts[0]!);
  const signer = anvilDevAccount(1);
  return {
    node,
    chain,
    signerKey: bytesToHex(signer.getHdKey().privateKey!),
    writeChainsFile(directory, settings = {}, rpcUrl = node.rpcUrl) {
      const file = path.join(directory, "chains.json");
      fs.writeFileSync(file, JSON.stringify({ chains: [{ id: TIMED_CHAIN_ID, name: "timed", rpcUrl, ...(deployed ? { startBlock: 0 } : {}), ...settings }] }));
      return file;
    },
    stop: () => node.stop(),
  };
}

export type BlockSpace = {
  /** Every block from the first that carries one of the collection's mints to the last, in order. */
  blocks: { number: bigint; timestamp: number; mints: number; gasUsed: bigint; gasLimit: bigint }[];
  /** Gas a mint costs in the fullest joined transaction (its gasUsed over the mints it carries). */
  gasPerMint: bigint;
  /** The blocks mined while mints waited in the service (`backlog` says which), with their ratio. */
  backlog: { number: bigint; mints: number; ratio: number; gasUsed: bigint; gasLimit: bigint }[];
  /** Mints on chain, by recipient and token: each must appear once. */
  minted: { to: Address; tokenId: bigint }[];
};

/**
 * Block space as the chain records it: per block, the collection's mints (its Transfer events from the zero address)
 * and the block's gasUsed; a block's ratio is its mints over what the block gas limit holds at the gas per mint of
 * the fullest transaction.
 */
export async function measureBlockSpace(
  chain: ChainClient,
  collection: Address,
  range: { fromBlock: bigint; toBlock: bigint; backlog: (block: { number: bigint; timestamp: number }) => boolean },
): Promise<BlockSpace> {
  const { fromBlock, toBlock } = range;
  const logs = parseEventLogs({
    abi: tokenHubERC721Abi,
    eventName: "Transfer",
    logs: await chain.client.getLogs({ address: collection, fromBlock, toBlock }),
  }).filter((log) => BigInt(log.args.from) === 0n);
  const perBlock = new Map<bigint, number>();
  const perTransaction = new Map<Hex, number>();
  for (const log of logs) {
    perBlock.set(log.blockNumber, (perBlock.get(log.blockNumber) ?? 0) + 1);
    perTransaction.set(log.transactionHash, (perTransaction.get(log.transactionHash) ?? 0) + 1);
  }
  const numbers = [...perBlock.keys()].sort((a, b) => (a < b ? -1 : 1));
  const blocks = [];
  for (let number = numbers[0]!; number <= numbers.at(-1)!; number++) {
    const block = await chain.client.getBlock({ blockNumber: number });
    blocks.push({ number, timestamp: Number(block.timestamp), mints: perBlock.get(number) ?? 0, gasUsed: block.gasUsed, gasLimit: block.gasLimit });
  }
  let gasPerMint: bigint | undefined;
  const fullest = [...perTransaction].sort((a, b) => b[1] - a[1]).slice(0, 5);
  for (const [hash, mints] of fullest) {
    const { gasUsed } = await chain.client.getTransactionReceipt({ hash });
    const perMint = gasUsed / BigInt(mints);
    if (gasPerMint === undefined || perMint < gasPerMint) gasPerMint = perMint;
  }
  const backlog = blocks.filter(range.backlog).map((block) => ({ number: block.number, mints: block.mints, gasUsed: block.gasUsed, gasLimit: block.gasLimit, ratio: block.mints / Number(block.gasLimit / gasPerMint!) }));
  return { blocks, gasPerMint: gasPerMint!, backlog, minted: logs.map((log) => ({ to: log.args.to, tokenId: log.args.tokenId })) };
}

/**
 * Which blocks were mined with more of the service's transactions waiting than they took: a block is a backlog block
 * when a transaction recorded (and sent) a block interval before it was mined landed in a later block. A transaction
 * recorded less than that before may still be on its way (signed, broadcast in nonce order through the batched RPC
 * client): on a busy machine the first block of a burst caught only part of what was recorded a second before it.
 * Block timestamps have whole seconds, so "before" is counted against the block's timestamp.
 */
export function backlogBlocks(sent: readonly { recordedAt: number; blockNumber: bigint }[], blockTimeSeconds: number): (block: { number: bigint; timestamp: number }) => boolean {
  return (block) => sent.some((transaction) => transaction.recordedAt <= block.timestamp - blockTimeSeconds && transaction.blockNumber > block.number);
}

/** When each of the service's transactions on the chain was recorded (Unix seconds), and the block it landed in. */
export const SENT_TRANSACTIONS_SQL = `SELECT extract(epoch FROM created_at)::float8 AS recorded_at, block_number
  FROM tokenhub_app.transactions WHERE chain_id = $1 AND block_number IS NOT NULL`;
