import { type Envelope, type EnvelopeContext, KeyCustodyError, openValue, rewrapValue, sealValue } from "./envelope.js";
import type { KeyVault } from "./keyVault.js";
import type { MasterKey } from "./masterKey.js";

/**
 * A webhook endpoint's signing secret as the app store holds it: sealed like a cloud key (server/custody/envelope.ts),
 * bound to the endpoint's id, and written in its text column as `sealed:<master key id>:<base64 wrapped data
 * key>:<base64 ciphertext>`. The column keeps text, and a secret keeps its own data key, so that a rotation of the
 * endpoint's secret still moves it to `previous_secret` as it is, and a value written in plain text (`whsec_...`, by
 * a release before this one) stays readable beside sealed ones until it is sealed.
 */
export const SEALED_PREFIX = "sealed:";

const context = (endpointId: string): EnvelopeContext => ({
  name: `secret of webhook ${endpointId}`,
  valueAad: `tokenhub webhook secret v1 ${endpointId}`,
  dataKeyAad: (masterKeyId) => `tokenhub webhook secret v1 data key ${endpointId} ${masterKeyId}`,
});

export function isSealedWebhookSecret(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

function format(envelope: Envelope): string {
  return `${SEALED_PREFIX}${envelope.masterKeyId}:${envelope.wrappedDataKey.toString("base64")}:${envelope.ciphertext.toString("base64")}`;
}

function parse(endpointId: string, stored: string): Envelope {
  const [masterKeyId, wrappedDataKey, ciphertext, ...rest] = stored.slice(SEALED_PREFIX.length).split(":");
  if (!masterKeyId || !wrappedDataKey || !ciphertext || rest.length > 0) throw new KeyCustodyError(`The stored secret of webhook ${endpointId} is not in a known format.`);
  return { masterKeyId, wrappedDataKey: Buffer.from(wrappedDataKey, "base64"), ciphertext: Buffer.from(ciphertext, "base64") };
}

export function sealWebhookSecret(master: MasterKey, endpointId: string, secret: string): string {
  return format(sealValue(master, context(endpointId), Buffer.from(secret, "utf8")));
}

/** The secret a stored value holds: opened when sealed, as it is when written in plain text by an earlier release. */
export function openWebhookSecret(vault: KeyVault, endpointId: string, stored: string): string {
  if (!isSealedWebhookSecret(stored)) return stored;
  const envelope = parse(endpointId, stored);
  const bytes = openValue(vault.withId(envelope.masterKeyId), context(endpointId), envelope, `secret of webhook ${endpointId}`);
  const secret = bytes.toString("utf8");
  bytes.fill(0);
  return secret;
}

/** The stored value moved to master key `next`: its data key re-sealed, or the plain-text secret sealed. */
export function resealWebhookSecret(current: MasterKey, next: MasterKey, endpointId: string, stored: string): string {
  if (!isSealedWebhookSecret(stored)) return sealWebhookSecret(next, endpointId, stored);
  return format(rewrapValue(current, next, context(endpointId), parse(endpointId, stored)));
}
