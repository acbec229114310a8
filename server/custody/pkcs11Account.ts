import {
  type Hash,
  hashMessage,
  hashTypedData,
  type Hex,
  keccak256,
  type LocalAccount,
  serializeSignature,
  serializeTransaction,
  type Signature,
  toHex,
} from "viem";
import { toAccount } from "viem/accounts";
import { invert } from "@noble/curves/abstract/modular";
import type { ProjPointType } from "@noble/curves/abstract/weierstrass";
import { secp256k1 } from "@noble/curves/secp256k1";
import type { Pkcs11Key, Pkcs11Token } from "./pkcs11Token.js";

/**
 * A key of a PKCS#11 token as a viem LocalAccount: everything viem signs (transactions, EIP-191 messages, EIP-712
 * typed data) goes through one signature of a digest inside the token, so the pipeline and the services use it as they
 * use a key held in memory.
 */
export function pkcs11Account(token: Pkcs11Token, key: Pkcs11Key): LocalAccount {
  const sign = async ({ hash }: { hash: Hash }): Promise<Signature> => toEthereumSignature(await token.signDigest(key.label, hexBytes(hash)), hash, key);
  const account = toAccount({
    address: key.address,
    sign: async ({ hash }) => serializeSignature(await sign({ hash })),
    signMessage: async ({ message }) => serializeSignature(await sign({ hash: hashMessage(message) })),
    signTypedData: async (typedData) => serializeSignature(await sign({ hash: hashTypedData(typedData) })),
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction;
      // As viem's own signTransaction: a blob transaction's hash covers its body without the sidecars.
      const signable = transaction.type === "eip4844" ? { ...transaction, sidecars: false } : transaction;
      const signature = await sign({ hash: keccak256(await serializer(signable)) });
      return await serializer(transaction, signature);
    },
  });
  return { ...account, publicKey: key.publicKey };
}

/** The token's key with this label as an account, generated in the token on first use. */
export async function pkcs11Signer(token: Pkcs11Token, label: string): Promise<LocalAccount> {
  return pkcs11Account(token, (await token.findKey(label)) ?? (await token.generateKey(label)));
}

/**
 * CKM_ECDSA gives r and s alone: Ethereum takes s in the lower half of the order (EIP-2) and needs the recovery bit,
 * the parity of the signature's point R. Verifying against the key's public key computes R = s⁻¹(e·G + r·Q) in one
 * double multiplication (half the work of trying recoveries), and checks that the token signed with the key whose
 * address this account claims.
 */
function toEthereumSignature(raw: Uint8Array, hash: Hash, key: Pkcs11Key): Signature {
  if (raw.length !== 64) throw new Error(`The token's signature of ${key.label} has ${raw.length} bytes, not 64.`);
  const n = secp256k1.CURVE.n;
  const r = BigInt(toHex(raw.subarray(0, 32)));
  let s = BigInt(toHex(raw.subarray(32)));
  if (s > n >> 1n) s = n - s;
  const w = invert(s, n);
  const point = secp256k1.ProjectivePoint.BASE.multiplyAndAddUnsafe(publicPoint(key), (BigInt(hash) * w) % n, (r * w) % n);
  if (point === undefined || point.toAffine().x % n !== r) {
    throw new Error(`The token's signature does not verify against ${key.address}: the key labelled '${key.label}' is not the one its public key names.`);
  }
  const yParity = point.hasEvenY() ? 0 : 1;
  return { r: toHex(r, { size: 32 }), s: toHex(s, { size: 32 }), yParity, v: BigInt(27 + yParity) };
}

const points = new Map<Hex, ProjPointType<bigint>>();
function publicPoint(key: Pkcs11Key): ProjPointType<bigint> {
  let point = points.get(key.publicKey);
  if (!point) points.set(key.publicKey, (point = secp256k1.ProjectivePoint.fromHex(key.publicKey.slice(2))));
  return point;
}

function hexBytes(hash: Hex): Uint8Array {
  return Uint8Array.from(Buffer.from(hash.slice(2), "hex"));
}
