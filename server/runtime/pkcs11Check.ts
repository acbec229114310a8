import { loadPkcs11Config, pkcs11SignerLabels } from "../config/pkcs11.js";
import { pkcs11Signer } from "../custody/pkcs11Account.js";
import { openPkcs11Token } from "../custody/pkcs11Token.js";
import type { Progress } from "./chains.js";

/**
 * Before anything starts: when signers or the cloud keys are in a PKCS#11 token, the supervisor opens it and logs in
 * once, so that a missing library, an unknown token or a wrong PIN stops `tokenhub start` with a message naming the
 * setting instead of failing inside the API process. The signers' keys are found, or generated on first start, here,
 * and their addresses printed: an operator funds them before the first write.
 */
export async function checkPkcs11Token(chainIds: readonly number[], progress: Progress): Promise<void> {
  const labels = pkcs11SignerLabels(chainIds);
  const config = loadPkcs11Config(labels);
  if (!config.token) return;
  const token = openPkcs11Token(config.token);
  try {
    for (const [chainId, each] of labels) {
      if (each.length === 0) continue;
      const accounts = [];
      for (const label of each) accounts.push(`${label} ${(await pkcs11Signer(token, label)).address}`);
      progress("keys", `chain ${chainId}'s signers in the ${token.description}: ${accounts.join(", ")}`);
    }
    if (config.cloudKeys === "pkcs11") progress("keys", `new cloud keys are generated in the ${token.description}`);
  } finally {
    token.close();
  }
}
