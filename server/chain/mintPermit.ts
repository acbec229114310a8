import { type Address, encodeFunctionData, type Hex, type LocalAccount } from "viem";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";

/**
 * Mint permits as the token contracts verify them (contracts/base/PermitMint.sol): EIP-712 `MintPermit` under the
 * token's own "PermitMint" domain, redeemed with `mintWithPermit`, several at once with `multicall`.
 */
export type MintPermit = {
  kind: "erc20" | "erc721" | "erc1155";
  chainId: number;
  token: Address;
  to: Address;
  /** ERC-1155 only. */
  id?: bigint;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
};

const MINT_PERMIT_FIELDS = [
  { name: "to", type: "address" },
  { name: "amount", type: "uint256" },
  { name: "nonce", type: "uint256" },
  { name: "deadline", type: "uint256" },
] as const;

const MINT_PERMIT_WITH_ID_FIELDS = [
  { name: "to", type: "address" },
  { name: "id", type: "uint256" },
  { name: "amount", type: "uint256" },
  { name: "nonce", type: "uint256" },
  { name: "deadline", type: "uint256" },
] as const;

export async function signMintPermit(signer: LocalAccount, permit: MintPermit): Promise<Hex> {
  const domain = { name: "PermitMint", version: "1", chainId: permit.chainId, verifyingContract: permit.token } as const;
  if (permit.kind === "erc1155") {
    return await signer.signTypedData({
      domain,
      types: { MintPermit: MINT_PERMIT_WITH_ID_FIELDS },
      primaryType: "MintPermit",
      message: { to: permit.to, id: permit.id ?? 0n, amount: permit.amount, nonce: permit.nonce, deadline: permit.deadline },
    });
  }
  return await signer.signTypedData({
    domain,
    types: { MintPermit: MINT_PERMIT_FIELDS },
    primaryType: "MintPermit",
    message: { to: permit.to, amount: permit.amount, nonce: permit.nonce, deadline: permit.deadline },
  });
}

/** The calldata of `mintWithPermit` that redeems the permit. */
export function encodeMintWithPermit(permit: MintPermit, signature: Hex): Hex {
  if (permit.kind === "erc1155") {
    return encodeFunctionData({
      abi: tokenHubERC1155Abi,
      functionName: "mintWithPermit",
      args: [permit.to, permit.id ?? 0n, permit.amount, permit.nonce, permit.deadline, signature],
    });
  }
  const abi = permit.kind === "erc20" ? tokenHubERC20Abi : tokenHubERC721Abi;
  return encodeFunctionData({ abi, functionName: "mintWithPermit", args: [permit.to, permit.amount, permit.nonce, permit.deadline, signature] });
}

/** One call that redeems several permits of one token, all or none. */
export function encodeMulticall(calls: readonly Hex[]): Hex {
  return encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "multicall", args: [calls] });
}

export function encodeInvalidateNonce(nonce: bigint): Hex {
  return encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "invalidateNonce", args: [nonce] });
}
