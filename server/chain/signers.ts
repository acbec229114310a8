import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, http, parseEther, type Hex, type LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ConfigError } from "../errors.js";
import { anvilDevAccount } from "./anvil.js";

export const SIGNER_KEYS_ENV = "TOKENHUB_SIGNER_KEYS";
export const SIGNER_KEY_FILE_ENV = "TOKENHUB_SIGNER_KEY_FILE";
export const LOCAL_SIGNER_FILE = "signer.key";
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** `TOKENHUB_SIGNER_KEYS_<chainId>`: keys for one chain only, taking precedence over the shared ones. */
export function chainSignerKeysEnv(chainId: number): string {
  return `${SIGNER_KEYS_ENV}_${chainId}`;
}

/**
 * The service signers of each chain, from the environment: `TOKENHUB_SIGNER_KEYS_<chainId>` for that chain, else
 * `TOKENHUB_SIGNER_KEYS` (comma-separated 0x keys, shared by every chain), else the keys in the file named by
 * `TOKENHUB_SIGNER_KEY_FILE` (one per line or comma-separated). A chain with none gets an empty list: the local
 * chain then uses ensureLocalSigner. Errors name the variable and the entry, never the key.
 */
export function loadSigners(chainIds: readonly number[], env: NodeJS.ProcessEnv = process.env): Map<number, LocalAccount[]> {
  let fileKeys: LocalAccount[] | undefined;
  const fromFile = () => {
    const file = env[SIGNER_KEY_FILE_ENV];
    if (!file) return [];
    if (fileKeys === undefined) {
      let text: string;
      try {
        text = fs.readFileSync(file, "utf8");
      } catch (error) {
        throw new ConfigError(`${SIGNER_KEY_FILE_ENV}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
      }
      fileKeys = parseKeys(text, `${SIGNER_KEY_FILE_ENV} (${file})`);
    }
    return fileKeys;
  };
  const shared = env[SIGNER_KEYS_ENV] ? parseKeys(env[SIGNER_KEYS_ENV], SIGNER_KEYS_ENV) : undefined;
  return new Map(
    chainIds.map((chainId) => {
      const own = env[chainSignerKeysEnv(chainId)];
      return [chainId, own ? parseKeys(own, chainSignerKeysEnv(chainId)) : (shared ?? fromFile())];
    }),
  );
}

function parseKeys(text: string, source: string): LocalAccount[] {
  const accounts = parseKeyList(text, source).map((key) => privateKeyToAccount(key));
  const unique = new Map(accounts.map((account) => [account.address, account]));
  return [...unique.values()];
}

function parseKeyList(text: string, source: string): Hex[] {
  const entries = text.split(/[\s,]+/).filter((entry) => entry.length > 0);
  return entries.map((entry, index) => {
    const key = (entry.startsWith("0x") ? entry : `0x${entry}`) as Hex;
    const scalar = /^0x[0-9a-fA-F]{64}$/.test(key) ? BigInt(key) : 0n;
    if (scalar === 0n || scalar >= SECP256K1_ORDER) {
      throw new ConfigError(`${source}: entry ${index + 1} is not a private key (expected 32 bytes of hex, below the curve order).`);
    }
    return key;
  });
}

export type EnsureLocalSignerOptions = {
  chainId: number;
  /** Below this balance the signer is topped up. */
  minBalance?: bigint;
  fundAmount?: bigint;
};

/**
 * The embedded mode's signer: a key generated once into `<dataDir>/signer.key` (owner-only), reused on later starts,
 * and funded from anvil's first dev account whenever its balance runs low. A signer of its own, rather than a dev
 * account, keeps the service's nonces apart from anything a developer does with the well-known dev keys.
 */
export async function ensureLocalSigner(dataDir: string, rpcUrl: string, options: EnsureLocalSignerOptions): Promise<LocalAccount> {
  const account = localSignerAccount(dataDir);
  await fundOnLocalChain(account, rpcUrl, options);
  return account;
}

/** Tops a signer of the local chain up from anvil's first dev account whenever its balance runs low. */
export async function fundOnLocalChain(account: LocalAccount, rpcUrl: string, options: EnsureLocalSignerOptions): Promise<void> {
  const minBalance = options.minBalance ?? parseEther("100");
  const chain = {
    id: options.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  if ((await client.getBalance({ address: account.address })) < minBalance) {
    const funder = createWalletClient({ account: anvilDevAccount(), chain, transport: http(rpcUrl) });
    const hash = await funder.sendTransaction({ to: account.address, value: options.fundAmount ?? parseEther("1000") });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new ConfigError(`Funding the local signer ${account.address} failed in ${hash}.`);
  }
}

/** The local chain's generated signer (created on first use), without touching the chain. */
export function localSignerAccount(dataDir: string): LocalAccount {
  return privateKeyToAccount(readOrCreateKey(path.join(dataDir, LOCAL_SIGNER_FILE)));
}

function readOrCreateKey(file: string): Hex {
  if (!fs.existsSync(file)) {
    try {
      // `wx`: two processes starting at once must not each write a different key.
      fs.writeFileSync(file, `${generatePrivateKey()}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const keys = parseKeyList(fs.readFileSync(file, "utf8"), file);
  if (keys.length !== 1) throw new ConfigError(`${file} must hold exactly one private key.`);
  return keys[0]!;
}
