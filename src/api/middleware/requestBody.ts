import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * Write requests must say they carry JSON (or multipart, where a route takes files), and no JSON body may exceed
 * the limit. Checked before any route runs, so a wrong body never reaches a service.
 */
export function jsonWriteBodies(options: { maxBodyBytes: number; multipartPaths?: RegExp }) {
  const limit = bodyLimit({
    maxSize: options.maxBodyBytes,
    onError: () => {
      throw new PayloadTooLargeError(options.maxBodyBytes);
    },
  });
  return createMiddleware(async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return await next();
    const contentType = c.req.header("content-type") ?? "";
    const isJson = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType);
    const takesFiles = options.multipartPaths?.test(c.req.path) ?? false;
    const isMultipart = /^multipart\/form-data\s*;/i.test(contentType) && takesFiles;
    const hasBody = c.req.header("content-length") !== "0" && (c.req.header("content-length") !== undefined || c.req.header("transfer-encoding") !== undefined);
    if (hasBody && !isJson && !isMultipart) {
      const expected = takesFiles ? "multipart/form-data (with a boundary)" : "application/json";
      throw new UnsupportedMediaTypeError(`Send the body as ${expected} (got ${contentType || "no Content-Type"}).`);
    }
    // A file route streams its body and enforces its own, larger limit as the bytes arrive; this limit would queue
    // a chunked body in memory to count it.
    if (isMultipart) return await next();
    return await limit(c, next);
  });
}
