import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { MediaConfig } from "../../config/runtime.js";
import { NotFoundError } from "../../errors.js";

export type ByteRange = { start: number; end: number };

/**
 * Where media bytes live. Objects are named by content (`<sha256>.<ext>`), so an object, once written, never
 * changes: `put` of a name that exists writes nothing.
 */
export interface MediaStorage {
  /** What the service log says about where media goes. */
  readonly description: string;
  /** Uploads stream into files here before they are put: the local store's own filesystem, so `put` is a rename. */
  readonly incomingDir: string;
  /** Takes a complete file from `incomingDir` (moved or copied, then gone from there) and stores it under `name`. */
  put(name: string, file: string, info: { contentType: string; size: number }): Promise<void>;
  /** The object's bytes, all or the inclusive `range`. A missing object is a NotFoundError. */
  read(name: string, range?: ByteRange): Promise<Readable>;
}

export async function createMediaStorage(config: MediaConfig, dataDir: string): Promise<MediaStorage> {
  const incomingDir = path.join(dataDir, "media", ".incoming");
  fs.mkdirSync(incomingDir, { recursive: true, mode: 0o700 });
  return config.s3 ? await s3Storage(config.s3, incomingDir) : localStorage(path.join(dataDir, "media"), incomingDir);
}

/**
 * Files that an interrupted upload left behind (the process died mid-stream). Only old ones: a replica sharing
 * the data directory may be receiving an upload right now.
 */
export function removeAbandonedUploads(storage: MediaStorage, olderThanMs = 60 * 60 * 1000): number {
  let removed = 0;
  for (const entry of fs.readdirSync(storage.incomingDir)) {
    const file = path.join(storage.incomingDir, entry);
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > olderThanMs) {
        fs.rmSync(file, { force: true });
        removed++;
      }
    } catch {
      // removed by another replica meanwhile
    }
  }
  return removed;
}

/** `<root>/<first two hex digits>/<sha256>.<ext>`: 256 directories keep each one small. */
function localStorage(root: string, incomingDir: string): MediaStorage {
  const pathOf = (name: string) => path.join(root, name.slice(0, 2), name);
  return {
    description: `data directory (${root})`,
    incomingDir,
    async put(name, file) {
      const target = pathOf(name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Same name, same bytes: replacing an existing object (a concurrent upload of the same file) is harmless,
      // and rename is atomic, so a reader sees the old file or the new one, never a partial one.
      await fs.promises.rename(file, target);
    },
    async read(name, range) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(pathOf(name), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`No media ${name}.`);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
  };
}

async function s3Storage(config: NonNullable<MediaConfig["s3"]>, incomingDir: string): Promise<MediaStorage> {
  // Loaded only when configured: the SDK is large and most installations keep media in the data directory.
  const s3 = await import("@aws-sdk/client-s3");
  const client: S3Client = new s3.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // S3-compatible servers do not all understand the SDK's default streaming checksums (aws-chunked uploads);
    // the content is already verified by its sha256 name.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const keyOf = (name: string) => `${config.prefix}${name}`;
  const isNotFound = (error: unknown) => {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return name === "NotFound" || name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
  };
  return {
    description: `S3 bucket ${config.bucket}${config.endpoint ? ` at ${new URL(config.endpoint).origin}` : ""}, prefix '${config.prefix}'`,
    incomingDir,
    async put(name, file, info) {
      try {
        try {
          await client.send(new s3.HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
          return;
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
        await client.send(
          new s3.PutObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(name),
            Body: fs.createReadStream(file),
            ContentLength: info.size,
            ContentType: info.contentType,
            CacheControl: "public, max-age=31536000, immutable",
          }),
        );
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
    async read(name, range) {
      try {
        const object = await client.send(
          new s3.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(name), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new NotFoundError(`No media ${name}.`);
        throw error;
      }
    },
  };
}
