import {
  type Address,
  BaseError,
  type Client,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  getAbiItem,
  toFunctionSelector,
} from "viem";
import { readContract } from "viem/actions";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import type { Joinable } from "./transactions/joinCalls.js";

/**
 * The generations of tokenhub's token contracts. 1: contracts/v1, which every collection created before issue 20
 * speaks; 2: contracts/v2, EIP-1167 clones with the batch mints that joined mints use; 3: contracts/*.sol, which the
 * factory deployCore deploys creates now: the same calls as generation 2, each collection a minting proxy that runs
 * the service's single mint itself (contracts/proxies/MintingProxy.sol). All mint through the same `mintTo` and
 * `mintWithPermit`.
 */
export type ContractVersion = 1 | 2 | 3;
export type CollectionKind = "erc20" | "erc721" | "erc1155";

export const CURRENT_CONTRACT_VERSION: ContractVersion = 3;

/** The ERC-165 id generation 2 declares for its batch mint: the one function's selector. */
const BATCH_MINT_INTERFACE = {
  erc20: toFunctionSelector(getAbiItem({ abi: tokenHubERC20Abi, name: "mintToMany" })),
  erc721: toFunctionSelector(getAbiItem({ abi: tokenHubERC721Abi, name: "mintToMany" })),
  erc1155: toFunctionSelector(getAbiItem({ abi: tokenHubERC1155Abi, name: "mintBatch" })),
} as const;

/**
 * The generation of a tokenhub collection deployed elsewhere (an imported one): the current one if it answers
 * `contractGeneration()` (generation 3 on; a later one than this code knows mints as the latest it knows), else 2 if
 * it declares its batch mint through ERC-165, else 1 (generation 1 answers false; a contract without ERC-165 reverts
 * or answers nothing). An RPC failure is thrown: guessing would join its mints the wrong way for good.
 */
export async function contractVersionOf(client: Client, address: Address, kind: CollectionKind): Promise<ContractVersion> {
  const generation = await readContract(client, { address, abi: tokenHubERC20Abi, functionName: "contractGeneration" }).catch(refusedAs(undefined));
  if (generation !== undefined) return CURRENT_CONTRACT_VERSION;
  const declares = await readContract(client, {
    address,
    abi: tokenHubERC20Abi,
    functionName: "supportsInterface",
    args: [BATCH_MINT_INTERFACE[kind]],
  }).catch(refusedAs(false));
  return declares ? 2 : 1;
}

/** A call the contract refused (it reverted, or answered nothing) stands for `value`; any other failure is thrown. */
function refusedAs<T>(value: T): (error: unknown) => T {
  return (error) => {
    const refused = error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError);
    if (refused) return value;
    throw error;
  };
}

/**
 * How the service joins single mints on a collection into one transaction: ERC-1155's `mintBatch` (every
 * generation has it), `mintToMany` (generation 2 on), or generation 1's `multicall`.
 */
export function mintJoining(kind: CollectionKind, version: ContractVersion): Joinable {
  if (kind === "erc1155") return "erc1155.mintBatch";
  if (version === 1) return true;
  return kind === "erc721" ? "erc721.mintToMany" : "erc20.mintToMany";
}
