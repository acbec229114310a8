import crypto from "node:crypto";
import { TokenhubError, ValidationError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { claimKey, completeKey, findKey, findTransactionSentUnderKey, purgeExpiredKeys, releaseKey } from "../../store/idempotencyKeys.js";

export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** Longer than any write may take (collection creation waits up to 120 s for its receipt). */
const INTERRUPTED_AFTER_MS = 150_000;
export const MAX_KEY_LENGTH = 200;
const PURGE_BATCH = 10_000;

export type StoredResponse = { status: number; body: unknown };
export type IdempotencyOutcome = { kind: "claimed" } | { kind: "replay"; response: StoredResponse };

/** Same body, whatever its key order or spacing; a body that is not JSON is hashed as sent. */
export function requestFingerprint(method: string, path: string, rawBody: string): string {
  let canonical = rawBody;
  try {
    canonical = JSON.stringify(sortKeys(JSON.parse(rawBody)));
  } catch {
    // not JSON: the bytes are the identity
  }
  return crypto.createHash("sha256").update(`${method} ${path}\n${canonical}`).digest("hex");
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** Forgets keys past the retention window, a batch at a time; returns how many (for the purge loop). */
export async function purgeExpiredIdempotencyKeys(db: StoreDb): Promise<number> {
  return await purgeExpiredKeys(db, IDEMPOTENCY_RETENTION_HOURS, PURGE_BATCH);
}

export function validateIdempotencyKey(key: string): string {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new ValidationError(`The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters.`, [
      { path: "Idempotency-Key", message: `must be 1 to ${MAX_KEY_LENGTH} characters` },
    ]);
  }
  return key;
}

/**
 * Claims a key for a request, or tells what to answer instead: the stored response of the same request (replay), a
 * 409 for another request under the same key. A duplicate that arrives while the first is still running waits for
 * its outcome, so two simultaneous requests still do the work once.
 */
export async function beginIdempotentRequest(
  db: StoreDb,
  request: { projectId: string; key: string; requestHash: string },
  options: { waitMs?: number } = {},
): Promise<IdempotencyOutcome> {
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  for (;;) {
    if (await claimKey(db, request, IDEMPOTENCY_RETENTION_HOURS)) return { kind: "claimed" };
    const existing = await findKey(db, request.projectId, request.key);
    if (!existing) continue; // released by a failed first attempt: claim it now
    if (existing.requestHash !== request.requestHash) {
      throw new TokenhubError(409, "IDEMPOTENCY_CONFLICT", "This Idempotency-Key was used with a different request; use a new key for a new request.");
    }
    if (existing.state === "completed") {
      return { kind: "replay", response: { status: existing.responseStatus ?? 200, body: existing.responseBody } };
    }
    if (Date.now() - existing.createdAt.getTime() > INTERRUPTED_AFTER_MS) {
      const interrupted = await recoverInterruptedRequest(db, request);
      if (interrupted) return interrupted;
      continue;
    }
    if (Date.now() > deadline) {
      throw new TokenhubError(409, "CONFLICT", "A request with this Idempotency-Key is still being processed; retry in a moment.");
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The first request under this key stopped midway (the process died). If it had sent its transaction, sending
 * again would mint twice: the answer names that transaction instead, and is kept for later repeats. If it had not,
 * the key is freed and this request does the work.
 */
async function recoverInterruptedRequest(
  db: StoreDb,
  request: { projectId: string; key: string },
): Promise<IdempotencyOutcome | undefined> {
  const hash = await findTransactionSentUnderKey(db, request.projectId, request.key);
  if (hash === undefined) {
    await releaseKey(db, request.projectId, request.key);
    return undefined;
  }
  const response: StoredResponse = {
    status: 409,
    body: {
      success: false,
      error: `The first request with this Idempotency-Key was interrupted after it sent transaction ${hash}; follow it with GET /api/v1/transactions/${hash} instead of sending again.`,
      code: "CONFLICT",
    },
  };
  await completeKey(db, request.projectId, request.key, response);
  return { kind: "replay", response };
}

/** Outcomes worth replaying are stored; a server-side failure releases the key so a retry can do the work. */
export async function finishIdempotentRequest(db: StoreDb, projectId: string, key: string, response: StoredResponse): Promise<void> {
  if (response.status >= 500) await releaseKey(db, projectId, key);
  else await completeKey(db, projectId, key, response);
}

export async function abandonIdempotentRequest(db: StoreDb, projectId: string, key: string): Promise<void> {
  await releaseKey(db, projectId, key);
}
