import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, type ErrorDetail, MethodNotAllowedError, NotReadyError, type NotReadyProgress, TokenhubError } from "../errors.js";
import { isDatabaseUnavailable, isUndefinedTable } from "../store/database/db.js";

export type ErrorBody = { success: false; error: string; code: ErrorCode; details?: ErrorDetail[]; progress?: NotReadyProgress[] };

/** A 503 says the service will answer again soon: without a figure of its own, a client is told to retry in 5 s. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

export type ErrorResponse = { status: ContentfulStatusCode; body: ErrorBody; retryAfterSeconds?: number; allow?: string };

/**
 * The one mapping from anything thrown to the envelope of decisions.md. Unknown errors become a 500 `INTERNAL`
 * whose body says nothing about the code: the details go to the log, with the request id to find them. Every 503 and
 * 429 carries `retryAfterSeconds` (the Retry-After header), every 405 `allow` (the Allow header).
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  if (error instanceof TokenhubError) {
    const body: ErrorBody = { success: false, error: error.message, code: error.code };
    if (error.details) body.details = error.details;
    if (error instanceof NotReadyError && error.progress) body.progress = error.progress;
    const retryAfterSeconds = error.retryAfterSeconds ?? (error.status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
    return {
      status: error.status as ContentfulStatusCode,
      body,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(error instanceof MethodNotAllowedError ? { allow: error.allow.join(", ") } : {}),
    };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const code: ErrorCode = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : status === 401 ? "UNAUTHORIZED" : status < 500 ? "VALIDATION_ERROR" : "INTERNAL";
    const message = /malformed json/i.test(error.message)
      ? "The request body is not valid JSON."
      : error.message || "The request could not be processed.";
    return { status, body: { success: false, error: message, code } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
      body: {
        success: false,
        error: "The database is unavailable (stopping or restarting). Retry in a few seconds; a write retried with the same Idempotency-Key is never done twice.",
        code: "DATABASE_UNAVAILABLE",
      },
    };
  }
  if (isUndefinedTable(error)) {
    return {
      status: 503,
      retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
      body: {
        success: false,
        error: "The index this version reads is still being built: the one answering meanwhile, built by an earlier version, does not hold what this read needs. Retry once the new build answers (the log says \"the index answers from build ... now\").",
        code: "NOT_READY",
      },
    };
  }
  return {
    status: 500,
    body: { success: false, error: `Internal error; the server log has the details under request id ${requestId}.`, code: "INTERNAL" },
  };
}
