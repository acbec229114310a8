import crypto from "node:crypto";

/**
 * Standard Webhooks signatures (standardwebhooks.com): `webhook-signature` is `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the secret's bytes (the base64 after `whsec_`); several
 * signatures are separated by spaces (one per live secret while a rotation overlaps). Signed with node:crypto rather
 * than the `standardwebhooks` package: no runtime dependency for a few lines, and the tests verify with that package,
 * so they check this implementation against an independent one.
 */
const SECRET_PREFIX = "whsec_";
/** Standard Webhooks asks for 24 to 64 bytes of key. */
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${crypto.randomBytes(SECRET_BYTES).toString("base64")}`;
}

export type SignedHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/** The three headers of a delivery of `body` with id `id` at `at`, signed with every secret given. */
export function signWebhook(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
    return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
  });
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}
