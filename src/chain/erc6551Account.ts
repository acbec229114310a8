import { type Address, concat, getContractAddress, type Hex, numberToHex, pad } from "viem";

/**
 * The address the canonical ERC-6551 registry gives (or will give) the account of a token: CREATE2 over the
 * registry's account proxy code with the token's footer, so it is known before the account exists and without RPC.
 */
export function erc6551AccountAddress(input: {
  registry: Address;
  implementation: Address;
  salt: Hex;
  chainId: number | bigint;
  tokenContract: Address;
  tokenId: bigint;
}): Address {
  const bytecode = concat([
    "0x3d60ad80600a3d3981f3363d3d373d3d3d363d73",
    input.implementation,
    "0x5af43d82803e903d91602b57fd5bf3",
    input.salt,
    numberToHex(BigInt(input.chainId), { size: 32 }),
    pad(input.tokenContract, { size: 32 }),
    numberToHex(input.tokenId, { size: 32 }),
  ]);
  return getContractAddress({ opcode: "CREATE2", from: input.registry, salt: input.salt, bytecode });
}
