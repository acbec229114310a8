import fs from "node:fs";
import type { Readable } from "node:stream";
import type { MediaConfig } from "../../config/runtime.js";
import { NotFoundError, UnsupportedMediaTypeError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { findMedia, type MediaRow, recordMediaUpload } from "../../store/media.js";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  finishIdempotentRequest,
  requestFingerprint,
  type StoredResponse,
} from "../projects/idempotency.js";
import type { ByteRange, MediaStorage } from "./mediaStorage.js";
import { detectMediaType, isAllowedType } from "./mediaTypes.js";
import { receiveMediaPart } from "./mediaUpload.js";

export type MediaDeps = { store: StoreDb; storage: MediaStorage; config: MediaConfig; publicUrl: string };

export type UploadResult = { success: true; mediaUrl: string; sha256: string; contentType: string; size: number };

export const UPLOAD_PATH = "/api/v1/nft/uploadMedia";

export const mediaUrlOf = (publicUrl: string, row: Pick<MediaRow, "sha256" | "extension">) => `${publicUrl}/media/${row.sha256}.${row.extension}`;

/**
 * Receives an upload, names it by its sha256, types it by its bytes, and stores it once however often it comes.
 * With an Idempotency-Key the request's identity is the file's hash (the body cannot be kept to compare): the same
 * file under the same key replays, another file under it is a 409.
 */
export async function uploadMedia(
  deps: MediaDeps,
  caller: { projectId: string; idempotencyKey?: string },
  request: { headers: Headers; body: ReadableStream<Uint8Array> | null },
): Promise<StoredResponse> {
  const received = await receiveMediaPart(request, { incomingDir: deps.storage.incomingDir, maxBytes: deps.config.maxBytes });
  try {
    const type = await detectMediaType(received.file, received.head);
    if (!type) {
      throw new UnsupportedMediaTypeError(`The file's content is not a recognised media format; accepted: ${deps.config.allowedTypes.join(", ")}.`);
    }
    if (!isAllowedType(type.mime, deps.config.allowedTypes)) {
      throw new UnsupportedMediaTypeError(`The file is ${type.mime}, which is not accepted; accepted: ${deps.config.allowedTypes.join(", ")}.`);
    }
    const { idempotencyKey: key, projectId } = caller;
    if (key !== undefined) {
      const requestHash = requestFingerprint("POST", UPLOAD_PATH, `sha256:${received.sha256}`);
      const outcome = await beginIdempotentRequest(deps.store, { projectId, key, requestHash });
      if (outcome.kind === "replay") return outcome.response;
    }
    try {
      const row = { sha256: received.sha256, contentType: type.mime, extension: type.extension, sizeBytes: received.size };
      await deps.storage.put(`${row.sha256}.${row.extension}`, received.file, { contentType: row.contentType, size: row.sizeBytes });
      await recordMediaUpload(deps.store, { projectId, ...row });
      const body: UploadResult = { success: true, mediaUrl: mediaUrlOf(deps.publicUrl, row), sha256: row.sha256, contentType: row.contentType, size: row.sizeBytes };
      const response = { status: 200, body };
      if (key !== undefined) await finishIdempotentRequest(deps.store, projectId, key, response);
      return response;
    } catch (error) {
      if (key !== undefined) await abandonIdempotentRequest(deps.store, projectId, key);
      throw error;
    }
  } finally {
    await fs.promises.rm(received.file, { force: true });
  }
}

const MEDIA_NAME = /^([0-9a-f]{64})\.([a-z0-9]{1,16})$/;

/** The stored content behind a public media name, or a 404. */
export async function findStoredMedia(deps: Pick<MediaDeps, "store">, name: string): Promise<MediaRow> {
  const match = MEDIA_NAME.exec(name);
  const row = match ? await findMedia(deps.store, match[1]!) : undefined;
  if (!row || row.extension !== match![2]) throw new NotFoundError(`No media ${name}.`);
  return row;
}

export async function readStoredMedia(deps: Pick<MediaDeps, "storage">, row: MediaRow, range?: ByteRange): Promise<Readable> {
  return await deps.storage.read(`${row.sha256}.${row.extension}`, range);
}

export type RangeRequest = { kind: "whole" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

/**
 * RFC 9110 byte ranges, one range per request (`a-b`, `a-`, `-suffix`). Several ranges are answered whole, which
 * the RFC allows and every media player accepts; a header that is not a byte range is ignored likewise.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: "whole" };
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "whole" };
  return { kind: "partial", range: { start, end } };
}
