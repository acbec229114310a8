import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { KeyCustodyError, openPrivateKey, rewrapDataKey, sealPrivateKey } from "../../server/custody/envelope.js";
import { parseMasterKey, resolveMasterKey } from "../../server/custody/masterKey.js";
import { ConfigError } from "../../server/errors.js";

const randomMaster = () => parseMasterKey(crypto.randomBytes(32).toString("hex"), "test");

describe("master key", () => {
  it("reads 32 bytes as hex (0x optional) or base64, and names the same key by the same id", () => {
    const bytes = crypto.randomBytes(32);
    const ids = [bytes.toString("hex"), `0x${bytes.toString("hex")}`, bytes.toString("base64"), bytes.toString("base64url")].map((text) => parseMasterKey(text, "k").id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(ids[0]).not.toBe(randomMaster().id);
  });

  it("refuses a key of the wrong size without echoing it, and two configured sources at once", () => {
    const short = crypto.randomBytes(16).toString("hex");
    expect(() => parseMasterKey(short, "TOKENHUB_MASTER_KEY")).toThrow(ConfigError);
    expect(() => parseMasterKey(short, "TOKENHUB_MASTER_KEY")).not.toThrow(short);
    expect(() => resolveMasterKey("/nonexistent", { create: false, env: { TOKENHUB_MASTER_KEY: "a", TOKENHUB_MASTER_KEY_FILE: "b" } })).toThrow(
      "Set TOKENHUB_MASTER_KEY or TOKENHUB_MASTER_KEY_FILE, not both.",
    );
  });

  it("generates an owner-only key file once and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-master-"));
    try {
      expect(() => resolveMasterKey(dataDir, { create: false, env: {} })).toThrow(ConfigError);
      const first = resolveMasterKey(dataDir, { create: true, env: {} });
      expect(first.generated).toBe(true);
      expect(fs.statSync(first.file!).mode & 0o777).toBe(0o600);
      const again = resolveMasterKey(dataDir, { create: true, env: {} });
      expect([again.generated, again.id]).toEqual([false, first.id]);
      expect(String(first.key)).not.toContain(fs.readFileSync(first.file!, "utf8").trim());
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("envelope", () => {
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;

  it("opens what it sealed, and only with the master key and for the address it was sealed for", () => {
    const master = randomMaster();
    const sealed = sealPrivateKey(master, address, privateKey);
    expect(openPrivateKey(master, address, sealed)).toBe(privateKey);
    expect(sealed.encryptedPrivateKey.toString("hex")).not.toContain(privateKey.slice(2));
    expect(() => openPrivateKey({ ...randomMaster(), id: master.id }, address, sealed)).toThrow(KeyCustodyError);
    const other = privateKeyToAccount(generatePrivateKey()).address;
    expect(() => openPrivateKey(master, other, sealed)).toThrow("does not open with this master key");
    const tampered = Buffer.from(sealed.encryptedPrivateKey);
    tampered[20]! ^= 1;
    expect(() => openPrivateKey(master, address, { ...sealed, encryptedPrivateKey: tampered })).toThrow("The stored private key does not open with this master key.");
  });

  it("re-wraps the data key for a new master key, leaving the sealed private key as it was", () => {
    const from = randomMaster();
    const to = randomMaster();
    const sealed = sealPrivateKey(from, address, privateKey);
    const moved = rewrapDataKey(from, to, address, sealed);
    expect(moved.encryptedPrivateKey).toBe(sealed.encryptedPrivateKey);
    expect(moved.masterKeyId).toBe(to.id);
    expect(openPrivateKey(to, address, moved)).toBe(privateKey);
    expect(() => openPrivateKey(from, address, moved)).toThrow("was stored under another master key");
  });
});
