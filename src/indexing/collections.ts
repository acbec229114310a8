import { ponder } from "ponder:registry";
import { collection } from "ponder:schema";
import type { Address } from "viem";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";

type Kind = "erc20" | "erc721" | "erc1155";
const KIND_BY_CODE: Record<number, Kind> = { 0: "erc20", 1: "erc721", 2: "erc1155" };

/** Where to read: at a block, or (`latest`) for values that never change, e.g. an external contract's name. */
type ReadAt = { blockNumber: bigint } | { cache: "immutable" };

type ReadClient = {
  readContract(
    args: { abi: readonly unknown[]; address: Address; functionName: string; retryEmptyResponse: boolean } & ReadAt,
  ): Promise<unknown>;
};

/** A view the contract may not implement (external contracts): absent rather than fatal. */
async function optionalRead<T>(client: ReadClient, abi: readonly unknown[], address: Address, functionName: string, at: ReadAt): Promise<T | null> {
  try {
    // An absent view answers empty data: no point in Ponder's retries for a flaky RPC.
    return (await client.readContract({ abi, address, functionName, retryEmptyResponse: false, ...at })) as T;
  } catch {
    return null;
  }
}

/** Name, symbol, decimals and transferability as the contract reports them. */
async function describeCollection(client: ReadClient, address: Address, kind: Kind, at: ReadAt) {
  const abi = kind === "erc20" ? tokenHubERC20Abi : kind === "erc721" ? tokenHubERC721Abi : tokenHubERC1155Abi;
  const [name, symbol, decimals, transferable] = await Promise.all([
    optionalRead<string>(client, abi, address, "name", at),
    optionalRead<string>(client, abi, address, "symbol", at),
    kind === "erc20" ? optionalRead<number>(client, abi, address, "decimals", at) : Promise.resolve(null),
    kind === "erc20" ? Promise.resolve(true) : optionalRead<boolean>(client, abi, address, "transferable", at),
  ]);
  return { name, symbol, decimals: decimals === null ? null : Number(decimals), transferable: transferable ?? true };
}

ponder.on("TokenFactory:CollectionCreated", async ({ event, context }) => {
  const kind = KIND_BY_CODE[Number(event.args.kind)];
  if (!kind) return;
  const description = await describeCollection(context.client as unknown as ReadClient, event.args.collection, kind, { blockNumber: event.block.number });
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
      const description = await describeCollection(context.client as ReadClient, address, kind, { cache: "immutable" });
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
