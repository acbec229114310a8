import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, http, parseEther, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mnemonicToAccount } from "viem/accounts";
import { AnvilStartError, DEFAULT_ANVIL_MNEMONIC, anvilBinaryPath, anvilDevAccount, startAnvil } from "../../server/chain/anvil.js";

let stateDir: string;
beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), "tokenhub-anvil-"));
});
afterAll(() => rm(stateDir, { recursive: true, force: true }));

const chainIdOf = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) }).getChainId();

describe("anvilDevAccount", () => {
  it("is the account viem's mnemonicToAccount derives from anvil's mnemonic, at each index", () => {
    for (const addressIndex of [0, 1, 5, 12]) {
      const expected = mnemonicToAccount(DEFAULT_ANVIL_MNEMONIC, { addressIndex });
      const account = anvilDevAccount(addressIndex);
      expect(account.address).toBe(expected.address);
      expect(account.getHdKey().privateKey).toEqual(expected.getHdKey().privateKey);
    }
  });
});

describe("startAnvil", () => {
  it("resolves the binary from the platform package", () => {
    expect(anvilBinaryPath()).toMatch(/@foundry-rs[\\/]anvil-[a-z0-9]+-[a-z0-9]+[\\/]bin[\\/]anvil(\.exe)?$/);
  });

  it("starts nodes on distinct free ports with the requested chain id", async () => {
    const [first, second] = await Promise.all([startAnvil({ quiet: true }), startAnvil({ quiet: true, chainId: 1337 })]);
    try {
      expect(first.port).not.toBe(second.port);
      expect(first.rpcUrl).toBe(`http://127.0.0.1:${first.port}`);
      expect(first.wsUrl).toBe(`ws://127.0.0.1:${first.port}`);
      expect(await chainIdOf(first.rpcUrl)).toBe(31337);
      expect(await chainIdOf(second.rpcUrl)).toBe(1337);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it("keeps the chain in the state file across restarts", async () => {
    const stateFile = join(stateDir, "state.json");
    const recipient: Address = "0x000000000000000000000000000000000000dEaD";
    const first = await startAnvil({ quiet: true, stateFile });
    const wallet = createWalletClient({
      account: anvilDevAccount(),
      transport: http(first.rpcUrl),
    });
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther("1"), chain: null });
    await createPublicClient({ transport: http(first.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await first.stop();
    await first.stop(); // a second stop is harmless

    const second = await startAnvil({ quiet: true, stateFile });
    try {
      const client = createPublicClient({ transport: http(second.rpcUrl) });
      expect(await client.getBalance({ address: recipient })).toBe(parseEther("1"));
    } finally {
      await second.stop();
    }
  });

  it("fails with anvil's own error when it cannot start", async () => {
    const running = await startAnvil({ quiet: true });
    try {
      const failure = await startAnvil({ quiet: true, port: running.port }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AnvilStartError);
      expect((failure as AnvilStartError).message).toMatch(/exited with code 1[\s\S]*Address already in use/);
    } finally {
      await running.stop();
    }
  });
});
