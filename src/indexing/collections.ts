import { ponder } from "ponder:registry";
import { collection } from "ponder:schema";
import type { Address } from "viem";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";

type Kind = "erc20" | "erc721" | "erc1155";
const KIND_BY_CODE: Record<number, Kind> = { 0: "erc20", 1: "erc721", 2: "erc1155" };

type ReadClient = {
  readContract(args: { abi: readonly unknown[]; address: Address; functionName: string; blockNumber?: bigint }): Promise<unknown>;
};

/** A view the contract may not implement (external contracts): absent rather than fatal. */
async function optionalRead<T>(
  client: ReadClient,
  abi: readonly unknown[],
  address: Address,
  functionName: string,
  blockNumber: bigint | undefined,
): Promise<T | null> {
  try {
    return (await client.readContract({ abi, address, functionName, ...(blockNumber === undefined ? {} : { blockNumber }) })) as T;
  } catch {
    return null;
  }
}

/** Name, symbol, decimals and transferability as the contract reports them (Ponder pins reads to the event's block). */
async function describeCollection(client: ReadClient, address: Address, kind: Kind, blockNumber?: bigint) {
  const abi = kind === "erc20" ? tokenHubERC20Abi : kind === "erc721" ? tokenHubERC721Abi : tokenHubERC1155Abi;
  const [name, symbol, decimals, transferable] = await Promise.all([
    optionalRead<string>(client, abi, address, "name", blockNumber),
    optionalRead<string>(client, abi, address, "symbol", blockNumber),
    kind === "erc20" ? optionalRead<number>(client, abi, address, "decimals", blockNumber) : Promise.resolve(null),
    kind === "erc20" ? Promise.resolve(true) : optionalRead<boolean>(client, abi, address, "transferable", blockNumber),
  ]);
  return { name, symbol, decimals: decimals === null ? null : Number(decimals), transferable: transferable ?? true };
}

ponder.on("TokenFactory:CollectionCreated", async ({ event, context }) => {
  const kind = KIND_BY_CODE[Number(event.args.kind)];
  if (!kind) return;
  const description = await describeCollection(context.client as unknown as ReadClient, event.args.collection, kind, event.block.number);
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

/** External contracts are known from the chains file: recorded once per chain, before their first event. */
function registerExternal(kind: Kind, addressOf: (context: { contracts: Record<string, { address?: unknown }> }) => unknown) {
  return async ({ context }: { context: any }) => {
    const configured = addressOf(context);
    const addresses = (Array.isArray(configured) ? configured : configured ? [configured] : []) as Address[];
    for (const address of addresses) {
      const description = await describeCollection(context.client as ReadClient, address, kind);
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
