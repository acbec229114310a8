import { keccak256, type Address, type Hex, type LocalAccount } from "viem";
import type { Fees } from "./fees.js";

export type UnsignedTransaction = Fees & {
  chainId: number;
  nonce: number;
  to: Address;
  data: Hex;
  value: bigint;
  gas: bigint;
};

export type SignedBytes = { hash: Hex; raw: Hex };

/** Signs an EIP-1559 transaction locally; the hash is what the chain will call it. */
export async function signTransaction(account: LocalAccount, transaction: UnsignedTransaction): Promise<SignedBytes> {
  const raw = await account.signTransaction({ type: "eip1559", ...transaction });
  return { raw, hash: keccak256(raw) };
}
