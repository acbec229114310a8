import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureLocalSigner, loadSigners } from "../../server/chain/signers.js";
import { ConfigError } from "../../server/errors.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";

const keys = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()];
const address = (key: `0x${string}`) => privateKeyToAccount(key).address;

describe("loadSigners", () => {
  it("reads shared keys, per-chain keys that take precedence, and a key file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-signers-"));
    const file = path.join(dir, "keys");
    fs.writeFileSync(file, `${keys[2]}\n`, { mode: 0o600 });

    const shared = loadSigners([1, 2], { TOKENHUB_SIGNER_KEYS: `${keys[0]}, ${keys[1]}`, TOKENHUB_SIGNER_KEYS_2: keys[2]! });
    expect(shared.get(1)!.map((account) => account.address)).toEqual([address(keys[0]!), address(keys[1]!)]);
    expect(shared.get(2)!.map((account) => account.address)).toEqual([address(keys[2]!)]);

    const fromFile = loadSigners([1], { TOKENHUB_SIGNER_KEY_FILE: file });
    expect(fromFile.get(1)!.map((account) => account.address)).toEqual([address(keys[2]!)]);
    expect(loadSigners([1], {}).get(1)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });

  it("names the bad entry without ever repeating a key", () => {
    const almost = `${keys[0]!.slice(0, -1)}z`;
    const error = (() => {
      try {
        loadSigners([1], { TOKENHUB_SIGNER_KEYS: `${keys[1]},${almost}` });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toBe("TOKENHUB_SIGNER_KEYS: entry 2 is not a private key (expected 32 bytes of hex, below the curve order).");
    expect(error!.message).not.toContain(keys[1]!.slice(2, 20));
    expect(() => loadSigners([1], { TOKENHUB_SIGNER_KEY_FILE: "/nonexistent/keys" })).toThrow(ConfigError);
  });
});

describe("ensureLocalSigner", () => {
  let chain: TestChain;
  let dataDir: string;
  beforeAll(async () => {
    chain = await startTestChain();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-local-signer-"));
  });
  afterAll(async () => {
    await chain?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("generates an owner-only key once, funds it from the dev account, and reuses it on later starts", async () => {
    const signer = await ensureLocalSigner(dataDir, chain.node.rpcUrl, { chainId: chain.chainId });
    const file = path.join(dataDir, "signer.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await chain.client.getBalance({ address: signer.address })).toBe(parseEther("1000"));

    const again = await ensureLocalSigner(dataDir, chain.node.rpcUrl, { chainId: chain.chainId });
    expect(again.address).toBe(signer.address);
    // Funded only when low: a second start sends nothing.
    expect(await chain.client.getBalance({ address: signer.address })).toBe(parseEther("1000"));
  });
});
