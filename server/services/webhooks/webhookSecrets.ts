import type pg from "pg";
import type { KeyVault } from "../../custody/keyVault.js";
import type { MasterKey } from "../../custody/masterKey.js";
import { isSealedWebhookSecret, openWebhookSecret, SEALED_PREFIX, sealWebhookSecret } from "../../custody/webhookSecret.js";
import { shareMasterKeyRecord } from "../../store/cloudKeys.js";
import { withTransaction } from "../../store/database/db.js";
import { hasUnsealedSecrets, lockUnsealedSecrets, replaceStoredSecrets } from "../../store/webhookEndpoints.js";

/**
 * Webhook secrets at rest: sealed with the master key (server/custody/webhookSecret.ts) before they are written, opened
 * only to sign a delivery.
 */

/**
 * Runs `work` in one database transaction holding the recorded master key id (shared), with that master key: a
 * master key rotation (which holds it exclusively) then never meets a secret sealed with the key it retires after it
 * has moved the others, nor does this process seal with a key a rotation retired since it loaded it.
 */
export async function withSealingKey<T>(pool: pg.Pool, vault: KeyVault, work: (client: pg.PoolClient, master: MasterKey) => Promise<T>): Promise<T> {
  return await withTransaction(pool, async (client) => {
    const held = vault.current();
    const recordedId = await shareMasterKeyRecord(client, held.id);
    return await work(client, recordedId === held.id ? held : vault.withId(recordedId));
  });
}

/**
 * Seals the secrets an earlier release stored in plain text, in one transaction; how many endpoints it sealed. Run at
 * start-up, before deliveries start, rather than on a delivery's read: an endpoint that receives nothing would keep its
 * secret in plain text indefinitely, and sealing needs a write (and the master key's lock) that deliveries should not
 * pay. Replicas starting at once seal each row once: the second waits on the first's row locks, then finds nothing left.
 */
export async function sealPlainTextWebhookSecrets(pool: pg.Pool, vault: KeyVault): Promise<number> {
  // The usual start finds none, and then records no master key id (a fresh install stays free to pick its key).
  if (!(await hasUnsealedSecrets(pool, SEALED_PREFIX))) return 0;
  return await withSealingKey(pool, vault, async (client, master) => {
    const rows = await lockUnsealedSecrets(client, SEALED_PREFIX);
    const seal = (id: string, stored: string) => (isSealedWebhookSecret(stored) ? stored : sealWebhookSecret(master, id, stored));
    await replaceStoredSecrets(
      client,
      rows.map((row) => ({ id: row.id, secret: seal(row.id, row.secret), previousSecret: row.previousSecret === null ? null : seal(row.id, row.previousSecret) })),
    );
    return rows.length;
  });
}

/** The secrets a delivery is signed with, opened from their stored form. */
export function openWebhookSecrets(vault: KeyVault, endpointId: string, stored: readonly string[]): string[] {
  return stored.map((secret) => openWebhookSecret(vault, endpointId, secret));
}
