import { type Address, BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError, getAddress, type PublicClient } from "viem";
import type pg from "pg";
import { tokenHubERC20Abi, tokenHubERC721Abi } from "../../../abis/index.js";
import type { Logger } from "../../logger.js";
import { type CollectionDescription, findUndescribedCollections, recordCollectionDescription, type UndescribedCollection } from "../../store/collectionDescriptions.js";

export type CollectionDescriberDeps = {
  pool: pg.Pool;
  indexSchema: string;
  /** The chain's client in this process: its calls count against the chain's RPC budget. */
  publicClient(chainId: number): PublicClient | undefined;
  logger: Logger;
};

/** Collections read in one pass. */
const BATCH_SIZE = 20;

const UNREAD = Symbol("unread");

/** A view's answer, null when the contract lacks it (reverts or answers nothing), UNREAD when the RPC failed. */
async function readView<T>(client: PublicClient, address: Address, functionName: "name" | "symbol" | "decimals" | "transferable"): Promise<T | null | typeof UNREAD> {
  const abi = functionName === "transferable" ? tokenHubERC721Abi : tokenHubERC20Abi;
  try {
    return (await client.readContract({ address, abi, functionName: functionName as "name" })) as T;
  } catch (error) {
    const absent = error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError);
    return absent ? null : UNREAD;
  }
}

async function describe(client: PublicClient, collection: UndescribedCollection): Promise<CollectionDescription | undefined> {
  const address = getAddress(collection.address);
  const [name, symbol, decimals, transferable] = await Promise.all([
    readView<string>(client, address, "name"),
    readView<string>(client, address, "symbol"),
    collection.kind === "erc20" ? readView<number>(client, address, "decimals") : null,
    collection.kind === "erc20" ? null : readView<boolean>(client, address, "transferable"),
  ]);
  if ([name, symbol, decimals, transferable].includes(UNREAD)) return undefined;
  return {
    name: name as string | null,
    symbol: symbol as string | null,
    decimals: decimals === null ? null : Number(decimals),
    transferable: collection.kind === "erc20" ? null : ((transferable as boolean | null) ?? true),
  };
}

/**
 * The pass that describes collections the index could not (it stores them with `described` false rather than wait on
 * a failing RPC, or store a null that looks final): their views are read at the latest block and kept beside the index,
 * where every read takes them from. How many are still unread is logged whenever that count changes, per chain.
 */
export function collectionDescriber(deps: CollectionDescriberDeps): () => Promise<void> {
  const reported = new Map<number, number>();
  return async () => {
    const pending = await findUndescribedCollections(deps.pool, deps.indexSchema, BATCH_SIZE);
    const unread = new Map<number, number>();
    let described = 0;
    for (const collection of pending) {
      const client = deps.publicClient(collection.chainId);
      const description = client === undefined ? undefined : await describe(client, collection);
      if (description === undefined) {
        unread.set(collection.chainId, (unread.get(collection.chainId) ?? 0) + 1);
        continue;
      }
      await recordCollectionDescription(deps.pool, collection, description);
      described++;
    }
    if (described > 0) deps.logger.info(`read the name and symbol of ${described} collection(s) the index could not describe`);
    for (const chainId of new Set([...reported.keys(), ...unread.keys()])) {
      const count = unread.get(chainId) ?? 0;
      if (count === (reported.get(chainId) ?? 0)) continue;
      if (count > 0) {
        deps.logger.warn(
          `${count} collection(s) on chain ${chainId} have no name or symbol yet: their RPC did not answer; reads show null until a later try succeeds`,
        );
      }
      reported.set(chainId, count);
    }
  };
}
