import crypto, { type KeyObject } from "node:crypto";
import type { Address, Hex } from "viem";
import { TokenhubError } from "../errors.js";
import type { MasterKey } from "./masterKey.js";

/**
 * Envelope encryption of what the service holds for projects (cloud keys' private keys, webhook signing secrets):
 * each value is sealed with AES-256-GCM under a data key of its own, and the data key is sealed under the master key.
 * Rotating the master key re-seals the data keys only; the sealed values are never decrypted for it. The associated
 * data binds each ciphertext to its place (a cloud key's address, a webhook endpoint's id) and the data key to its
 * master key, so rows cannot be swapped or replayed onto another key or endpoint.
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

/**
 * What a sealed value is bound to: the associated data of the value and of its data key (which names the master key),
 * and how messages name it. Two values sealed for different places do not open in each other's place.
 */
export type EnvelopeContext = { name: string; valueAad: string; dataKeyAad: (masterKeyId: string) => string };

/** A value sealed under a data key of its own, and that data key sealed under the master key `masterKeyId`. */
export type Envelope = { ciphertext: Buffer; wrappedDataKey: Buffer; masterKeyId: string };

function unwrapDataKey(master: MasterKey, context: EnvelopeContext, envelope: Envelope): KeyObject {
  if (envelope.masterKeyId !== master.id) {
    throw new KeyCustodyError(`The ${context.name} was stored under another master key than the one this service holds.`);
  }
  const bytes = open(master.key, envelope.wrappedDataKey, context.dataKeyAad(master.id), "data key");
  const key = crypto.createSecretKey(bytes);
  bytes.fill(0);
  return key;
}

export function sealValue(master: MasterKey, context: EnvelopeContext, plaintext: Buffer): Envelope {
  const dataKeyBytes = crypto.randomBytes(32);
  const dataKey = crypto.createSecretKey(dataKeyBytes);
  const wrappedDataKey = seal(master.key, dataKeyBytes, context.dataKeyAad(master.id));
  dataKeyBytes.fill(0);
  return { ciphertext: seal(dataKey, plaintext, context.valueAad), wrappedDataKey, masterKeyId: master.id };
}

/** The plaintext; the caller zeroes it once used. */
export function openValue(master: MasterKey, context: EnvelopeContext, envelope: Envelope, what: string): Buffer {
  return open(unwrapDataKey(master, context, envelope), envelope.ciphertext, context.valueAad, what);
}

/** The same ciphertext, its data key re-sealed under `next`. */
export function rewrapValue(current: MasterKey, next: MasterKey, context: EnvelopeContext, envelope: Envelope): Envelope {
  const bytes = unwrapDataKey(current, context, envelope).export();
  const wrappedDataKey = seal(next.key, bytes, context.dataKeyAad(next.id));
  bytes.fill(0);
  return { ciphertext: envelope.ciphertext, wrappedDataKey, masterKeyId: next.id };
}

const cloudKeyContext = (address: Address): EnvelopeContext => ({
  name: `cloud key ${address}`,
  valueAad: `tokenhub cloud key v1 private key ${address.toLowerCase()}`,
  dataKeyAad: (masterKeyId) => `tokenhub cloud key v1 data key ${address.toLowerCase()} ${masterKeyId}`,
});

export function sealPrivateKey(master: MasterKey, address: Address, privateKey: Hex): SealedKey {
  const keyBytes = Buffer.from(privateKey.slice(2), "hex");
  const { ciphertext, ...wrapped } = sealValue(master, cloudKeyContext(address), keyBytes);
  keyBytes.fill(0);
  return { encryptedPrivateKey: ciphertext, ...wrapped };
}

export function openPrivateKey(master: MasterKey, address: Address, sealed: SealedKey): Hex {
  const bytes = openValue(master, cloudKeyContext(address), { ...sealed, ciphertext: sealed.encryptedPrivateKey }, "private key");
  const key = `0x${bytes.toString("hex")}` as Hex;
  bytes.fill(0);
  return key;
}

/** The same private key ciphertext, its data key re-sealed under `next`. */
export function rewrapDataKey(current: MasterKey, next: MasterKey, address: Address, sealed: SealedKey): SealedKey {
  const { wrappedDataKey, masterKeyId } = rewrapValue(current, next, cloudKeyContext(address), { ...sealed, ciphertext: sealed.encryptedPrivateKey });
  return { encryptedPrivateKey: sealed.encryptedPrivateKey, wrappedDataKey, masterKeyId };
}
