import fs from "node:fs";
import { getAddress } from "viem";
import { rewrapDataKey } from "../../custody/envelope.js";
import { resealWebhookSecret } from "../../custody/webhookSecret.js";
import { localMasterKeyFile, type MasterKey, readMasterKeyFile, replaceKeyFile, resolveMasterKey } from "../../custody/masterKey.js";
import { ConfigError, ValidationError } from "../../errors.js";
import { readCloudKeyMasterId, rewrapAllCloudKeys, sealedKeyOf } from "../../store/cloudKeys.js";
import type { StoreDb } from "../../store/database/db.js";
import { resealAllWebhookSecrets } from "../../store/webhookEndpoints.js";

/**
 * Start-up: the configured master key (generated into the data directory when none is configured), refused when
 * the stored cloud keys were wrapped with another one: starting anyway would leave them unusable and seal new keys
 * under a different master key.
 */
export async function prepareMasterKey(db: StoreDb, dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<MasterKey> {
  const master = resolveMasterKey(dataDir, { create: true, env });
  const recorded = await readCloudKeyMasterId(db);
  if (recorded !== undefined && recorded !== master.id) {
    if (master.generated && master.file) fs.rmSync(master.file, { force: true });
    throw new ConfigError(
      `The cloud keys in the database are wrapped with master key ${recorded}, not with the configured one (${master.id}, from ${master.source}). ` +
        `Configure the master key they were stored with (TOKENHUB_MASTER_KEY, TOKENHUB_MASTER_KEY_FILE, or ${localMasterKeyFile(dataDir)} restored from its backup).`,
    );
  }
  return master;
}

export type Rotation = { rotated: number; webhookSecrets: number; from: MasterKey; to: MasterKey; replacedFile: string | undefined };

/**
 * Re-wraps every cloud key's and webhook secret's data key with the master key in `newKeyFile`, in one database
 * transaction; the sealed private keys and secrets are not touched (a webhook secret still in plain text is sealed). When the current key is the data directory's own file, that file then holds the new
 * key (a running service picks it up at its next use of a key); a configured key must be re-pointed by the operator.
 */
export async function rotateMasterKey(db: StoreDb, dataDir: string, newKeyFile: string, env: NodeJS.ProcessEnv = process.env): Promise<Rotation> {
  const from = resolveMasterKey(dataDir, { create: false, env });
  const to = readMasterKeyFile(newKeyFile);
  if (to.id === from.id) throw new ValidationError(`${newKeyFile} holds the current master key; generate a new one with 'tokenhub master-key generate <file>'.`);
  const recorded = await readCloudKeyMasterId(db);
  if (recorded !== undefined && recorded !== from.id) {
    throw new ConfigError(`The cloud keys are wrapped with master key ${recorded}, not with the configured one (${from.id}, from ${from.source}): configure that key to rotate from it.`);
  }
  const result = await rewrapAllCloudKeys(
    db,
    from.id,
    to.id,
    (row) => rewrapDataKey(from, to, getAddress(row.address), sealedKeyOf(row)),
    (tx) => resealAllWebhookSecrets(tx, (endpointId, stored) => resealWebhookSecret(from, to, endpointId, stored)),
  );
  if (result.recordedId !== from.id) throw new ConfigError(`Another rotation moved the cloud keys to master key ${result.recordedId} meanwhile; nothing was changed.`);
  const ownFile = from.file === localMasterKeyFile(dataDir) ? from.file : undefined;
  if (ownFile) replaceKeyFile(ownFile, fs.readFileSync(newKeyFile, "utf8"));
  return { rotated: result.count, webhookSecrets: result.others ?? 0, from, to, replacedFile: ownFile };
}
