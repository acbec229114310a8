import { type Address, encodeFunctionData, type Hex } from "viem";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";

/**
 * The calldata of the service's single mints (`mintTo`, the same on every generation): what server/services/tokens/mint.ts
 * sends, the pipeline joins (joinCalls.ts) and bench/gas measures, so the benchmark's figures are the service's.
 */
export function encodeErc20MintTo(to: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "mintTo", args: [to, amount] });
}

/** One token: the service mints one per request (ERC-721 `mintTo`'s quantity is 1). */
export function encodeErc721MintTo(to: Address): Hex {
  return encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "mintTo", args: [to, 1n] });
}

export function encodeErc1155MintTo(to: Address, id: bigint, amount: bigint): Hex {
  return encodeFunctionData({ abi: tokenHubERC1155Abi, functionName: "mintTo", args: [to, id, amount] });
}
