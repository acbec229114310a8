import { Readable } from "node:stream";
import * as field from "../../schemas/fields.js";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { z } from "@hono/zod-openapi";
import { bearerSecurity, errorBodySchema, errorResponses } from "../../schemas/common.js";
import { text } from "../../schemas/text.js";
import { validateIdempotencyKey } from "../../services/projects/idempotency.js";
import { findStoredMedia, type MediaDeps, parseRange, readStoredMedia, UPLOAD_PATH, uploadMedia } from "../../services/media/media.js";
import { isActiveContent } from "../../services/media/mediaTypes.js";
import { MEDIA_PART } from "../../services/media/mediaUpload.js";
import { requireScope } from "../middleware/auth.js";
import { apiRoute } from "../openapi/route.js";
import { createRouter } from "../router.js";

/** The one route whose body is multipart rather than JSON (see the request-body middleware). */
export const MULTIPART_PATHS = new RegExp(`^${UPLOAD_PATH.replaceAll("/", "\\/")}$`);

const uploadResultSchema = z
  .object({
    success: field.success,
    mediaUrl: z.string().openapi({ description: "The file's public URL (GET /media/{name}), for metadata's mediaUrl or image", example: "http://localhost:42069/media/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png" }),
    sha256: z.string().openapi({ description: "The SHA-256 of its bytes (hex): its name" }),
    contentType: z.string().openapi({ description: "The type detected from its bytes", example: "image/png" }),
    size: z.number().int().openapi({ description: "Its size in bytes" }),
  })
  .openapi("MediaUpload");

const errorContent = { "application/json": { schema: errorBodySchema } };

const uploadSpec = apiRoute({
  method: "post",
  path: UPLOAD_PATH,
  operationId: "uploadMedia",
  tags: ["media"],
  idempotencyKey: true,
  summary: "Upload a media file (multipart part 'media'); returns its public mediaUrl",
  description:
    "The file is streamed to storage and named by its SHA-256: the same bytes uploaded again get the same mediaUrl and are stored once. Its type is detected from its content, never from its name.",
  security: bearerSecurity,
  middleware: [requireScope("media")] as const,
  request: {
    // A plain OpenAPI schema, not zod: a zod form schema would make the router parse (and buffer) the whole body.
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { [MEDIA_PART]: { type: "string", format: "binary", description: "The file (image, video, audio...), at most TOKENHUB_MEDIA_MAX_BYTES" } }, required: [MEDIA_PART] },
        },
      },
    },
  },
  responses: {
    200: { description: "Stored", content: { "application/json": { schema: uploadResultSchema } } },
    ...errorResponses,
    409: { description: "Idempotency-Key reused with another file", content: errorContent },
    413: { description: "The file exceeds the upload limit", content: errorContent },
    415: { description: "Not multipart/form-data, or a file type that is not accepted", content: errorContent },
  },
});

const serveSpec = apiRoute({
  method: "get",
  path: "/media/{name}",
  operationId: "getMedia",
  tags: ["media"],
  description:
    "The file an upload answered as mediaUrl, named by its SHA-256. Public and immutable (cached for a year), with an ETag and byte ranges (Range, If-Range); files a browser would run (SVG, HTML) are sandboxed, and those that are not images are downloads.",
  security: [],
  summary: "A stored media file, public: immutable, with ETag and byte ranges",
  request: { params: z.object({ name: text().openapi({ description: "The file's name in its mediaUrl: its SHA-256 and extension", example: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png" }) }) },
  responses: {
    200: { description: "The file, byte for byte", content: { "*/*": { schema: { type: "string", format: "binary" } } } },
    206: { description: "The requested byte range", content: { "*/*": { schema: { type: "string", format: "binary" } } } },
    304: { description: "Not modified (If-None-Match)" },
    404: errorResponses[404],
    416: { description: "The range starts past the end of the file", content: errorContent },
  },
});

/**
 * Served from the service's own origin, so a file that a browser would run as a document (SVG, HTML) must not get
 * that origin's powers: every media response carries a sandboxing content-security policy (scripts never run,
 * the document gets a unique origin), and the non-image ones are downloads rather than pages.
 */
const MEDIA_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; media-src 'self'; sandbox";

export function mediaRoutes(deps: MediaDeps) {
  return createRouter()
    .openapi(uploadSpec, async (c) => {
      const header = c.req.header("idempotency-key") ?? c.req.header("x-idempotency-key");
      const idempotencyKey = header === undefined ? undefined : validateIdempotencyKey(header.trim());
      const { projectId } = c.get("principal");
      const response = await uploadMedia(deps, idempotencyKey === undefined ? { projectId } : { projectId, idempotencyKey }, c.req.raw);
      return c.json(response.body as z.infer<typeof uploadResultSchema>, response.status as 200);
    })
    .openapi(serveSpec, async (c) => {
      const { name } = c.req.valid("param");
      const row = await findStoredMedia(deps, name);
      const etag = `"${row.sha256}"`;
      const download = isActiveContent(row.contentType) && !row.contentType.startsWith("image/");
      // Given to the response itself, never through c.header: an error after this point (the object missing from
      // storage) must answer with the envelope's own headers, not a file's length and type.
      const headers: Record<string, string> = {
        ETag: etag,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": MEDIA_CSP,
        "Cross-Origin-Resource-Policy": "cross-origin",
        "Accept-Ranges": "bytes",
        "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${row.sha256}.${row.extension}"`,
      };
      if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);

      const ifRange = c.req.header("if-range");
      const requested = parseRange(ifRange === undefined || ifRange === etag ? c.req.header("range") : undefined, row.sizeBytes);
      if (requested.kind === "unsatisfiable") {
        return c.json(
          { success: false as const, error: `The range is outside the file (${row.sizeBytes} bytes).`, code: "RANGE_NOT_SATISFIABLE" },
          416,
          { "Content-Range": `bytes */${row.sizeBytes}` },
        );
      }
      const range = requested.kind === "partial" ? requested.range : undefined;
      const status = range ? 206 : 200;
      headers["Content-Type"] = row.contentType;
      headers["Content-Length"] = String(range ? range.end - range.start + 1 : row.sizeBytes);
      if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${row.sizeBytes}`;
      if (c.req.method === "HEAD") return c.body(null, status, headers);
      const bytes = await readStoredMedia(deps, row, range);
      return c.body(Readable.toWeb(bytes) as WebReadableStream<Uint8Array> as ReadableStream<Uint8Array>, status, headers);
    });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}
