import fs from "node:fs";
import { z } from "zod";
import type { Pkcs11Settings } from "../custody/pkcs11Token.js";
import { ConfigError } from "../errors.js";

export const PKCS11_LIBRARY_ENV = "TOKENHUB_PKCS11_LIBRARY";
export const PKCS11_TOKEN_LABEL_ENV = "TOKENHUB_PKCS11_TOKEN_LABEL";
export const PKCS11_SLOT_ENV = "TOKENHUB_PKCS11_SLOT";
export const PKCS11_PIN_ENV = "TOKENHUB_PKCS11_PIN";
export const PKCS11_PIN_FILE_ENV = "TOKENHUB_PKCS11_PIN_FILE";
export const SIGNER_PKCS11_KEYS_ENV = "TOKENHUB_SIGNER_PKCS11_KEYS";
export const CLOUD_KEYS_BACKEND_ENV = "TOKENHUB_CLOUD_KEYS_BACKEND";

/**
 * The PKCS#11 settings. Read from the environment by every process that signs (never written to runtime.json: the PIN
 * is among them), as the signer keys and the master key are.
 */
const pkcs11Schema = z.object({
  [PKCS11_LIBRARY_ENV]: z.string().min(1).optional(),
  [PKCS11_TOKEN_LABEL_ENV]: z.string().min(1).max(32, "at most 32 characters (a PKCS#11 token label)").optional(),
  [PKCS11_SLOT_ENV]: z.coerce.number().int().min(0).optional(),
  [PKCS11_PIN_ENV]: z.string().min(1).optional(),
  [PKCS11_PIN_FILE_ENV]: z.string().min(1).optional(),
  [CLOUD_KEYS_BACKEND_ENV]: z.enum(["local", "pkcs11"]).default("local"),
});

export const PKCS11_VARIABLES = Object.keys(pkcs11Schema.shape);

/** `TOKENHUB_SIGNER_PKCS11_KEYS_<chainId>`: one chain's signers in the token, by label. */
export function chainSignerPkcs11KeysEnv(chainId: number): string {
  return `${SIGNER_PKCS11_KEYS_ENV}_${chainId}`;
}

export type Pkcs11Config = {
  /** The token, when any signer or the cloud keys are in one. */
  token: Pkcs11Settings | undefined;
  cloudKeys: "local" | "pkcs11";
};

/**
 * The token's settings, required (with a message naming what is missing) as soon as a chain's signers or the cloud
 * keys are `pkcs11`. `signerLabels` are those of pkcs11SignerLabels, for every chain.
 */
export function loadPkcs11Config(signerLabels: ReadonlyMap<number, readonly string[]>, env: NodeJS.ProcessEnv = process.env): Pkcs11Config {
  const parsed = pkcs11Schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  }
  const e = parsed.data;
  const users = [
    ...[...signerLabels].filter(([, labels]) => labels.length > 0).map(([chainId]) => `the signers of chain ${chainId}`),
    ...(e[CLOUD_KEYS_BACKEND_ENV] === "pkcs11" ? [`${CLOUD_KEYS_BACKEND_ENV}=pkcs11`] : []),
  ];
  if (users.length === 0) return { token: undefined, cloudKeys: "local" };
  const needed = (what: string) => new ConfigError(`${users.join(" and ")} are in a PKCS#11 token: ${what}.`);
  if (!e[PKCS11_LIBRARY_ENV]) throw needed(`set ${PKCS11_LIBRARY_ENV} to its library (e.g. /usr/lib/softhsm/libsofthsm2.so)`);
  if ((e[PKCS11_TOKEN_LABEL_ENV] === undefined) === (e[PKCS11_SLOT_ENV] === undefined)) {
    throw needed(`set one of ${PKCS11_TOKEN_LABEL_ENV} and ${PKCS11_SLOT_ENV} to name the token`);
  }
  if ((e[PKCS11_PIN_ENV] === undefined) === (e[PKCS11_PIN_FILE_ENV] === undefined)) {
    throw needed(`set one of ${PKCS11_PIN_ENV} and ${PKCS11_PIN_FILE_ENV} to give the user PIN`);
  }
  const pinFile = e[PKCS11_PIN_FILE_ENV];
  return {
    cloudKeys: e[CLOUD_KEYS_BACKEND_ENV],
    token: {
      library: e[PKCS11_LIBRARY_ENV],
      token: e[PKCS11_TOKEN_LABEL_ENV] !== undefined ? { label: e[PKCS11_TOKEN_LABEL_ENV] } : { slot: e[PKCS11_SLOT_ENV]! },
      pin: pinFile !== undefined ? readPinFile(pinFile, PKCS11_PIN_FILE_ENV) : e[PKCS11_PIN_ENV]!,
      sources: {
        library: PKCS11_LIBRARY_ENV,
        token: e[PKCS11_TOKEN_LABEL_ENV] !== undefined ? PKCS11_TOKEN_LABEL_ENV : PKCS11_SLOT_ENV,
        pin: pinFile !== undefined ? `${PKCS11_PIN_FILE_ENV} (${pinFile})` : PKCS11_PIN_ENV,
      },
    },
  };
}

const LABEL = /^[\x20-\x7e]{1,64}$/;

/**
 * The labels of each chain's signers in the token: `TOKENHUB_SIGNER_PKCS11_KEYS_<chainId>` for that chain, else
 * `TOKENHUB_SIGNER_PKCS11_KEYS` (comma-separated labels, shared by every chain), unless the chain has local keys of
 * its own (`TOKENHUB_SIGNER_KEYS_<chainId>`). A chain with both of its own, or both shared kinds set, is refused.
 */
export function pkcs11SignerLabels(chainIds: readonly number[], env: NodeJS.ProcessEnv = process.env): Map<number, string[]> {
  const shared = env[SIGNER_PKCS11_KEYS_ENV] ? parseLabels(env[SIGNER_PKCS11_KEYS_ENV], SIGNER_PKCS11_KEYS_ENV) : [];
  if (shared.length > 0 && (env.TOKENHUB_SIGNER_KEYS || env.TOKENHUB_SIGNER_KEY_FILE)) {
    throw new ConfigError(`${SIGNER_PKCS11_KEYS_ENV} and ${env.TOKENHUB_SIGNER_KEYS ? "TOKENHUB_SIGNER_KEYS" : "TOKENHUB_SIGNER_KEY_FILE"} are both set: the signers are either in the token or local.`);
  }
  return new Map(
    chainIds.map((chainId) => {
      const own = env[chainSignerPkcs11KeysEnv(chainId)];
      const ownLocal = env[`TOKENHUB_SIGNER_KEYS_${chainId}`];
      if (own && ownLocal) {
        throw new ConfigError(`${chainSignerPkcs11KeysEnv(chainId)} and TOKENHUB_SIGNER_KEYS_${chainId} are both set: chain ${chainId}'s signers are either in the token or local.`);
      }
      return [chainId, own ? parseLabels(own, chainSignerPkcs11KeysEnv(chainId)) : ownLocal ? [] : shared];
    }),
  );
}

function parseLabels(text: string, source: string): string[] {
  const labels = [...new Set(text.split(",").map((label) => label.trim()).filter((label) => label.length > 0))];
  labels.forEach((label, index) => {
    if (!LABEL.test(label)) throw new ConfigError(`${source}: entry ${index + 1} is not a key label (1 to 64 printable ASCII characters).`);
  });
  return labels;
}

/** A PIN file as an operator writes one: the first line, without its line break. */
function readPinFile(file: string, setting: string): string {
  try {
    return fs.readFileSync(file, "utf8").split(/\r?\n/)[0]!;
  } catch (error) {
    throw new ConfigError(`${setting}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
  }
}
