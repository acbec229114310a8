/**
 * Errors the service raises on purpose. Each carries the HTTP status and the envelope code of decisions.md, so the
 * HTTP layer maps them in one place and nothing below it knows about HTTP.
 */
export type ErrorDetail = { path: string; message: string };

/** Every `code` the envelope can carry: the OpenAPI document lists them as an enum. */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CHAIN_NOT_CONFIGURED",
  "IDEMPOTENCY_CONFLICT",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RANGE_NOT_SATISFIABLE",
  "CHAIN_REJECTED",
  "RATE_LIMITED",
  "CHAIN_UNAVAILABLE",
  "SIGNER_UNAVAILABLE",
  "NOT_READY",
  "SHUTTING_DOWN",
  "DATABASE_UNAVAILABLE",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class TokenhubError extends Error {
  override name = "TokenhubError";
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** Sent as `Retry-After`: when a retry of the same request may succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export class ValidationError extends TokenhubError {
  override name = "ValidationError";
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, "VALIDATION_ERROR", message, { details });
  }
}

export class UnauthorizedError extends TokenhubError {
  override name = "UnauthorizedError";
  constructor(message: string) {
    super(401, "UNAUTHORIZED", message);
  }
}

export class ForbiddenError extends TokenhubError {
  override name = "ForbiddenError";
  constructor(message: string) {
    super(403, "FORBIDDEN", message);
  }
}

export class NotFoundError extends TokenhubError {
  override name = "NotFoundError";
  constructor(message: string, code: "NOT_FOUND" | "CHAIN_NOT_CONFIGURED" = "NOT_FOUND") {
    super(404, code, message);
  }
}

/** A known path asked with a method it does not take: `allow` is sent as the `Allow` header. */
export class MethodNotAllowedError extends TokenhubError {
  override name = "MethodNotAllowedError";
  readonly allow: string[];
  constructor(method: string, path: string, allow: string[]) {
    super(405, "METHOD_NOT_ALLOWED", `${path} does not take ${method}; it takes ${allow.join(", ")}.`);
    this.allow = allow;
  }
}

export class PayloadTooLargeError extends TokenhubError {
  override name = "PayloadTooLargeError";
  constructor(limitBytes: number) {
    super(413, "PAYLOAD_TOO_LARGE", `The request body exceeds the limit of ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends TokenhubError {
  override name = "UnsupportedMediaTypeError";
  constructor(message: string) {
    super(415, "UNSUPPORTED_MEDIA_TYPE", message);
  }
}

/** A chain's backfill progress, as a NOT_READY answer gives it (server/indexer/store/indexProgressReport.ts). */
export type NotReadyProgress = {
  chainId: number;
  name: string;
  indexedBlock: number | null;
  headBlock: number | null;
  blocksDone: number;
  blocksTotal: number | null;
  percent: number | null;
  eventsPerSecond: number | null;
  secondsLeft: number | null;
};

export class NotReadyError extends TokenhubError {
  override name = "NotReadyError";
  /** Each waited-for chain's backfill progress, when the index is catching up. */
  readonly progress: NotReadyProgress[] | undefined;
  constructor(message: string, progress?: NotReadyProgress[]) {
    super(503, "NOT_READY", message);
    this.progress = progress;
  }
}

/** The process is stopping: the request was refused before it changed anything, and a retry will be answered. */
export class ShuttingDownError extends TokenhubError {
  override name = "ShuttingDownError";
  constructor() {
    super(503, "SHUTTING_DOWN", "tokenhub is stopping and accepts no new writes; nothing was done. Retry in a few seconds.", { retryAfterSeconds: 5 });
  }
}

/** A configuration problem found at start-up: printed as one clear line, never as a stack trace. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The chain, or a simulation against it, refused the transaction; the message is the decoded revert reason. */
export class ChainRejectedError extends TokenhubError {
  override name = "ChainRejectedError";
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(422, "CHAIN_REJECTED", reason, options);
  }
}

/** The chain's RPC did not answer usefully, even after retries. */
export class ChainUnavailableError extends TokenhubError {
  override name = "ChainUnavailableError";
  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(503, "CHAIN_UNAVAILABLE", message, options);
  }
}

/** A rate limit's bucket is empty; the client may retry after `retryAfterSeconds`. */
export class RateLimitedError extends TokenhubError {
  override name = "RateLimitedError";
  constructor(message: string, retryAfterSeconds: number) {
    super(429, "RATE_LIMITED", message, { retryAfterSeconds });
  }
}

/** The key store that signs (a PKCS#11 token) does not answer: nothing was signed, and a retry may be. */
export class SignerUnavailableError extends TokenhubError {
  override name = "SignerUnavailableError";
  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(503, "SIGNER_UNAVAILABLE", message, options);
  }
}
