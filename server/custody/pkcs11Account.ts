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

// noble's own window for G: 4,224 precomputed points, built once in tens of milliseconds.
const PUBLIC_KEY_WINDOW_BITS = 8;

/**
 * A key of a PKCS#11 token as a viem LocalAccount: everything viem signs (transactions, EIP-191 messages, EIP-712
 * typed data) goes through one signature of a digest inside the token, so the pipeline and the services use it as they
 * use a key held in memory. `signsOften` (the pipeline's signers) keeps a table of multiples of the public key, which
 * makes finding each signature's recovery bit several times cheaper for about a megabyte per key; a cloud key signs a
 * request now and then, and there may be many, so its account keeps the bare point.
 */
export function pkcs11Account(token: Pkcs11Token, key: Pkcs11Key, options: { signsOften?: boolean } = {}): LocalAccount {
  const timesPublicKey = publicKeyMultiplier(key, options.signsOften === true);
  const sign = async ({ hash }: { hash: Hash }): Promise<Signature> => toEthereumSignature(await token.signDigest(key.label, hexBytes(hash)), hash, key, timesPublicKey);
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

/** The token's key with this label as a transaction signer's account, generated in the token on first use. */
export async function pkcs11Signer(token: Pkcs11Token, label: string): Promise<LocalAccount> {
  return pkcs11Account(token, (await token.findKey(label)) ?? (await token.generateKey(label)), { signsOften: true });
}

/**
 * k·Q for the key's public point Q. With a table of Q's multiples, `multiply`: @noble/curves 1.9.1's `multiplyUnsafe`
 * gives wrong points for a point with a table and a full-size scalar (1.9.2 calls `multiply` there); without one,
 * `multiplyUnsafe`, twice as fast as the constant-time `multiply`, which buys nothing for a public key.
 */
function publicKeyMultiplier(key: Pkcs11Key, withTable: boolean): (scalar: bigint) => ProjPointType<bigint> {
  const point = secp256k1.ProjectivePoint.fromHex(key.publicKey.slice(2));
  if (!withTable) return (scalar) => point.multiplyUnsafe(scalar);
  secp256k1.utils.precompute(PUBLIC_KEY_WINDOW_BITS, point);
  return (scalar) => point.multiply(scalar);
}

/**
 * CKM_ECDSA gives r and s alone: Ethereum takes s in the lower half of the order (EIP-2) and needs the recovery bit,
 * the parity of the signature's point R. Verifying against the key's public key Q computes R = s⁻¹(e·G + r·Q): two
 * multiplications, by G with noble's table and by Q (with the account's table when it keeps one), where recovering Q
 * from R would multiply R, a new point each time, without one. It also checks that the token signed with the key
 * whose address this account claims.
 */
function toEthereumSignature(raw: Uint8Array, hash: Hash, key: Pkcs11Key, timesPublicKey: (scalar: bigint) => ProjPointType<bigint>): Signature {
  if (raw.length !== 64) throw new Error(`The token's signature of ${key.label} has ${raw.length} bytes, not 64.`);
  const { ProjectivePoint, CURVE } = secp256k1;
  const n = CURVE.n;
  const r = BigInt(toHex(raw.subarray(0, 32)));
  let s = BigInt(toHex(raw.subarray(32)));
  if (s > n >> 1n) s = n - s;
  const w = invert(s, n);
  const u1 = (BigInt(hash) * w) % n;
  const point = (u1 === 0n ? ProjectivePoint.ZERO : ProjectivePoint.BASE.multiply(u1)).add(timesPublicKey((r * w) % n));
  if (point.equals(ProjectivePoint.ZERO) || point.toAffine().x % n !== r) {
    throw new Error(`The token's signature does not verify against ${key.address}: the key labelled '${key.label}' is not the one its public key names.`);
  }
  const yParity = point.hasEvenY() ? 0 : 1;
  return { r: toHex(r, { size: 32 }), s: toHex(s, { size: 32 }), yParity, v: BigInt(27 + yParity) };
}

function hexBytes(hash: Hex): Uint8Array {
  return Uint8Array.from(Buffer.from(hash.slice(2), "hex"));
}
