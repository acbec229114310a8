import { type Address, encodeFunctionData, getAbiItem, getAddress, type Hex, numberToHex, parseEventLogs } from "viem";
import { tokenFactoryAbi, tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { anvilDevAccount, startAnvil, type AnvilInstance } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { ponderFinalityBlocks } from "../../server/indexer/ponderInternals.js";
import { chainClient } from "../../test/helpers/chainClient.js";

/** Not the embedded chain's id (31337): tokenhub serves this node as a remote chain beside its own. */
export const BENCH_CHAIN_ID = 900_900;
/** How far behind the head Ponder takes a chain of this id as final (30 blocks). */
const PONDER_FINALITY_BLOCKS = ponderFinalityBlocks(BENCH_CHAIN_ID);
/** A public chain's block: a few thousand transfers each, so the backfill walks hundreds of blocks, not a handful. */
const BLOCK_GAS_LIMIT = 30_000_000;
const GWEI = 1_000_000_000n;
/** Recipients of one mintToMany / mintBatch call. */
const MINTS_PER_CALL = 250;
/** At most this many eth_sendTransaction calls, or this much calldata, per JSON-RPC batch (anvil refuses large bodies). */
const RPC_BATCH = 200;
const RPC_BATCH_BYTES = 1_000_000;
/** anvil's unlocked dev accounts: the ERC-721 holders that transfer (anvil starts with 10). */
const HOLDERS = Array.from({ length: 10 }, (_, addressIndex) => anvilDevAccount(addressIndex).address);
/** Distinct recipients of the mints that are not transferred again, as a token's holders are many. */
const RECIPIENTS = 20_000;

export type EventMix = { erc721Mints: number; erc721Transfers: number; erc20Mints: number; erc1155Mints: number };

/** The transfer events of a run of `total`: mostly ERC-721 mints, as the measured chain. */
export function eventMix(total: number): EventMix {
  const erc721Transfers = Math.round(total * 0.05);
  const erc20Mints = Math.round(total * 0.075);
  const erc1155Mints = Math.round(total * 0.075);
  return { erc721Mints: total - erc721Transfers - erc20Mints - erc1155Mints, erc721Transfers, erc20Mints, erc1155Mints };
}

export type GeneratedChain = {
  node: AnvilInstance;
  mix: EventMix;
  /** Transfer events on chain (what both apps index), and the collections' CollectionCreated. */
  transfers: number;
  collections: number;
  blocks: number;
  seconds: number;
  tokenFactory: Address;
};

const recipient = (index: number): Address => getAddress(numberToHex(0xbacf_0000_0000n + BigInt(index % RECIPIENTS), { size: 20 }));

type Call = { method: string; params: unknown[] };

async function rpc(url: string, calls: Call[]): Promise<unknown[]> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: "2.0", id, ...call }))),
  });
  const answers = (await response.json()) as { id: number; result?: unknown; error?: { message: string } }[];
  if (!Array.isArray(answers)) throw new Error(`anvil refused a batch: ${JSON.stringify(answers)}`);
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (answer.error) throw new Error(`anvil refused a call: ${answer.error.message}`);
      return answer.result;
    });
}

type Transaction = { from: Address; to: Address; data: Hex; gas: bigint };

/**
 * Sends the transactions from anvil's unlocked accounts (no signing), many per JSON-RPC batch, with mining off, and
 * mines a block each time the gas they may use fills one: blocks as full as a busy chain's. (Left to itself, anvil
 * drops a sender's later transactions once one no longer fits the block it builds.)
 */
async function sendAndMine(url: string, transactions: Transaction[]): Promise<void> {
  // anvil answers a batch's calls concurrently: each gets its nonce here, or two would take the same.
  const senders = [...new Set(transactions.map((transaction) => transaction.from))];
  const counts = (await rpc(url, senders.map((sender) => ({ method: "eth_getTransactionCount", params: [sender, "pending"] })))) as Hex[];
  const nonces = new Map(senders.map((sender, index) => [sender, BigInt(counts[index]!)]));
  const nonceOf = (sender: Address) => {
    const nonce = nonces.get(sender)!;
    nonces.set(sender, nonce + 1n);
    return numberToHex(nonce);
  };
  const fees = { maxFeePerGas: numberToHex(2n * GWEI), maxPriorityFeePerGas: "0x0" };
  const send = (batch: Transaction[]) =>
    rpc(url, batch.map((transaction) => ({ method: "eth_sendTransaction", params: [{ ...transaction, ...fees, gas: numberToHex(transaction.gas), nonce: nonceOf(transaction.from) }] })));
  const mine = async (block: Transaction[]) => {
    // Full blocks raise the base fee by an eighth each (EIP-1559): after some hundreds the sender could pay no more.
    await rpc(url, [{ method: "anvil_setNextBlockBaseFeePerGas", params: [numberToHex(GWEI)] }]);
    for (let at = 0; at < block.length; ) {
      let bytes = 0;
      let end = at;
      while (end < block.length && end - at < RPC_BATCH && bytes + block[end]!.data.length <= RPC_BATCH_BYTES) bytes += block[end++]!.data.length;
      await send(block.slice(at, Math.max(end, at + 1)));
      at = Math.max(end, at + 1);
    }
    await rpc(url, [{ method: "evm_mine", params: [] }]);
    const [status] = (await rpc(url, [{ method: "txpool_status", params: [] }])) as { pending: Hex; queued: Hex }[];
    if (BigInt(status!.pending) + BigInt(status!.queued) !== 0n) throw new Error(`a block left transactions in the pool: ${JSON.stringify(status)}`);
  };
  let block: Transaction[] = [];
  let gas = 0n;
  for (const transaction of transactions) {
    if (block.length > 0 && gas + transaction.gas > BigInt(BLOCK_GAS_LIMIT)) {
      await mine(block);
      block = [];
      gas = 0n;
    }
    block.push(transaction);
    gas += transaction.gas;
  }
  if (block.length > 0) await mine(block);
}

/**
 * A local anvil holding tokenhub's core contracts, four collections created through its factory, and `total` transfer
 * events: ERC-721 mints in batches (mintToMany), ERC-721 transfers between holders, ERC-20 mints (mintToMany) and
 * ERC-1155 mints (mintBatch). Then as many empty blocks as Ponder's finality, so every event is final: a restart then
 * has nothing of the chain's history to index again.
 */
export async function generateChain(total: number): Promise<GeneratedChain> {
  const began = performance.now();
  const node = await startAnvil({ chainId: BENCH_CHAIN_ID, gasLimit: BLOCK_GAS_LIMIT, quiet: true });
  const chain = chainClient(node.rpcUrl, BENCH_CHAIN_ID);
  const { addresses } = await deployCore(chain.client, chain.accounts[0]!);
  const admin = HOLDERS[0]!;
  const factoryCalls: Transaction[] = [
    { from: admin, to: addresses.tokenFactory, gas: 3_000_000n, data: encodeFunctionData({ abi: tokenFactoryAbi, functionName: "createERC721", args: ["Bench A", "BA", true, admin, [admin], "http://localhost/a/"] }) },
    { from: admin, to: addresses.tokenFactory, gas: 3_000_000n, data: encodeFunctionData({ abi: tokenFactoryAbi, functionName: "createERC721", args: ["Bench B", "BB", true, admin, [admin], "http://localhost/b/"] }) },
    { from: admin, to: addresses.tokenFactory, gas: 3_000_000n, data: encodeFunctionData({ abi: tokenFactoryAbi, functionName: "createERC20", args: ["Bench C", "BC", 18, admin, [admin], "http://localhost/c/"] }) },
    { from: admin, to: addresses.tokenFactory, gas: 3_000_000n, data: encodeFunctionData({ abi: tokenFactoryAbi, functionName: "createERC1155", args: ["Bench D", "BD", true, admin, [admin], "http://localhost/d/"] }) },
  ];
  await chain.client.setAutomine(false);
  const firstBlock = await chain.client.getBlockNumber();
  await sendAndMine(node.rpcUrl, factoryCalls);
  const created = parseEventLogs({
    abi: tokenFactoryAbi,
    eventName: "CollectionCreated",
    logs: await chain.client.getLogs({ address: addresses.tokenFactory, fromBlock: firstBlock, toBlock: "latest" }),
  }).map((log) => log.args.collection);
  const [erc721A, erc721B, erc20, erc1155] = created as [Address, Address, Address, Address];

  const mix = eventMix(total);
  const chunks = (count: number) => Array.from({ length: Math.ceil(count / MINTS_PER_CALL) }, (_, index) => Math.min(MINTS_PER_CALL, count - index * MINTS_PER_CALL));
  // anvil fills a block by each transaction's gas limit: a limit close to the gas used keeps blocks full. Each
  // collection's last call is estimated (mints to new holders, the dearest), with a margin.
  const mints: (Omit<Transaction, "gas"> & { count: number })[] = [];
  // The first tokens of collection A go to the unlocked holders (token id n + 1 to holder n % 10): they are the ones transferred.
  let next = 0;
  const erc721MintsA = Math.ceil(mix.erc721Mints / 2);
  for (const count of chunks(erc721MintsA)) {
    const to = Array.from({ length: count }, (_, index) => (next + index < mix.erc721Transfers ? HOLDERS[(next + index) % HOLDERS.length]! : recipient(next + index)));
    mints.push({ from: admin, to: erc721A, count, data: encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "mintToMany", args: [to] }) });
    next += count;
  }
  for (const count of chunks(mix.erc721Mints - erc721MintsA)) {
    const to = Array.from({ length: count }, (_, index) => recipient(next + index));
    mints.push({ from: admin, to: erc721B, count, data: encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "mintToMany", args: [to] }) });
    next += count;
  }
  for (const count of chunks(mix.erc20Mints)) {
    const to = Array.from({ length: count }, (_, index) => recipient(next + index));
    mints.push({ from: admin, to: erc20, count, data: encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "mintToMany", args: [to, to.map(() => 10n ** 18n)] }) });
    next += count;
  }
  for (const count of chunks(mix.erc1155Mints)) {
    const to = Array.from({ length: count }, (_, index) => recipient(next + index));
    const ids = to.map((_, index) => BigInt((next + index) % 100));
    mints.push({ from: admin, to: erc1155, count, data: encodeFunctionData({ abi: tokenHubERC1155Abi, functionName: "mintBatch", args: [to, ids, to.map(() => 5n)] }) });
    next += count;
  }
  const perMint = new Map<Address, bigint>();
  for (const mint of mints.toReversed()) {
    if (perMint.has(mint.to)) continue;
    const estimate = await chain.client.estimateGas({ account: mint.from, to: mint.to, data: mint.data });
    perMint.set(mint.to, (estimate * 11n) / 10n / BigInt(mint.count));
  }
  await sendAndMine(node.rpcUrl, mints.map(({ count, ...mint }) => ({ ...mint, gas: BigInt(count) * perMint.get(mint.to)! + 50_000n })));
  if (mix.erc721Transfers > erc721MintsA) throw new Error("more transfers than tokens held by the transferring holders");
  const transfers: Transaction[] = Array.from({ length: mix.erc721Transfers }, (_, index) => {
    const from = HOLDERS[index % HOLDERS.length]!;
    const data = encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "transferFrom", args: [from, recipient(index + 7), BigInt(index + 1)] });
    return { from, to: erc721A, gas: 80_000n, data };
  });
  await sendAndMine(node.rpcUrl, transfers);
  for (let block = 0; block < 2 * PONDER_FINALITY_BLOCKS; block++) await rpc(node.rpcUrl, [{ method: "evm_mine", params: [] }]);
  await chain.client.setAutomine(true);

  const minted721 = await Promise.all([erc721A, erc721B].map((address) => chain.client.readContract({ address, abi: tokenHubERC721Abi, functionName: "totalMinted" })));
  if (Number(minted721[0]! + minted721[1]!) !== mix.erc721Mints) throw new Error(`ERC-721 mints on chain: ${minted721.join(" + ")}, expected ${mix.erc721Mints}`);
  const lastTransfer = await chain.client.readContract({ address: erc721A, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [BigInt(mix.erc721Transfers)] });
  if (lastTransfer !== recipient(mix.erc721Transfers - 1 + 7)) throw new Error("the ERC-721 transfers did not all land");
  const supply = await chain.client.readContract({ address: erc20, abi: tokenHubERC20Abi, functionName: "totalSupply" });
  if (supply !== BigInt(mix.erc20Mints) * 10n ** 18n) throw new Error(`ERC-20 supply ${supply}, expected ${mix.erc20Mints} mints`);
  // Counted two blocks at a time: at 300,000 events one answer for them all passes viem's 10 MiB limit on a response.
  const head = await chain.client.getBlockNumber();
  let erc1155Mints = 0;
  for (let from = firstBlock; from <= head; from += 2n) {
    const to = from + 1n < head ? from + 1n : head;
    erc1155Mints += (await chain.client.getLogs({ address: erc1155, event: getAbiItem({ abi: tokenHubERC1155Abi, name: "TransferSingle" }), fromBlock: from, toBlock: to })).length;
  }
  if (erc1155Mints !== mix.erc1155Mints) throw new Error(`ERC-1155 mints on chain: ${erc1155Mints}, expected ${mix.erc1155Mints}`);
  return {
    node,
    mix,
    transfers: total,
    collections: created.length,
    blocks: Number(await chain.client.getBlockNumber()),
    seconds: (performance.now() - began) / 1000,
    tokenFactory: addresses.tokenFactory,
  };
}
