import { KeyCustodyError } from "./envelope.js";
import type { MasterKey } from "./masterKey.js";

/**
 * The master key a running process holds. A rotation (`tokenhub master-key rotate`) rewrites the key file and the
 * stored keys while the service runs: when a stored key names another master key than the one held, the configured
 * source is read again once, so a file-based key takes effect without a restart.
 */
export type KeyVault = {
  /** The held master key, as new keys are sealed with it. */
  current(): MasterKey;
  /** The master key with this id, or KeyCustodyError when configuration does not hold it. */
  withId(id: string): MasterKey;
};

export function createKeyVault(load: () => MasterKey): KeyVault {
  let held = load();
  return {
    current: () => held,
    withId(id) {
      if (held.id !== id) {
        try {
          held = load();
        } catch {
          // The configured key is unreadable now; the one held stays, and the mismatch below is the answer.
        }
      }
      if (held.id !== id) {
        throw new KeyCustodyError("The cloud keys and webhook secrets were stored under another master key than the one this service holds; the operator must configure that master key and restart the service.");
      }
      return held;
    },
  };
}
