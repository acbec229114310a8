import type { Address, LocalAccount } from "viem";
import { KeyCustodyError } from "./envelope.js";
import type { KeyVault } from "./keyVault.js";
import { pkcs11Account } from "./pkcs11Account.js";
import type { Pkcs11Token } from "./pkcs11Token.js";

/**
 * Where the cloud keys live. New keys are sealed under the master key (`local`) or generated inside the PKCS#11 token
 * (`pkcs11`, TOKENHUB_CLOUD_KEYS_BACKEND); either way the keys created before stay where they are, so the vault is
 * always here (it seals the webhook secrets too).
 */
export type CloudKeyCustody = KeyVault & {
  newKeys: "local" | "pkcs11";
  /** The token holding the key with this label, as an account checked against its recorded address. */
  tokenAccount(label: string, address: Address): Promise<LocalAccount>;
  /** Generates a key in the token; its label is the record's id, so that the token's objects name their record. */
  generateInToken(label: string): Promise<Address>;
};

export function createCloudKeyCustody(vault: KeyVault, newKeys: "local" | "pkcs11", token: Pkcs11Token | undefined): CloudKeyCustody {
  // A key's public half, read from the token once per process: every signature is checked against it.
  const accounts = new Map<string, LocalAccount>();
  const requireToken = (): Pkcs11Token => {
    if (!token) throw new KeyCustodyError("This cloud key is in a PKCS#11 token, and this service is configured without one (TOKENHUB_PKCS11_LIBRARY).");
    return token;
  };
  return {
    current: () => vault.current(),
    withId: (id) => vault.withId(id),
    newKeys,
    async tokenAccount(label, address) {
      let account = accounts.get(label);
      if (!account) {
        const key = await requireToken().findKey(label);
        if (!key) throw new KeyCustodyError(`The ${requireToken().description} holds no key labelled '${label}', the cloud key ${address}.`);
        if (key.address !== address) throw new KeyCustodyError(`The key labelled '${label}' in the ${requireToken().description} is not ${address}.`);
        accounts.set(label, (account = pkcs11Account(requireToken(), key)));
      }
      return account;
    },
    async generateInToken(label) {
      const key = await requireToken().generateKey(label);
      accounts.set(label, pkcs11Account(requireToken(), key));
      return key.address;
    },
  };
}
