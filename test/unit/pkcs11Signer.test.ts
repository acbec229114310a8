import { execFileSync } from "node:child_process";
import pkcs11js from "pkcs11js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMessage, keccak256, parseTransaction, recoverTransactionAddress, type TransactionSerializedEIP1559, verifyMessage, verifyTypedData } from "viem";
import { pkcs11Account, pkcs11Signer } from "../../server/custody/pkcs11Account.js";
import { openPkcs11Token, type Pkcs11Key, type Pkcs11Settings, type Pkcs11Token } from "../../server/custody/pkcs11Token.js";
import { ConfigError, SignerUnavailableError } from "../../server/errors.js";
import { createSoftHsmToken, type SoftHsmToken } from "../helpers/softhsm.js";

const SOURCES = { library: "TOKENHUB_PKCS11_LIBRARY", token: "TOKENHUB_PKCS11_TOKEN_LABEL", pin: "TOKENHUB_PKCS11_PIN" };
const HALF_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n >> 1n;

let softhsm: SoftHsmToken;
let token: Pkcs11Token;
// A token nothing in this process has logged into: a login is the whole process's, so a wrong PIN shows only there.
let untouched: { label: string; pin: string };
const settings = (): Pkcs11Settings => ({ library: softhsm.library, token: { label: softhsm.label }, pin: softhsm.pin, sources: SOURCES });

beforeAll(() => {
  softhsm = createSoftHsmToken();
  untouched = { label: "untouched", ...softhsm.addToken("untouched") };
  // SoftHSM2 reads its configuration when the library is initialised, in this process.
  process.env.SOFTHSM2_CONF = softhsm.conf;
  token = openPkcs11Token(settings());
});

afterAll(() => {
  token?.close();
  softhsm?.destroy();
});

/**
 * What another program that holds the PIN reads of the key labelled `label` through PKCS#11: its attributes, and
 * what C_GetAttributeValue answers for CKA_VALUE (the private scalar). In a process of its own, logged in on its own.
 */
function readKeyAsAnotherProgram(label: string): { extractable: number; sensitive: number; token: number; value: string } {
  const script = `
    const pkcs11js = require("pkcs11js");
    const module = new pkcs11js.PKCS11();
    module.load(${JSON.stringify(softhsm.library)});
    module.C_Initialize();
    const slot = module.C_GetSlotList(true).find((each) => module.C_GetTokenInfo(each).label.trim() === ${JSON.stringify(softhsm.label)});
    const session = module.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION);
    module.C_Login(session, pkcs11js.CKU_USER, ${JSON.stringify(softhsm.pin)});
    module.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }, { type: pkcs11js.CKA_LABEL, value: ${JSON.stringify(label)} }]);
    const handle = module.C_FindObjects(session);
    module.C_FindObjectsFinal(session);
    const [extractable, sensitive, token] = module.C_GetAttributeValue(session, handle, [{ type: pkcs11js.CKA_EXTRACTABLE }, { type: pkcs11js.CKA_SENSITIVE }, { type: pkcs11js.CKA_TOKEN }]);
    let value;
    try { value = module.C_GetAttributeValue(session, handle, [{ type: pkcs11js.CKA_VALUE }])[0].value.toString("hex"); } catch (error) { value = error.message; }
    module.C_Finalize();
    console.log(JSON.stringify({ extractable: extractable.value[0], sensitive: sensitive.value[0], token: token.value[0], value }));
  `;
  const out = execFileSync(process.execPath, ["-e", script], { env: { ...process.env, SOFTHSM2_CONF: softhsm.conf }, encoding: "utf8" });
  return JSON.parse(out) as { extractable: number; sensitive: number; token: number; value: string };
}

describe("PKCS#11 signer on a SoftHSM2 token", () => {
  it("generates a secp256k1 key inside the token whose signatures viem verifies against its address", async () => {
    const key = await token.generateKey("signer-1");
    expect(await token.findKey("signer-1")).toEqual(key);
    const account = pkcs11Account(token, key);

    const message = "tokenhub signs in hardware";
    const signature = await account.signMessage({ message });
    expect(await verifyMessage({ address: key.address, message, signature })).toBe(true);

    const typedData = {
      domain: { name: "tokenhub", version: "1", chainId: 31337, verifyingContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3" },
      types: { Mint: [{ name: "to", type: "address" }, { name: "amount", type: "uint256" }] },
      primaryType: "Mint",
      message: { to: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", amount: 5n },
    } as const;
    expect(await verifyTypedData({ address: key.address, signature: await account.signTypedData(typedData), ...typedData })).toBe(true);

    const raw = (await account.signTransaction({
      type: "eip1559",
      chainId: 31337,
      nonce: 7,
      to: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })) as TransactionSerializedEIP1559;
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(key.address);
    expect(parseTransaction(raw).nonce).toBe(7);
  });

  // A transaction signer keeps a table of its public key's multiples to find the recovery bit (pkcs11Account.ts); a
  // cloud key does not. Both parities must come out right: a wrong bit recovers another address.
  it.each([
    ["a cloud key", async (key: Pkcs11Key) => pkcs11Account(token, key)],
    ["a transaction signer", async (key: Pkcs11Key) => await pkcs11Signer(token, key.label)],
  ])("gives s in the lower half of the order (EIP-2) and the right recovery bit on every signature, as %s", async (_, accountOf) => {
    const key = (await token.findKey("signer-1"))!;
    const account = await accountOf(key);
    const parities = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const signature = await account.signMessage({ message: `low s ${i}` });
      expect(BigInt(`0x${signature.slice(66, 130)}`) <= HALF_ORDER).toBe(true);
      expect(await verifyMessage({ address: key.address, message: `low s ${i}`, signature })).toBe(true);
      parities.add(signature.slice(130));
    }
    expect(parities).toEqual(new Set(["1b", "1c"]));
  });

  // Signatures run on libuv's threads, several at once: a library initialised without CKF_OS_LOCKING_OK may run them
  // unlocked (SoftHSM2 does, and its heap then breaks: the process aborts, in some runs of this test, not all).
  it("signs many at once on its sessions, each signature right", async () => {
    const account = await pkcs11Signer(token, "signer-1");
    const messages = Array.from({ length: 400 }, (_, i) => `at once ${i}`);
    const signatures = await Promise.all(messages.map((message) => account.signMessage({ message })));
    const verified = await Promise.all(messages.map((message, i) => verifyMessage({ address: account.address, message, signature: signatures[i]! })));
    expect(verified.every(Boolean)).toBe(true);
  });

  it("keeps the private key in the token: not extractable, sensitive, its value refused", async () => {
    const seen = readKeyAsAnotherProgram("signer-1");
    expect(seen).toEqual({ extractable: 0, sensitive: 1, token: 1, value: "CKR_ATTRIBUTE_SENSITIVE" });
  });

  it("finds the same key after the token is opened again", async () => {
    const before = (await token.findKey("signer-1"))!;
    const again = openPkcs11Token(settings());
    try {
      expect(await again.findKey("signer-1")).toEqual(before);
      expect(await again.findKey("no-such-key")).toBeUndefined();
      const signature = await pkcs11Account(again, before).signMessage({ message: "again" });
      expect(await verifyMessage({ address: before.address, message: "again", signature })).toBe(true);
    } finally {
      again.close();
    }
  });

  it("signs again on new sessions after the library's sessions were closed", async () => {
    const key = (await token.findKey("signer-1"))!;
    // The library is the process's: a module of the test's own closes every session this process has on the token.
    const module = new pkcs11js.PKCS11();
    module.load(softhsm.library);
    try {
      module.C_Initialize();
    } catch (error) {
      if ((error as pkcs11js.Pkcs11Error).code !== pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED) throw error;
    }
    module.C_CloseAllSessions(module.C_GetSlotList(true).find((each) => module.C_GetTokenInfo(each).label.trim() === softhsm.label)!);
    const signature = await pkcs11Account(token, key).signMessage({ message: "after close" });
    expect(await verifyMessage({ address: key.address, message: "after close", signature })).toBe(true);
  });

  it("answers a key the token does not hold as a plain error, not as a token to retry later", async () => {
    const digest = Uint8Array.from(Buffer.from(keccak256(hashMessage("x")).slice(2), "hex"));
    const failure = await token.signDigest("missing", digest).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain("no private key labelled 'missing'");
    expect(failure).not.toBeInstanceOf(SignerUnavailableError);
  });

  it("refuses to start with a wrong PIN, a missing library or an unknown token, naming the setting", async () => {
    const wrongPin = { ...settings(), token: { label: untouched.label }, pin: "wrong-pin" };
    expect(() => openPkcs11Token(wrongPin)).toThrow(ConfigError);
    expect(() => openPkcs11Token(wrongPin)).toThrow(/^TOKENHUB_PKCS11_PIN: cannot log into .*'untouched'.*: the PIN is wrong/);
    openPkcs11Token({ ...wrongPin, pin: untouched.pin }).close();
    expect(() => openPkcs11Token({ ...settings(), library: "/nonexistent/libpkcs11.so" })).toThrow(/^TOKENHUB_PKCS11_LIBRARY: no PKCS#11 library at \/nonexistent/);
    expect(() => openPkcs11Token({ ...settings(), token: { label: "other" } })).toThrow(/^TOKENHUB_PKCS11_TOKEN_LABEL: .* has no token labelled 'other' \(tokens: .*'tokenhub-test'/);
    // The token still answers: a failed open closes only what it opened.
    expect(await token.findKey("signer-1")).toBeDefined();
  });
});
