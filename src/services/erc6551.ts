import { type Address, zeroHash } from "viem";
import { erc6551AccountAddress } from "../chain/erc6551Account.js";
import { ChainUnavailableError } from "../errors.js";
import { requireChain } from "./chains.js";
import type { ChainWriter } from "./chainWriter.js";

/**
 * The ERC-6551 account of a token (canonical registry, tokenhub's implementation, salt 0): its address, known
 * before creation, and whether it is deployed yet.
 */
export async function describeTokenAccount(
  writer: Pick<ChainWriter, "runtime" | "publicClient">,
  token: { chainId: number; contractAddress: Address; tokenId: bigint },
): Promise<{ contractAddress: Address; deployed: boolean }> {
  const chain = requireChain(writer.runtime, token.chainId);
  const contractAddress = erc6551AccountAddress({
    registry: chain.core.erc6551Registry,
    implementation: chain.core.accountImplementation,
    salt: zeroHash,
    chainId: token.chainId,
    tokenContract: token.contractAddress,
    tokenId: token.tokenId,
  });
  let code: string | undefined;
  try {
    code = await writer.publicClient(chain.id).getCode({ address: contractAddress });
  } catch (error) {
    throw new ChainUnavailableError(`Chain ${chain.id} did not answer whether ${contractAddress} is deployed; try again shortly.`, { cause: error });
  }
  return { contractAddress, deployed: code !== undefined && code !== "0x" };
}
