import jsSha3 from "js-sha3";
import type { Address, Hex } from "viem";

/** The ERC-6551 reference registry's account proxy: this, the implementation, this, then the 128-byte footer. */
const PROXY_HEAD = "3d60ad80600a3d3981f3363d3d373d3d3d363d73";
const PROXY_TAIL = "5af43d82803e903d91602b57fd5bf3";

const word = (value: bigint) => {
  const hex = value.toString(16);
  if (value < 0n || hex.length > 64) throw new RangeError(`${value} does not fit in 32 bytes`);
  return hex.padStart(64, "0");
};
const bare = (hex: string) => hex.slice(2).toLowerCase();

/** EIP-55: each letter upper-cased where the keccak of the lowercase address has a nibble of 8 or more. */
function checksummed(lowercase: string): Address {
  const hash = jsSha3.keccak256(lowercase);
  let out = "0x";
  for (let index = 0; index < 40; index++) out += parseInt(hash[index]!, 16) >= 8 ? lowercase[index]!.toUpperCase() : lowercase[index];
  return out as Address;
}

/**
 * The address the canonical ERC-6551 registry gives (or will give) the account of a token: CREATE2 over the
 * registry's account proxy code with the token's footer, so it is known before the account exists and without RPC.
 * Token listings compute one per token, so this hashes with js-sha3 (several times faster than viem's keccak).
 */
export function erc6551AccountAddress(input: {
  registry: Address;
  implementation: Address;
  salt: Hex;
  chainId: number | bigint;
  tokenContract: Address;
  tokenId: bigint;
}): Address {
  const salt = word(BigInt(input.salt));
  const bytecode = `${PROXY_HEAD}${bare(input.implementation)}${PROXY_TAIL}${salt}${word(BigInt(input.chainId))}${bare(input.tokenContract).padStart(64, "0")}${word(input.tokenId)}`;
  const codeHash = jsSha3.keccak256(Buffer.from(bytecode, "hex"));
  return checksummed(jsSha3.keccak256(Buffer.from(`ff${bare(input.registry)}${salt}${codeHash}`, "hex")).slice(24));
}
