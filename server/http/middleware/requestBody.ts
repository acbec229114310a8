import type { IncomingMessage } from "node:http";
import type { HonoRequest } from "hono";
import { createMiddleware } from "hono/factory";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** Decodes as the Fetch API's `text()` does: UTF-8, a leading byte order mark dropped, bad bytes replaced. */
const utf8 = new TextDecoder();

/** The whole body of a Node request, refused as soon as it passes `maxBytes` (whether or not it declared a length). */
async function readBody(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  if (Number(incoming.headers["content-length"] ?? 0) > maxBytes) throw new PayloadTooLargeError(maxBytes);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) throw new PayloadTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length));
}

/** How long an error answer waits for the rest of a body nothing has read yet (see drainUnreadBody). */
const DRAIN_WAIT_MS = 10_000;

/**
 * Reads and drops the body of a request answered before anything read it (a 415, a 401, a 404 to a POST), up to
 * `maxBytes` and DRAIN_WAIT_MS. Left unread, the server closes the connection once the answer is sent, and a client
 * still sending its body (undici streams a FormData after the headers) fails with EPIPE instead of reading the answer.
 */
export async function drainUnreadBody(incoming: IncomingMessage | undefined, maxBytes: number): Promise<void> {
  if (incoming === undefined || incoming.readableDidRead || incoming.readableEnded || incoming.destroyed) return;
  if (Number(incoming.headers["content-length"] ?? 0) > maxBytes) return;
  await new Promise<void>((resolve) => {
    let length = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off("data", onData).off("end", done).off("error", done).off("close", done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) done();
    };
    const timer = setTimeout(done, DRAIN_WAIT_MS);
    incoming.on("data", onData).once("end", done).once("error", done).once("close", done);
  });
}

/**
 * Puts a body read straight from Node's request into Hono's body cache, where `c.req.text()` / `c.req.json()` and
 * the validators look first. Read through the Fetch API instead, each request would build a web Request, an
 * AbortController and a web stream over the Node stream: in the mint benchmark's profile that machinery took more
 * of the API process's time than any handler.
 */
function cacheBody(req: HonoRequest, text: string): void {
  const json = new Promise<unknown>((resolve) => resolve(JSON.parse(text)));
  // A body that is not JSON is refused by whoever asks for the JSON (the validator's 400), not as an unhandled rejection.
  json.catch(() => undefined);
  Object.assign(req.bodyCache, { text: Promise.resolve(text), json });
}

/**
 * `fetch` sends a string body as `text/plain;charset=UTF-8` when the caller sets no type, as GroupOS's own quick
 * start does (it sets only Authorization), and some clients send none at all: on a JSON route both are read as JSON
 * (decisions.md, "Lenient JSON bodies"). Any other type stays refused.
 */
const READ_AS_JSON = /^(text\/plain\s*(;.*)?)?$/i;

/**
 * Write requests must carry JSON (said by their Content-Type, or by none or text/plain), or multipart where a route
 * takes files, and no JSON body may exceed the limit. Checked before any route runs, so a wrong body never reaches a
 * service.
 */
export function jsonWriteBodies(options: { maxBodyBytes: number; multipartPaths?: RegExp }) {
  return createMiddleware<{ Bindings: { incoming: IncomingMessage } }>(async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return await next();
    const contentType = c.req.header("content-type")?.trim() ?? "";
    const takesFiles = options.multipartPaths?.test(c.req.path) ?? false;
    const isJson = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType);
    const readAsJson = !takesFiles && READ_AS_JSON.test(contentType);
    const isMultipart = /^multipart\/form-data\s*;/i.test(contentType) && takesFiles;
    const hasBody = c.req.header("content-length") !== "0" && (c.req.header("content-length") !== undefined || c.req.header("transfer-encoding") !== undefined);
    if (hasBody && !isJson && !readAsJson && !isMultipart) {
      const expected = takesFiles ? "multipart/form-data (with a boundary)" : "application/json";
      throw new UnsupportedMediaTypeError(`Send the body as ${expected} (got ${contentType || "no Content-Type"}).`);
    }
    // The route validators parse a body only when its Content-Type says JSON. (Without a type and a body there is
    // nothing to read: the validators then name the fields that are missing.)
    if (readAsJson && (hasBody || contentType !== "")) c.req.raw.headers.set("content-type", "application/json");
    // A file route streams its body and enforces its own, larger limit as the bytes arrive.
    if (isMultipart || !hasBody) return await next();
    cacheBody(c.req, await readBody(c.env.incoming, options.maxBodyBytes));
    return await next();
  });
}
