import path from "node:path";
import type { Settings } from "../config/env.js";
import { generateMasterKeyText, writeNewKeyFile } from "../custody/masterKey.js";
import { ConfigError } from "../errors.js";
import { rotateMasterKey } from "../services/keys/masterKeys.js";
import { withStore } from "./storeAccess.js";
import type { Output } from "./tokenCommands.js";

/** `tokenhub master-key generate <file>`: a new random master key in a new owner-only file. */
export function masterKeyGenerate(out: Output, file: string): void {
  try {
    writeNewKeyFile(path.resolve(file), generateMasterKeyText());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ConfigError(`${file} exists already; a key file is never overwritten.`);
    throw new ConfigError(`Cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
  }
  out(`Wrote a new master key to ${path.resolve(file)} (owner-only). Rotate to it with: tokenhub master-key rotate --new-key-file ${file}`);
}

/** `tokenhub master-key rotate --new-key-file <file>`: re-wraps every cloud key's and webhook secret's data key with the new master key. */
export async function masterKeyRotate(settings: Settings, out: Output, newKeyFile: string): Promise<void> {
  await withStore(settings, async (store) => {
    const rotation = await rotateMasterKey(store.db, settings.dataDir, path.resolve(newKeyFile));
    out(`Re-wrapped ${rotation.rotated} cloud key${rotation.rotated === 1 ? "" : "s"} from master key ${rotation.from.id} to ${rotation.to.id}.`);
    out(`Re-wrapped the signing secrets of ${rotation.webhookSecrets} webhook${rotation.webhookSecrets === 1 ? "" : "s"}.`);
    if (rotation.replacedFile) {
      out(`${rotation.replacedFile} now holds the new key; the running service uses it from its next signature. Back it up; the old key opens nothing any more.`);
    } else {
      out(`Point the configuration at the new key (TOKENHUB_MASTER_KEY or TOKENHUB_MASTER_KEY_FILE, instead of ${rotation.from.source}) and restart the service; the old key opens nothing any more.`);
    }
  });
}
