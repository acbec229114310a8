import type { Address, Hex, LocalAccount } from "viem";

export type Call = { to: Address; value: bigint; data: Hex };
export type SignedBatch = { calls: Call[]; nonce: bigint; deadline: bigint };

/** Signs a batch for TokenHubAccount.executeBatchWithSig, as the NFT owner's key does. */
export function signExecuteBatch(
  owner: LocalAccount,
  chainId: number,
  account: Address,
  batch: SignedBatch,
): Promise<Hex> {
  return owner.signTypedData({
    domain: { name: "TokenHubAccount", version: "1", chainId, verifyingContract: account },
    types: {
      ExecuteBatch: [
        { name: "calls", type: "Call[]" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
      Call: [
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "data", type: "bytes" },
      ],
    },
    primaryType: "ExecuteBatch",
    message: batch,
  });
}
