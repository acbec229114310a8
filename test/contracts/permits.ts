import type { Address, Hex, LocalAccount } from "viem";

/** Signs mint permits the way the service does: EIP-712 typed data under the token's "PermitMint" domain. */
export type MintPermit = { to: Address; amount: bigint; nonce: bigint; deadline: bigint };
export type MintPermitWithId = MintPermit & { id: bigint };

function permitDomain(chainId: number, token: Address) {
  return { name: "PermitMint", version: "1", chainId, verifyingContract: token } as const;
}

export function signMintPermit(signer: LocalAccount, chainId: number, token: Address, permit: MintPermit): Promise<Hex> {
  return signer.signTypedData({
    domain: permitDomain(chainId, token),
    types: {
      MintPermit: [
        { name: "to", type: "address" },
        { name: "amount", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "MintPermit",
    message: permit,
  });
}

export function signMintPermitWithId(
  signer: LocalAccount,
  chainId: number,
  token: Address,
  permit: MintPermitWithId,
): Promise<Hex> {
  return signer.signTypedData({
    domain: permitDomain(chainId, token),
    types: {
      MintPermit: [
        { name: "to", type: "address" },
        { name: "id", type: "uint256" },
        { name: "amount", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "MintPermit",
    message: permit,
  });
}

/** A random 128-bit nonce: a UUID read as an integer, as tokenhub's first generation numbered its permits. */
export function uuidNonce(uuid: string = crypto.randomUUID()): bigint {
  return BigInt(`0x${uuid.replaceAll("-", "")}`);
}
