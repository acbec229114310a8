import crypto, { type KeyObject } from "node:crypto";
import type { Address, Hex } from "viem";
import { TokenhubError } from "../errors.js";
import type { MasterKey } from "./masterKey.js";

/**
 * Envelope encryption of cloud keys: each private key is sealed with AES-256-GCM under a data key of its own, and
 * the data key is sealed under the master key. Rotating the master key re-seals the data keys only; the sealed
 * private keys are never decrypted for it. The associated data binds each ciphertext to its key's address (and
 * the data key to its master key), so rows cannot be swapped or replayed onto another key.
 */
export type SealedKey = {
  /** version ‖ IV ‖ ciphertext ‖ GCM tag of the private key, under the data key. */
  encryptedPrivateKey: Buffer;
  /** version ‖ IV ‖ ciphertext ‖ GCM tag of the data key, under the master key. */
  wrappedDataKey: Buffer;
  masterKeyId: string;
};

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that does not open: the wrong master key, or a row that was altered. Never says more. */
export class KeyCustodyError extends TokenhubError {
  override name = "KeyCustodyError";
  constructor(message: string) {
    super(500, "INTERNAL", message);
  }
}

function seal(key: KeyObject, plaintext: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, ciphertext, cipher.getAuthTag()]);
}

function open(key: KeyObject, sealed: Buffer, aad: string, what: string): Buffer {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) throw new KeyCustodyError(`The stored ${what} is not in a known format.`);
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(aad, "utf8")).setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new KeyCustodyError(`The stored ${what} does not open with this master key.`);
  }
}

const privateKeyAad = (address: Address) => `tokenhub cloud key v1 private key ${address.toLowerCase()}`;
const dataKeyAad = (address: Address, masterKeyId: string) => `tokenhub cloud key v1 data key ${address.toLowerCase()} ${masterKeyId}`;

function unwrapDataKey(master: MasterKey, address: Address, sealed: SealedKey): KeyObject {
  if (sealed.masterKeyId !== master.id) {
    throw new KeyCustodyError(`The cloud key ${address} was stored under another master key than the one this service holds.`);
  }
  const bytes = open(master.key, sealed.wrappedDataKey, dataKeyAad(address, master.id), "data key");
  const key = crypto.createSecretKey(bytes);
  bytes.fill(0);
  return key;
}

export function sealPrivateKey(master: MasterKey, address: Address, privateKey: Hex): SealedKey {
  const dataKeyBytes = crypto.randomBytes(32);
  const dataKey = crypto.createSecretKey(dataKeyBytes);
  const wrappedDataKey = seal(master.key, dataKeyBytes, dataKeyAad(address, master.id));
  dataKeyBytes.fill(0);
  const keyBytes = Buffer.from(privateKey.slice(2), "hex");
  const encryptedPrivateKey = seal(dataKey, keyBytes, privateKeyAad(address));
  keyBytes.fill(0);
  return { encryptedPrivateKey, wrappedDataKey, masterKeyId: master.id };
}

export function openPrivateKey(master: MasterKey, address: Address, sealed: SealedKey): Hex {
  const bytes = open(unwrapDataKey(master, address, sealed), sealed.encryptedPrivateKey, privateKeyAad(address), "private key");
  const key = `0x${bytes.toString("hex")}` as Hex;
  bytes.fill(0);
  return key;
}

/** The same private key ciphertext, its data key re-sealed under `next`. */
export function rewrapDataKey(current: MasterKey, next: MasterKey, address: Address, sealed: SealedKey): SealedKey {
  const dataKey = unwrapDataKey(current, address, sealed);
  const bytes = dataKey.export();
  const wrappedDataKey = seal(next.key, bytes, dataKeyAad(address, next.id));
  bytes.fill(0);
  return { encryptedPrivateKey: sealed.encryptedPrivateKey, wrappedDataKey, masterKeyId: next.id };
}
