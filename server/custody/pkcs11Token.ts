import fs from "node:fs";
import { createRequire } from "node:module";
import type { PKCS11 } from "pkcs11js";
import { type Address, getAddress, type Hex, keccak256, toHex } from "viem";
import { ConfigError, SignerUnavailableError } from "../errors.js";

/**
 * A token of a PKCS#11 library (an HSM, SoftHSM2, AWS CloudHSM's or Google Cloud HSM's kmsp11), as configured: which
 * library, which token (by label or slot), the user PIN, and the names of the settings each came from, so that a
 * start-up error names the one to fix.
 */
export type Pkcs11Settings = {
  library: string;
  token: { label: string } | { slot: number };
  pin: string;
  /** Where each value came from, for messages: e.g. { library: "TOKENHUB_PKCS11_LIBRARY", ... }. */
  sources: { library: string; token: string; pin: string };
};

/** A secp256k1 key pair inside the token: only its public half and a handle to sign with ever reach this process. */
export type Pkcs11Key = { label: string; address: Address; publicKey: Hex };

export type Pkcs11Token = {
  description: string;
  /** The key pair with this label, or undefined. */
  findKey(label: string): Promise<Pkcs11Key | undefined>;
  /** Generates a key pair inside the token: non-extractable, sensitive, stored on the token. */
  generateKey(label: string): Promise<Pkcs11Key>;
  /** An ECDSA signature (r || s, 64 bytes) of a 32-byte digest; SignerUnavailableError when the token is gone. */
  signDigest(label: string, digest: Uint8Array): Promise<Uint8Array>;
  /** Closes this token's sessions; one token object per token and process, since a login is the whole process's. */
  close(): void;
};

// The DER encoding of secp256k1's OID 1.3.132.0.10, as CKA_EC_PARAMS names a curve.
const SECP256K1_PARAMS = Buffer.from("06052b8104000a", "hex");
// A signing session per signature in flight: an HSM signs on several sessions at once, each one operation at a time.
const MAX_SESSIONS = 8;
const RETRY_AFTER_SECONDS = 5;
/**
 * Signatures run on libuv's threads, several at once: the library must lock. Initialised without arguments, a library
 * may take it that only one thread calls it (SoftHSM2 then turns its mutexes off, and concurrent signatures corrupt its
 * heap: the process aborts with "double free or corruption").
 */
const initializeArgs = () => ({ flags: pkcs11js.CKF_OS_LOCKING_OK });

/**
 * The pkcs11js binding, loaded by the first token opened. It is an optional dependency (a native addon that npm builds
 * with a C++ toolchain and Node's headers): where it did not build, install and the local backend still work, and only
 * a pkcs11 backend is refused, saying why.
 */
let pkcs11js: typeof import("pkcs11js");

function loadBinding(settings: Pkcs11Settings): void {
  if (pkcs11js !== undefined) return;
  try {
    pkcs11js = createRequire(import.meta.url)("pkcs11js") as typeof import("pkcs11js");
  } catch (error) {
    throw new ConfigError(
      `${settings.sources.library}: the pkcs11 backend needs the npm package pkcs11js, which is not installed or did not build here (${(error as Error).message.split("\n")[0]}). ` +
        "Install a C++ toolchain (Debian: apt-get install -y build-essential python3) and run npm install again.",
    );
  }
}

// The library's state is per process: every token opened on one library shares its C_Initialize.
const loaded = new Map<string, { module: PKCS11; users: number }>();

function loadLibrary(settings: Pkcs11Settings): PKCS11 {
  loadBinding(settings);
  const known = loaded.get(settings.library);
  if (known) {
    known.users++;
    return known.module;
  }
  if (!fs.existsSync(settings.library)) throw new ConfigError(`${settings.sources.library}: no PKCS#11 library at ${settings.library}.`);
  const module = new pkcs11js.PKCS11();
  try {
    module.load(settings.library);
    module.C_Initialize(initializeArgs());
  } catch (error) {
    if (code(error) !== pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED) {
      throw new ConfigError(`${settings.sources.library}: ${settings.library} is not a usable PKCS#11 library (${(error as Error).message}).`);
    }
  }
  loaded.set(settings.library, { module, users: 1 });
  return module;
}

function unloadLibrary(library: string): void {
  const known = loaded.get(library);
  if (!known || --known.users > 0) return;
  loaded.delete(library);
  try {
    known.module.C_Finalize();
  } finally {
    known.module.close();
  }
}

function code(error: unknown): number | undefined {
  return error instanceof pkcs11js.Pkcs11Error ? error.code : undefined;
}

function text(buffer: string | Buffer): string {
  return buffer.toString().replace(/[\s\0]+$/, "");
}

/**
 * Opens the configured token and logs in as its user. Every problem a start-up can have (no library, no such token,
 * a wrong PIN) is a ConfigError naming the setting; afterwards, a token that fails is a SignerUnavailableError (503
 * with Retry-After) and the next signature opens new sessions and logs in again, so signing resumes once it is back.
 */
export function openPkcs11Token(settings: Pkcs11Settings): Pkcs11Token {
  const module = loadLibrary(settings);
  try {
    let slot = findSlot(module, settings);
    const description = `PKCS#11 token ${"label" in settings.token ? `'${settings.token.label}'` : `in slot ${settings.token.slot}`} of ${settings.library}`;
    let idle: Buffer[] = [];
    const opened = new Set<Buffer>();
    let keys = new Map<string, Buffer>();
    let loggedIn = false;

    const openSession = (): Buffer => {
      const session = module.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
      opened.add(session);
      if (!loggedIn) {
        try {
          module.C_Login(session, pkcs11js.CKU_USER, settings.pin);
        } catch (error) {
          if (code(error) !== pkcs11js.CKR_USER_ALREADY_LOGGED_IN) {
            opened.delete(session);
            module.C_CloseSession(session);
            throw error;
          }
        }
        loggedIn = true;
      }
      return session;
    };
    /**
     * After a failure, everything held may be stale: sessions, the login, the handles. Only this token's own sessions
     * are closed (C_CloseAllSessions would close those of anything else in the process that uses the library).
     */
    const reset = () => {
      for (const session of opened) {
        try {
          module.C_CloseSession(session);
        } catch {
          // Already closed by the library, or the token is gone: nothing is left to close.
        }
      }
      opened.clear();
      idle = [];
      keys = new Map();
      loggedIn = false;
    };
    const waiting: ((session: Buffer) => void)[] = [];
    const acquire = async (): Promise<Buffer> => {
      const session = idle.pop();
      if (session) return session;
      if (opened.size < MAX_SESSIONS) return openSession();
      return await new Promise((resolve) => waiting.push(resolve));
    };
    const release = (session: Buffer) => {
      const next = waiting.shift();
      if (next) next(session);
      else idle.push(session);
    };
    const unavailable = (error: unknown): SignerUnavailableError =>
      new SignerUnavailableError(`The ${description} cannot sign (${(error as Error).message}); nothing was signed. Retry once the token is back.`, {
        cause: error,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });

    const findObject = (session: Buffer, label: string, objectClass: number): Buffer | undefined => {
      module.C_FindObjectsInit(session, [
        { type: pkcs11js.CKA_CLASS, value: objectClass },
        { type: pkcs11js.CKA_LABEL, value: label },
      ]);
      try {
        return module.C_FindObjects(session) ?? undefined;
      } finally {
        module.C_FindObjectsFinal(session);
      }
    };
    const keyOf = (session: Buffer, label: string, publicHandle: Buffer): Pkcs11Key => {
      const [point] = module.C_GetAttributeValue(session, publicHandle, [{ type: pkcs11js.CKA_EC_POINT }]);
      const publicKey = uncompressedPoint(point!.value as Buffer, label);
      return { label, publicKey: toHex(publicKey), address: getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`) };
    };
    const onSession = async <T>(use: (session: Buffer) => T | Promise<T>): Promise<T> => {
      let session: Buffer;
      try {
        session = await acquire();
      } catch (error) {
        reset();
        throw unavailable(error);
      }
      try {
        const result = await use(session);
        release(session);
        return result;
      } catch (error) {
        if (code(error) === undefined) {
          release(session);
          throw error;
        }
        reset();
        throw unavailable(error);
      }
    };
    /**
     * A token that was removed and came back is a new token to the library (SoftHSM2 keeps failing the old one until it
     * is initialised again): the library starts over and the slot is looked up again. Only when new sessions fail too.
     */
    const reinitialize = () => {
      try {
        module.C_Finalize();
      } catch {
        // Not initialised any more: initialising is what is needed.
      }
      try {
        module.C_Initialize(initializeArgs());
        slot = findSlot(module, settings);
      } catch (error) {
        throw unavailable(error);
      }
    };
    /**
     * onSession, then after a failure on new sessions (the library may have closed ours), then after initialising the
     * library again: a token that came back answers, one that is still gone is a SignerUnavailableError.
     */
    const withSession = async <T>(use: (session: Buffer) => T | Promise<T>): Promise<T> => {
      try {
        return await onSession(use);
      } catch (error) {
        if (!(error instanceof SignerUnavailableError)) throw error;
      }
      try {
        return await onSession(use);
      } catch (error) {
        if (!(error instanceof SignerUnavailableError)) throw error;
      }
      reinitialize();
      return await onSession(use);
    };

    // The first session logs in now: a wrong PIN stops start-up here rather than failing the first request.
    try {
      idle.push(openSession());
    } catch (error) {
      reset();
      const reason = code(error) === pkcs11js.CKR_PIN_INCORRECT ? "the PIN is wrong" : (error as Error).message;
      throw new ConfigError(`${settings.sources.pin}: cannot log into the ${description}: ${reason}.`);
    }

    return {
      description,
      findKey: (label) =>
        withSession((session) => {
          const publicHandle = findObject(session, label, pkcs11js.CKO_PUBLIC_KEY);
          return publicHandle && findObject(session, label, pkcs11js.CKO_PRIVATE_KEY) ? keyOf(session, label, publicHandle) : undefined;
        }),
      generateKey: (label) =>
        withSession(async (session) => {
          const id = Buffer.from(label);
          const pair = await module.C_GenerateKeyPairAsync(
            session,
            { mechanism: pkcs11js.CKM_EC_KEY_PAIR_GEN },
            [
              { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PUBLIC_KEY },
              { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_EC },
              { type: pkcs11js.CKA_TOKEN, value: true },
              { type: pkcs11js.CKA_PRIVATE, value: false },
              { type: pkcs11js.CKA_VERIFY, value: true },
              { type: pkcs11js.CKA_LABEL, value: label },
              { type: pkcs11js.CKA_ID, value: id },
              { type: pkcs11js.CKA_EC_PARAMS, value: SECP256K1_PARAMS },
            ],
            [
              { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY },
              { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_EC },
              { type: pkcs11js.CKA_TOKEN, value: true },
              { type: pkcs11js.CKA_PRIVATE, value: true },
              { type: pkcs11js.CKA_SIGN, value: true },
              { type: pkcs11js.CKA_SENSITIVE, value: true },
              { type: pkcs11js.CKA_EXTRACTABLE, value: false },
              { type: pkcs11js.CKA_LABEL, value: label },
              { type: pkcs11js.CKA_ID, value: id },
            ],
          );
          keys.set(label, pair.privateKey);
          return keyOf(session, label, pair.publicKey);
        }),
      signDigest: (label, digest) =>
        withSession(async (session) => {
          let handle = keys.get(label);
          if (handle === undefined) {
            handle = findObject(session, label, pkcs11js.CKO_PRIVATE_KEY);
            if (handle === undefined) throw new Error(`The ${description} holds no private key labelled '${label}'.`);
            keys.set(label, handle);
          }
          module.C_SignInit(session, { mechanism: pkcs11js.CKM_ECDSA }, handle);
          return new Uint8Array(await module.C_SignAsync(session, Buffer.from(digest), Buffer.alloc(64)));
        }),
      close() {
        reset();
        unloadLibrary(settings.library);
      },
    };
  } catch (error) {
    unloadLibrary(settings.library);
    throw error;
  }
}

function findSlot(module: PKCS11, settings: Pkcs11Settings): Buffer {
  const slots = module.C_GetSlotList(true);
  if ("slot" in settings.token) {
    const wanted = settings.token.slot;
    const slot = slots.find((each) => each.readUIntLE(0, each.length > 6 ? 6 : each.length) === wanted);
    if (!slot) throw new ConfigError(`${settings.sources.token}: ${settings.library} has no token in slot ${wanted}.`);
    return slot;
  }
  const labels = slots.map((slot) => ({ slot, label: text(module.C_GetTokenInfo(slot).label) }));
  const match = labels.find((each) => each.label === (settings.token as { label: string }).label);
  if (!match) {
    const found = labels.map((each) => `'${each.label}'`).join(", ") || "none";
    throw new ConfigError(`${settings.sources.token}: ${settings.library} has no token labelled '${(settings.token as { label: string }).label}' (tokens: ${found}).`);
  }
  return match.slot;
}

/** CKA_EC_POINT is the DER OCTET STRING of the uncompressed point (04 || X || Y); some libraries give the point bare. */
function uncompressedPoint(value: Buffer, label: string): Buffer {
  const point = value.length === 67 && value[0] === 0x04 && value[1] === 0x41 ? value.subarray(2) : value;
  if (point.length !== 65 || point[0] !== 0x04) throw new Error(`The public key '${label}' is not an uncompressed secp256k1 point.`);
  return point;
}
