import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../errors.js";
import { SNIFF_BYTES } from "./mediaTypes.js";

export const MEDIA_PART = "media";

/** Room for the multipart framing and a few small text fields around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export type ReceivedFile = {
  /** In the storage's incoming directory; the caller puts it or removes it. */
  file: string;
  sha256: string;
  size: number;
  /** The first SNIFF_BYTES of the content. */
  head: Buffer;
};

export class MediaTooLargeError extends PayloadTooLargeError {
  constructor(maxBytes: number) {
    super(maxBytes);
    this.message = `The file exceeds the upload limit of ${maxBytes} bytes (${formatMiB(maxBytes)}).`;
  }
}

const formatMiB = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MiB`;

/**
 * Streams the `media` part of a multipart/form-data request into a new file of `incomingDir`, hashing it on the
 * way: the request is never held in memory, and reading pauses while the disk catches up. Anything wrong with the
 * form (no `media` file, a second file, an empty file, a body cut short, a file over the limit) rejects with a 4xx
 * and leaves no file behind.
 */
export async function receiveMediaPart(
  request: { headers: Headers; body: ReadableStream<Uint8Array> | null },
  options: { incomingDir: string; maxBytes: number },
): Promise<ReceivedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(
      `Send the file as multipart/form-data with one part named '${MEDIA_PART}' (got ${contentType || "no Content-Type"}).`,
    );
  }
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!request.body || declaredLength === 0) throw new ValidationError(`The request has no body; send the file in a part named '${MEDIA_PART}'.`);
  const input = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  const discardLimit = 2 * options.maxBytes + FORM_OVERHEAD_BYTES;
  if (declaredLength > options.maxBytes + FORM_OVERHEAD_BYTES) {
    if (declaredLength <= discardLimit) await discardRest(input, 0, discardLimit);
    throw new MediaTooLargeError(options.maxBytes);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: options.maxBytes, files: 1, fields: 16, fieldSize: 8 * 1024, parts: 17, headerPairs: 16 },
    });
  } catch (error) {
    throw new ValidationError(`The multipart Content-Type is invalid: ${(error as Error).message}.`);
  }
  const file = path.join(options.incomingDir, `${Date.now()}-${crypto.randomBytes(12).toString("hex")}`);

  return await new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let writing: Promise<{ sha256: string; size: number; head: Buffer }> | undefined;
    let media: Readable | undefined;
    let receivedBytes = 0;

    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      const discarded = discardRest(input, receivedBytes, discardLimit);
      void (async () => {
        // Busboy calls back into its own state after emitting: tear it down only once its current write returns.
        await new Promise((resolve) => setImmediate(resolve));
        parser.removeAllListeners();
        parser.on("error", () => undefined);
        parser.destroy();
        media?.destroy(error);
        await writing?.catch(() => undefined);
        await fs.promises.rm(file, { force: true });
        await discarded;
        reject(error);
      })();
    };

    input.on("data", (chunk: Buffer) => {
      receivedBytes += chunk.length;
      if (!settled && receivedBytes > options.maxBytes + FORM_OVERHEAD_BYTES) fail(new MediaTooLargeError(options.maxBytes));
    });
    input.on("error", () => fail(new ValidationError("The request body could not be read to its end.")));

    parser.on("file", (name, stream) => {
      if (name !== MEDIA_PART) {
        stream.resume();
        fail(new ValidationError(`The form has a file part named '${name}'; send the file in a part named '${MEDIA_PART}'.`, [
          { path: name, message: `unexpected file part; the file goes in '${MEDIA_PART}'` },
        ]));
        return;
      }
      media = stream;
      stream.on("limit", () => fail(new MediaTooLargeError(options.maxBytes)));
      writing = writeHashed(stream, file);
      writing.catch((error: Error) => {
        if (settled) return;
        // A system error (disk full, permissions) is the service's fault: a 500 with the cause in the log.
        if ((error as NodeJS.ErrnoException).syscall !== undefined) fail(error);
        else fail(new ValidationError(`The '${MEDIA_PART}' part could not be read: ${error.message}.`));
      });
    });
    parser.on("field", (name) => {
      if (name === MEDIA_PART) {
        fail(new ValidationError(`The '${MEDIA_PART}' part must be a file: give it a filename in its Content-Disposition.`, [
          { path: MEDIA_PART, message: "must be a file part (with a filename)" },
        ]));
      }
    });
    parser.on("filesLimit", () =>
      fail(new ValidationError(`The form has more than one file; send exactly one, in the part '${MEDIA_PART}'.`, [
        { path: MEDIA_PART, message: "exactly one file part allowed" },
      ])),
    );
    parser.on("partsLimit", () => fail(new ValidationError(`The form has too many parts; send one file in the part '${MEDIA_PART}'.`)));
    parser.on("fieldsLimit", () => fail(new ValidationError(`The form has too many fields; send one file in the part '${MEDIA_PART}'.`)));
    parser.on("error", (error: Error) => {
      const reason = /unexpected end/i.test(error.message) ? "it ended before its closing boundary (truncated upload?)" : error.message;
      fail(new ValidationError(`The multipart body is malformed: ${reason}.`));
    });
    parser.on("close", () => {
      void (async () => {
        if (settled) return;
        if (!writing) {
          fail(new ValidationError(`The form has no file part named '${MEDIA_PART}'.`, [{ path: MEDIA_PART, message: "is required" }]));
          return;
        }
        let written: Awaited<typeof writing>;
        try {
          written = await writing;
        } catch {
          return; // failed through the catch above
        }
        if (settled) return;
        if (written.size === 0) {
          fail(new ValidationError(`The '${MEDIA_PART}' file is empty.`, [{ path: MEDIA_PART, message: "is empty" }]));
          return;
        }
        settled = true;
        resolve({ file, ...written });
      })();
    });

    input.pipe(parser);
  });
}

/**
 * Reads what is left of a refused request and drops it, so that a client still sending gets the answer rather than
 * a reset connection (the HTTP server closes a connection whose request was not read to its end). Past `limit`
 * bytes in all it gives up and closes the connection: refusing must not cost more than accepting.
 */
function discardRest(input: Readable, alreadyRead: number, limit: number): Promise<void> {
  return new Promise((resolve) => {
    if (input.readableEnded || input.destroyed) return resolve();
    let total = alreadyRead;
    input.once("end", resolve).once("close", resolve).on("error", () => resolve());
    input.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) input.destroy();
    });
    input.resume();
  });
}

async function writeHashed(stream: Readable, file: string): Promise<{ sha256: string; size: number; head: Buffer }> {
  const hash = crypto.createHash("sha256");
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        headChunks.push(Buffer.from(part));
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  // flush: the bytes are on disk before the file is renamed into the store.
  await pipeline(stream, tap, fs.createWriteStream(file, { flags: "wx", mode: 0o600, flush: true }));
  return { sha256: hash.digest("hex"), size, head: Buffer.concat(headChunks) };
}
