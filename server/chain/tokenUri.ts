import { type Address, parseAbi, type PublicClient } from "viem";

const tokenUriAbi = parseAbi(["function tokenURI(uint256 tokenId) view returns (string)", "function uri(uint256 id) view returns (string)"]);

/**
 * Where a token's metadata lives, as its contract says: ERC-721 `tokenURI`, or ERC-1155 `uri` with the `{id}`
 * placeholder replaced as EIP-1155 specifies (lowercase hex, 64 digits, no 0x).
 */
export async function readTokenUri(client: PublicClient, kind: "erc721" | "erc1155", contract: Address, tokenId: bigint): Promise<string> {
  if (kind === "erc721") return await client.readContract({ address: contract, abi: tokenUriAbi, functionName: "tokenURI", args: [tokenId] });
  const template = await client.readContract({ address: contract, abi: tokenUriAbi, functionName: "uri", args: [tokenId] });
  return template.replaceAll("{id}", tokenId.toString(16).padStart(64, "0"));
}
