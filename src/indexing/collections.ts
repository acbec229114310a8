import { ponder } from "ponder:registry";
import { collection } from "ponder:schema";
import { type Address, decodeFunctionData, getAbiItem, type Hex, toFunctionSelector } from "viem";
import { tokenFactoryAbi, tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";

type Kind = "erc20" | "erc721" | "erc1155";
const KIND_BY_CODE: Record<number, Kind> = { 0: "erc20", 1: "erc721", 2: "erc1155" };

/** Where to read: at a block, or (`latest`) for values that never change, e.g. an external contract's name. */
type ReadAt = { blockNumber: bigint } | { cache: "immutable" };

type ReadClient = {
  readContract(
    args: { abi: readonly unknown[]; address: Address; functionName: string; retryEmptyResponse: boolean } & ReadAt,
  ): Promise<unknown>;
  getCode(args: { address: Address } & ReadAt): Promise<Hex | undefined>;
  getStorageAt(args: { address: Address; slot: Hex } & ReadAt): Promise<Hex | undefined>;
};

/** `transferable()`'s selector without its 0x: a contract whose code lacks it has no such view. */
const TRANSFERABLE_SELECTOR = toFunctionSelector(getAbiItem({ abi: tokenHubERC721Abi, name: "transferable" })).slice(2);

/** An EIP-1167 minimal proxy (what tokenhub's factory deployed before generation 3): it runs its implementation. */
const MINIMAL_PROXY = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i;
/** Where an ERC-1967 proxy (a generation 3 minting proxy among them) names its implementation. */
const ERC1967_IMPLEMENTATION_SLOT: Hex = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

/** The implementation behind a minimal or ERC-1967 proxy; undefined for any other contract. */
async function implementationOf(client: ReadClient, address: Address, code: Hex, at: ReadAt): Promise<Address | undefined> {
  const minimal = MINIMAL_PROXY.exec(code)?.[1];
  if (minimal !== undefined) return `0x${minimal}`;
  const slot = await client.getStorageAt({ address, slot: ERC1967_IMPLEMENTATION_SLOT, ...at }).catch(() => undefined);
  return slot === undefined || BigInt(slot) === 0n ? undefined : `0x${slot.slice(-40)}`;
}

/**
 * Whether to ask an external contract for `transferable()`, tokenhub's own view: only when its selector is in the
 * code that runs (the contract's, or its implementation's behind a minimal or ERC-1967 proxy). Asking a plain ERC-721
 * reverts, and Ponder logs every reverted call as a warning with a stack trace, for an answer the default
 * (transferable) gives just as well. Other proxies hold no selectors of their own: they count as transferable.
 * Undefined when the code could not be read.
 */
async function mayHaveTransferable(client: ReadClient, address: Address, at: ReadAt): Promise<boolean | undefined> {
  const code = await boundedRead(client.getCode({ address, ...at }));
  if (code === UNREAD) return undefined;
  if (code === undefined || code === null) return false;
  if (code.toLowerCase().includes(TRANSFERABLE_SELECTOR)) return true;
  const implementation = await implementationOf(client, address, code, at);
  if (implementation === undefined) return false;
  const running = await boundedRead(client.getCode({ address: implementation, ...at }));
  return running === UNREAD ? undefined : (running?.toLowerCase().includes(TRANSFERABLE_SELECTOR) ?? false);
}

/**
 * How long a collection's row waits for a view. Ponder retries a failing RPC for about a minute per call, which held a
 * backfill on every collection; past this, the row is stored as not described and the service reads it later.
 */
const READ_BOUND_MS = 5_000;
const UNREAD = Symbol("unread");

/** Errors that say the contract has no such view (it reverted or answered nothing), not that the RPC failed. */
const ABSENT_VIEW_ERRORS = new Set(["ContractFunctionRevertedError", "ContractFunctionZeroDataError", "ExecutionRevertedError"]);
function isAbsentView(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (ABSENT_VIEW_ERRORS.has(cause.name)) return true;
  }
  return false;
}

/** A read's answer, `null` for a view the contract lacks, or UNREAD when the RPC failed or took too long. */
async function boundedRead<T>(read: Promise<T>): Promise<T | null | typeof UNREAD> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof UNREAD>((resolve) => (timer = setTimeout(() => resolve(UNREAD), READ_BOUND_MS)));
  const answered = read.then(
    (value) => value,
    (error: unknown) => (isAbsentView(error) ? null : UNREAD),
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A view the contract may not implement (external contracts): null when absent, UNREAD when it could not be asked. */
function optionalRead<T>(client: ReadClient, abi: readonly unknown[], address: Address, functionName: string, at: ReadAt) {
  // An absent view answers empty data: no point in Ponder's retries for a flaky RPC.
  return boundedRead(client.readContract({ abi, address, functionName, retryEmptyResponse: false, ...at }) as Promise<T>);
}

/** Name, symbol, decimals and transferability as the contract reports them; `described` false if any was unread. */
async function describeCollection(client: ReadClient, address: Address, kind: Kind, at: ReadAt, source: "factory" | "external") {
  const abi = kind === "erc20" ? tokenHubERC20Abi : kind === "erc721" ? tokenHubERC721Abi : tokenHubERC1155Abi;
  const readsTransferable = kind === "erc20" ? false : source === "factory" ? true : await mayHaveTransferable(client, address, at);
  const [name, symbol, decimals, transferable] = await Promise.all([
    optionalRead<string>(client, abi, address, "name", at),
    optionalRead<string>(client, abi, address, "symbol", at),
    kind === "erc20" ? optionalRead<number>(client, abi, address, "decimals", at) : Promise.resolve(null),
    readsTransferable ? optionalRead<boolean>(client, abi, address, "transferable", at) : Promise.resolve(readsTransferable === undefined ? UNREAD : true),
  ]);
  const known = <T>(value: T | null | typeof UNREAD) => (value === UNREAD ? null : value);
  return {
    name: known(name),
    symbol: known(symbol),
    decimals: decimals === null || decimals === UNREAD ? null : Number(decimals),
    transferable: transferable === UNREAD ? null : (transferable ?? true),
    described: ![name, symbol, decimals, transferable].includes(UNREAD),
  };
}

/**
 * A collection of our factory whose creating transaction does not say its description (describedAtCreation): its name,
 * symbol, decimals and transferability are set once, at creation, and never change, so they are read at the latest
 * block, which every node serves, rather than at the event's block, which only an archive node does (a pruned node
 * refused each such call until Ponder's retries gave up, a minute a collection, and the row was stored without a name).
 * Immutable reads are cached for good, so a rebuild asks nothing again. A node behind the event's block (a lagging
 * replica of a load balancer) cannot answer yet: then the event's block is asked.
 */
async function describeFactoryCollection(client: ReadClient, address: Address, kind: Kind, blockNumber: bigint) {
  const latest = await describeCollection(client, address, kind, { cache: "immutable" }, "factory");
  if (latest.name !== null) return latest;
  const atEvent = await describeCollection(client, address, kind, { blockNumber }, "factory");
  return atEvent.described ? atEvent : latest;
}

/**
 * A collection's name, symbol, decimals and transferability as the transaction that created it gave them to the
 * factory (the same create functions in every factory generation): the contract stores exactly those at creation and
 * never changes them. Taken from the transaction, which every node serves, no RPC call waits behind the backfill's own
 * fetches (0.6-0.8 s a collection during a cold backfill, bench/README.md "Backfill"). Undefined when the transaction
 * is not a direct call of the factory's create function of this kind (a multicall, a contract wallet): then the
 * contract is asked.
 */
function describedAtCreation(transaction: { to: Address | null; input: Hex }, factory: Address, kind: Kind) {
  if (transaction.to?.toLowerCase() !== factory.toLowerCase()) return undefined;
  let call: ReturnType<typeof decodeFunctionData<typeof tokenFactoryAbi>>;
  try {
    call = decodeFunctionData({ abi: tokenFactoryAbi, data: transaction.input });
  } catch {
    return undefined;
  }
  if (call.functionName === "createERC20" && kind === "erc20") {
    const [name, symbol, decimals] = call.args;
    return { name, symbol, decimals: Number(decimals), transferable: true, described: true };
  }
  if ((call.functionName === "createERC721" && kind === "erc721") || (call.functionName === "createERC1155" && kind === "erc1155")) {
    const [name, symbol, transferable] = call.args;
    return { name, symbol, decimals: null, transferable, described: true };
  }
  return undefined;
}

ponder.on("TokenFactory:CollectionCreated", async ({ event, context }) => {
  const kind = KIND_BY_CODE[Number(event.args.kind)];
  if (!kind) return;
  const description =
    describedAtCreation(event.transaction, event.log.address, kind) ??
    (await describeFactoryCollection(context.client as unknown as ReadClient, event.args.collection, kind, event.block.number));
  await context.db
    .insert(collection)
    .values({
      chainId: context.chain.id,
      address: event.args.collection,
      kind,
      source: "factory",
      ...description,
      admin: event.args.admin,
      createdBlock: event.block.number,
      createdAt: event.block.timestamp,
    })
    .onConflictDoNothing();
});

/**
 * External contracts are known from the chains file: recorded once per chain, before their first event. Their
 * setup runs at the configured start block, where the contract may not exist yet, so their views are read at the
 * latest block.
 */
function registerExternal(kind: Kind, addressOf: (context: { contracts: Record<string, { address?: unknown }> }) => unknown) {
  return async ({ context }: { context: any }) => {
    const configured = addressOf(context);
    const addresses = (Array.isArray(configured) ? configured : configured ? [configured] : []) as Address[];
    for (const address of addresses) {
      const description = await describeCollection(context.client as ReadClient, address, kind, { cache: "immutable" }, "external");
      await context.db
        .insert(collection)
        .values({
          chainId: context.chain.id,
          address,
          kind,
          source: "external",
          ...description,
          admin: null,
          createdBlock: 0n,
          createdAt: 0n,
        })
        .onConflictDoNothing();
    }
  };
}

ponder.on("ExternalErc20:setup", registerExternal("erc20", (context) => context.contracts.ExternalErc20?.address));
ponder.on("ExternalErc721:setup", registerExternal("erc721", (context) => context.contracts.ExternalErc721?.address));
ponder.on("ExternalErc1155:setup", registerExternal("erc1155", (context) => context.contracts.ExternalErc1155?.address));
