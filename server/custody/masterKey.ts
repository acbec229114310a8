import crypto, { type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../errors.js";

export const MASTER_KEY_ENV = "TOKENHUB_MASTER_KEY";
export const MASTER_KEY_FILE_ENV = "TOKENHUB_MASTER_KEY_FILE";
export const LOCAL_MASTER_KEY_FILE = "master.key";

/**
 * The key that wraps every cloud key's data key. Held as a KeyObject, so that printing or logging it by mistake shows
 * `SecretKeyObject { ... }`, never the bytes. `id` names it without revealing it (an HMAC of a fixed label), so rows
 * record which master key wrapped them and a wrong key is recognised instead of failing as garbage.
 */
export type MasterKey = {
  id: string;
  key: KeyObject;
  /** Where it came from, for messages: the variable's name or the file's path. */
  source: string;
  /** The file it was read from, when it came from one (the generated one or TOKENHUB_MASTER_KEY_FILE's). */
  file: string | undefined;
  /** True when this call created the data directory's key file. */
  generated: boolean;
};

const HEX_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** 32 bytes as 64 hex digits (0x optional) or base64 / base64url. Errors name the source, never the value. */
export function parseMasterKey(text: string, source: string, file?: string): MasterKey {
  const trimmed = text.trim();
  let bytes: Buffer | undefined;
  if (HEX_KEY.test(trimmed)) bytes = Buffer.from(trimmed.replace(/^0x/, ""), "hex");
  else if (BASE64_KEY.test(trimmed)) bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes?.length !== 32) {
    throw new ConfigError(`${source}: the master key must be 32 bytes, written as 64 hex digits or in base64 (openssl rand -hex 32 makes one).`);
  }
  const key = crypto.createSecretKey(bytes);
  bytes.fill(0);
  return { id: masterKeyId(key), key, source, file, generated: false };
}

function masterKeyId(key: KeyObject): string {
  return crypto.createHmac("sha256", key).update("tokenhub master key id v1").digest("hex").slice(0, 16);
}

/** A new random master key in the form parseMasterKey reads. */
export function generateMasterKeyText(): string {
  return `${crypto.randomBytes(32).toString("hex")}\n`;
}

export function readMasterKeyFile(file: string, source: string = file): MasterKey {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(`${source}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
  }
  return parseMasterKey(text, source === file ? file : `${source} (${file})`, file);
}

/** Writes a key file readable by its owner only; never replaces an existing one. */
export function writeNewKeyFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600, flag: "wx" });
}

/**
 * The master key from configuration: `TOKENHUB_MASTER_KEY`, else the file named by `TOKENHUB_MASTER_KEY_FILE`, else
 * `<dataDir>/master.key`. With `create`, a missing data-directory key is generated (owner-only); the caller must
 * tell the operator to back it up.
 */
export function resolveMasterKey(dataDir: string, options: { create: boolean; env?: NodeJS.ProcessEnv }): MasterKey {
  const env = options.env ?? process.env;
  const inline = env[MASTER_KEY_ENV];
  const named = env[MASTER_KEY_FILE_ENV];
  if (inline && named) throw new ConfigError(`Set ${MASTER_KEY_ENV} or ${MASTER_KEY_FILE_ENV}, not both.`);
  if (inline) return parseMasterKey(inline, MASTER_KEY_ENV);
  if (named) return readMasterKeyFile(path.resolve(named), MASTER_KEY_FILE_ENV);
  const file = localMasterKeyFile(dataDir);
  let generated = false;
  if (options.create && !fs.existsSync(file)) {
    try {
      // `wx`: two processes starting at once must not each write a different key.
      writeNewKeyFile(file, generateMasterKeyText());
      generated = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  if (!fs.existsSync(file)) {
    throw new ConfigError(`No master key: set ${MASTER_KEY_ENV} or ${MASTER_KEY_FILE_ENV}, or start the service once to generate ${file}.`);
  }
  return { ...readMasterKeyFile(file, file), generated };
}

export function localMasterKeyFile(dataDir: string): string {
  return path.join(dataDir, LOCAL_MASTER_KEY_FILE);
}

/** Replaces a key file in one step (write aside, then rename), so a crash leaves the old key or the new one. */
export function replaceKeyFile(file: string, text: string): void {
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, text, { mode: 0o600 });
  fs.renameSync(aside, file);
}
