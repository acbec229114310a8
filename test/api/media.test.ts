import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRetainedMemory } from "../helpers/retainedMemory.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

let service: SharedService;

type Body = Record<string, unknown>;

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
const BOUNDARY = "----tokenhub-test-boundary";
const MiB = 1024 * 1024;

type Part = { name: string; filename?: string; type?: string; content: Buffer | string };

/** A multipart/form-data body written out by hand, so tests control every byte (and can cut it short). */
function multipart(parts: Part[], options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from("\r\n"));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The service a request goes to: the shared one, but for the test that reads a process's memory (its own). */
type Target = { baseUrl: string; adminToken: string; dataDir: string };

async function upload(
  body: Buffer | ReadableStream<Uint8Array>,
  options: { token?: string; headers?: Record<string, string>; target?: Target } = {},
): Promise<{ status: number; body: Body }> {
  const target = options.target ?? service;
  const response = await fetch(`${target.baseUrl}/api/v1/nft/uploadMedia`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${options.token ?? target.adminToken}`, ...options.headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as Body };
}

const uploadFile = (content: Buffer | string, filename = "file.bin", options: { token?: string; headers?: Record<string, string> } = {}) =>
  upload(multipart([{ name: "media", filename, type: "application/octet-stream", content }]), options);

const sha256 = (content: Buffer | string) => crypto.createHash("sha256").update(content).digest("hex");

/** Every file under the media directory (the store and the incoming uploads), relative to it. */
function allMediaFiles(target: Target = service): string[] {
  const root = path.join(target.dataDir, "media");
  // Each entry's type comes with the listing: a file the service removes between the listing and a stat of it (an
  // upload it gives up on) would throw ENOENT from the stat, and a wait polling this would end there.
  return fs.existsSync(root)
    ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))).sort()
    : [];
}

/** The shared service's earlier borrowers may have stored media: what this file finds is what it made. */
let filesAtLease = new Set<string>();
const mediaFiles = () => allMediaFiles().filter((file) => !filesAtLease.has(file));

const incomingFiles = (target?: Target) => (target ? allMediaFiles(target) : mediaFiles()).filter((file) => file.startsWith(".incoming"));

async function createToken(project: string, scopes: string): Promise<string> {
  const result = await service.cli(["token", "create", "--project", project, "--scopes", scopes]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim().split("\n").at(-1)!.trim();
}

/**
 * A body of `size` bytes streamed in 64 KiB chunks, without a Content-Length: the server learns the size only by
 * reading. With `pause`, it stops after `pauseAt` bytes of content until `resumed`.
 */
function streamedBody(prefix: Buffer, size: number, suffix: Buffer, pause?: { pauseAt: number; resumed: Promise<void> }): ReadableStream<Uint8Array> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  let stage: "prefix" | "content" | "suffix" | "done" = "prefix";
  return new ReadableStream({
    async pull(controller) {
      if (pause && sent >= pause.pauseAt) await pause.resumed;
      if (stage === "prefix") {
        controller.enqueue(new Uint8Array(prefix));
        stage = "content";
      } else if (stage === "content") {
        const length = Math.min(chunk.length, size - sent);
        controller.enqueue(new Uint8Array(chunk.subarray(0, length)));
        sent += length;
        if (sent >= size) stage = "suffix";
      } else if (stage === "suffix") {
        controller.enqueue(new Uint8Array(suffix));
        stage = "done";
      } else {
        controller.close();
      }
    },
  });
}

const partHeader = (filename: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

beforeAll(async () => {
  service = await sharedService();
  filesAtLease = new Set(allMediaFiles());
});

afterAll(async () => {
  await service?.release();
});

describe("POST /api/v1/nft/uploadMedia", () => {
  it("detects the type from the bytes: a PNG named .txt and declared text/plain is stored and served as image/png", async () => {
    // Bytes no earlier borrower of the shared service can have stored (a PNG may carry bytes after its end).
    const png = Buffer.concat([PNG, crypto.randomBytes(16)]);
    const response = await upload(multipart([{ name: "media", filename: "notes.txt", type: "text/plain", content: png }]));
    const hash = sha256(png);
    const mediaUrl = `${service.runtime().publicUrl}/media/${hash}.png`;
    expect(response).toEqual({ status: 200, body: { success: true, mediaUrl, sha256: hash, contentType: "image/png", size: png.length } });

    const served = await fetch(`${service.baseUrl}/media/${hash}.png`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect(Object.fromEntries([...served.headers].filter(([name]) => !["date", "connection", "keep-alive", "vary", "x-request-id"].includes(name)))).toEqual({
      "content-type": "image/png",
      "content-length": String(png.length),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${hash}"`,
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; media-src 'self'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
      "content-disposition": `inline; filename="${hash}.png"`,
      "access-control-allow-origin": "*",
      // Public media is limited per client address (docs/deploy.md, "Rate limits").
      "ratelimit-policy": '"anonymous";q=5000;w=10',
      ratelimit: expect.stringMatching(/^"anonymous";r=\d+;t=\d+$/),
    });

    expect(mediaFiles()).toEqual([path.join(hash.slice(0, 2), `${hash}.png`)]);
    expect(fs.readFileSync(path.join(service.dataDir, "media", hash.slice(0, 2), `${hash}.png`))).toEqual(png);
    const rows = await queryDatabase(
      service.databaseUrl(),
      "SELECT m.content_type, m.extension, m.size_bytes, p.name AS project FROM tokenhub_app.media m JOIN tokenhub_app.media_uploads u USING (sha256) JOIN tokenhub_app.projects p ON p.id = u.project_id WHERE m.sha256 = $1",
      [hash],
    );
    expect(rows).toEqual([{ content_type: "image/png", extension: "png", size_bytes: String(png.length), project: service.projectName }]);
  });

  it("stores the same bytes once: uploaded twice, and by another project, they get one mediaUrl and one file", async () => {
    const content = Buffer.concat([PNG, crypto.randomBytes(1000)]);
    const hash = sha256(content);
    const first = await uploadFile(content, "a.png");
    expect(first.status).toBe(200);
    expect(first.body.mediaUrl).toBe(`${service.runtime().publicUrl}/media/${hash}.png`);
    expect(await uploadFile(content, "other-name.jpg")).toEqual(first);

    expect((await service.cli(["project", "create", `${service.projectName}-shop`])).code).toBe(0);
    const shopToken = await createToken(`${service.projectName}-shop`, "media");
    expect(await uploadFile(content, "c.png", { token: shopToken })).toEqual(first);

    expect(mediaFiles().filter((file) => file.includes(hash))).toEqual([path.join(hash.slice(0, 2), `${hash}.png`)]);
    expect(incomingFiles()).toEqual([]);
    const owners = await queryDatabase<{ project: string }>(
      service.databaseUrl(),
      "SELECT p.name AS project FROM tokenhub_app.media_uploads u JOIN tokenhub_app.projects p ON p.id = u.project_id WHERE u.sha256 = $1 ORDER BY p.name",
      [hash],
    );
    expect(owners).toEqual([{ project: service.projectName }, { project: `${service.projectName}-shop` }]);
    expect(await queryDatabase(service.databaseUrl(), "SELECT count(*)::int AS n FROM tokenhub_app.media WHERE sha256 = $1", [hash])).toEqual([{ n: 1 }]);
  });

  it("serves byte ranges (206), refuses a range past the end (416), revalidates (304) and answers HEAD", async () => {
    const content = Buffer.concat([PNG, crypto.randomBytes(4096)]);
    const hash = sha256(content);
    expect((await uploadFile(content)).status).toBe(200);
    const url = `${service.baseUrl}/media/${hash}.png`;
    const size = content.length;

    const ranged = async (range: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers: { range, ...headers } });
      return { status: response.status, contentRange: response.headers.get("content-range"), length: response.headers.get("content-length"), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    expect(await ranged("bytes=10-19")).toEqual({ status: 206, contentRange: `bytes 10-19/${size}`, length: "10", bytes: content.subarray(10, 20) });
    expect(await ranged("bytes=-5")).toEqual({ status: 206, contentRange: `bytes ${size - 5}-${size - 1}/${size}`, length: "5", bytes: content.subarray(size - 5) });
    expect(await ranged("bytes=100-")).toEqual({ status: 206, contentRange: `bytes 100-${size - 1}/${size}`, length: String(size - 100), bytes: content.subarray(100) });
    expect(await ranged(`bytes=${size - 2}-${size + 50}`)).toEqual({ status: 206, contentRange: `bytes ${size - 2}-${size - 1}/${size}`, length: "2", bytes: content.subarray(size - 2) });
    // Several ranges, or an If-Range naming another version: the whole file.
    expect(await ranged("bytes=0-0,5-6")).toMatchObject({ status: 200, bytes: content });
    expect(await ranged("bytes=0-9", { "if-range": '"something-else"' })).toMatchObject({ status: 200, bytes: content });
    expect(await ranged("bytes=0-9", { "if-range": `"${hash}"` })).toMatchObject({ status: 206, bytes: content.subarray(0, 10) });

    const past = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(await past.json()).toEqual({ success: false, error: `The range is outside the file (${size} bytes).`, code: "RANGE_NOT_SATISFIABLE" });

    const revalidated = await fetch(url, { headers: { "if-none-match": `"${hash}"` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(`"${hash}"`);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    expect(head.headers.get("content-type")).toBe("image/png");
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    for (const name of [`${hash}.jpg`, `${"0".repeat(64)}.png`, "not-a-media-name", `${hash}`]) {
      const missing = await fetch(`${service.baseUrl}/media/${name}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, error: `No media ${name}.`, code: "NOT_FOUND" });
    }
  });

  it("answers 404 with the envelope when the stored file has gone missing from the data directory", async () => {
    const content = Buffer.concat([PNG, crypto.randomBytes(256)]);
    const hash = sha256(content);
    expect((await uploadFile(content)).status).toBe(200);
    fs.rmSync(path.join(service.dataDir, "media", hash.slice(0, 2), `${hash}.png`));
    const gone = await fetch(`${service.baseUrl}/media/${hash}.png`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await gone.json()).toEqual({ success: false, error: `No media ${hash}.png.`, code: "NOT_FOUND" });
  });

  it("refuses a 60 MiB upload with 413 and leaves nothing on disk, whether its length is declared or only streamed", async () => {
    const before = mediaFiles();
    const tooLarge = { success: false, error: "The file exceeds the upload limit of 52428800 bytes (50 MiB).", code: "PAYLOAD_TOO_LARGE" };
    const content = Buffer.concat([PNG, Buffer.alloc(60 * MiB - PNG.length, 0x61)]);
    expect(await uploadFile(content, "big.png")).toEqual({ status: 413, body: tooLarge });
    expect(await upload(streamedBody(partHeader("big.png"), 60 * MiB, closing))).toEqual({ status: 413, body: tooLarge });
    expect(mediaFiles()).toEqual(before);
    expect(await queryDatabase(service.databaseUrl(), "SELECT count(*)::int AS n FROM tokenhub_app.media WHERE size_bytes > $1", [50 * MiB])).toEqual([{ n: 0 }]);
  });

  it("leaves nothing behind when the client goes away mid-upload", async () => {
    const before = mediaFiles();
    const controller = new AbortController();
    let sent = 0;
    let started: string[] = [];
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        // Nothing more once aborted: undici keeps pulling a cancelled request body in a tight loop.
        if (controller.signal.aborted) return;
        if (sent === 0) stream.enqueue(new Uint8Array(Buffer.concat([partHeader("half.png"), PNG])));
        sent += chunk.length;
        stream.enqueue(chunk);
        if (sent < MiB) return;
        // The client disappears only once the service is writing the file: its going away must be what the service
        // cleans up after, not a request the service has yet to read (which would leave its file to a later test).
        await waitFor(() => (started = incomingFiles().filter((file) => !before.includes(file))).length > 0, {
          message: () => "the service never started writing the upload",
        });
        controller.abort();
      },
    });
    await expect(
      fetch(`${service.baseUrl}/api/v1/nft/uploadMedia`, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${service.adminToken}` },
        body,
        duplex: "half",
        signal: controller.signal,
      } as RequestInit),
    ).rejects.toThrow();
    expect(started).toHaveLength(1);
    await waitFor(() => JSON.stringify(mediaFiles()) === JSON.stringify(before), { message: () => `left behind: ${mediaFiles().join(", ")}` });
  });

  it("answers a truncated body, a missing media part, two parts, an empty file and other malformed forms with a clear 4xx", async () => {
    const before = mediaFiles();
    const rowsBefore = await queryDatabase(service.databaseUrl(), "SELECT sha256 FROM tokenhub_app.media ORDER BY sha256");
    const complete = multipart([{ name: "media", filename: "a.png", content: Buffer.concat([PNG, crypto.randomBytes(64)]) }]);
    const invalid = (error: string, details?: { path: string; message: string }[]) => ({
      status: 400,
      body: { success: false, error, code: "VALIDATION_ERROR", ...(details ? { details } : {}) },
    });

    expect(await upload(complete.subarray(0, complete.length - 12))).toEqual(
      invalid("The multipart body is malformed: it ended before its closing boundary (truncated upload?)."),
    );
    expect(await upload(multipart([{ name: "file", filename: "a.png", content: PNG }]))).toEqual(
      invalid("The form has a file part named 'file'; send the file in a part named 'media'.", [
        { path: "file", message: "unexpected file part; the file goes in 'media'" },
      ]),
    );
    expect(await upload(multipart([{ name: "title", content: "just a field" }]))).toEqual(
      invalid("The form has no file part named 'media'.", [{ path: "media", message: "is required" }]),
    );
    expect(await upload(Buffer.from(`--${BOUNDARY}--\r\n`))).toEqual(invalid("The form has no file part named 'media'.", [{ path: "media", message: "is required" }]));
    expect(
      await upload(
        multipart([
          { name: "media", filename: "a.png", content: PNG },
          { name: "media", filename: "b.png", content: PNG },
        ]),
      ),
    ).toEqual(invalid("The form has more than one file; send exactly one, in the part 'media'.", [{ path: "media", message: "exactly one file part allowed" }]));
    expect(await upload(multipart([{ name: "media", filename: "empty.png", content: "" }]))).toEqual(
      invalid("The 'media' file is empty.", [{ path: "media", message: "is empty" }]),
    );
    expect(await upload(multipart([{ name: "media", type: "image/png", content: "not a file" }]))).toEqual(
      invalid("The 'media' part must be a file: give it a filename in its Content-Disposition.", [
        { path: "media", message: "must be a file part (with a filename)" },
      ]),
    );
    expect(await upload(Buffer.alloc(0))).toEqual(invalid("The request has no body; send the file in a part named 'media'."));
    expect(await upload(complete, { headers: { "content-type": "multipart/form-data; charset=utf-8" } })).toEqual(
      invalid("The multipart Content-Type is invalid: Multipart: Boundary not found."),
    );

    expect(await upload(Buffer.from(JSON.stringify({ media: "x" })), { headers: { "content-type": "application/json" } })).toEqual({
      status: 415,
      body: { success: false, error: "Send the file as multipart/form-data with one part named 'media' (got application/json).", code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    expect(await upload(PNG, { headers: { "content-type": "image/png" } })).toEqual({
      status: 415,
      body: { success: false, error: "Send the body as multipart/form-data (with a boundary) (got image/png).", code: "UNSUPPORTED_MEDIA_TYPE" },
    });

    expect(mediaFiles()).toEqual(before);
    expect(await queryDatabase(service.databaseUrl(), "SELECT sha256 FROM tokenhub_app.media ORDER BY sha256")).toEqual(rowsBefore);
  });

  it("refuses content it does not accept with 415, whatever the file is called", async () => {
    const accepted = "image/*, video/*, audio/*, model/gltf-binary, model/gltf+json, application/json";
    expect(await uploadFile("just some words\n", "picture.png")).toEqual({
      status: 415,
      body: { success: false, error: `The file's content is not a recognised media format; accepted: ${accepted}.`, code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    expect(await uploadFile("<!doctype html><html><script>alert(document.cookie)</script></html>", "image.svg")).toEqual({
      status: 415,
      body: { success: false, error: `The file is text/html, which is not accepted; accepted: ${accepted}.`, code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    const zip = Buffer.concat([Buffer.from("504b0304140000000000", "hex"), Buffer.alloc(40)]);
    expect((await uploadFile(zip, "model.glb")).body).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(incomingFiles()).toEqual([]);
  });

  it("recognises SVG, JSON, glTF and GLB by their content, and serves SVG byte for byte where its scripts cannot run", async () => {
    const svg = '<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="1" height="1"/></svg>\n';
    const json = JSON.stringify({ name: "Sword", attributes: [] });
    const gltf = JSON.stringify({ asset: { version: "2.0", generator: "test" }, scenes: [{ nodes: [] }] });
    const chunk = Buffer.from(JSON.stringify({ asset: { version: "2.0" } }).padEnd(28, " "));
    const glb = Buffer.alloc(12 + 8 + chunk.length);
    glb.write("glTF", 0, "ascii");
    glb.writeUInt32LE(2, 4);
    glb.writeUInt32LE(glb.length, 8);
    glb.writeUInt32LE(chunk.length, 12);
    glb.write("JSON", 16, "ascii");
    chunk.copy(glb, 20);

    for (const [content, contentType, extension] of [
      [svg, "image/svg+xml", "svg"],
      [json, "application/json", "json"],
      [gltf, "model/gltf+json", "gltf"],
      [glb, "model/gltf-binary", "glb"],
    ] as const) {
      const response = await uploadFile(content, "upload.bin");
      expect(response.body).toMatchObject({ success: true, contentType, mediaUrl: `${service.runtime().publicUrl}/media/${sha256(content)}.${extension}` });
      const served = await fetch(`${service.baseUrl}/media/${sha256(content)}.${extension}`);
      expect(served.headers.get("content-type")).toBe(contentType);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(content));
    }
    const served = await fetch(`${service.baseUrl}/media/${sha256(svg)}.svg`);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("takes an Idempotency-Key: the same file replays its answer, another file under the same key is a 409", async () => {
    const content = Buffer.concat([PNG, crypto.randomBytes(32)]);
    const first = await uploadFile(content, "a.png", { headers: { "idempotency-key": "upload-1" } });
    expect(first.status).toBe(200);
    expect(await uploadFile(content, "a.png", { headers: { "idempotency-key": "upload-1" } })).toEqual(first);
    const other = Buffer.concat([PNG, crypto.randomBytes(32)]);
    expect(await uploadFile(other, "b.png", { headers: { "idempotency-key": "upload-1" } })).toEqual({
      status: 409,
      body: { success: false, error: "This Idempotency-Key was used with a different request; use a new key for a new request.", code: "IDEMPOTENCY_CONFLICT" },
    });
    expect(mediaFiles().filter((file) => file.includes(sha256(other)))).toEqual([]);
  });

  it("needs a token with the media scope and stores nothing without one", async () => {
    const content = Buffer.concat([PNG, crypto.randomBytes(32)]);
    const readOnly = await createToken(service.projectName, "read");
    expect(await uploadFile(content, "a.png", { token: readOnly })).toEqual({
      status: 403,
      body: { success: false, error: "This token lacks the 'media' scope.", code: "FORBIDDEN" },
    });
    expect((await uploadFile(content, "a.png", { token: "thk_not_a_token" })).status).toBe(401);
    expect(mediaFiles().filter((file) => file.includes(sha256(content)))).toEqual([]);
  });
});

/**
 * The receiving process is opened to an inspector and made to collect its garbage, which no client does: it gets a
 * service of its own, so that whatever that leaves behind is never lent to another file (a shared service whose
 * process had been inspected once answered the next file's creates in 65-90 s).
 */
describe("POST /api/v1/nft/uploadMedia, the receiving process's memory", () => {
  let own: TestService;

  beforeAll(async () => {
    own = await startTestService();
  });

  afterAll(async () => {
    await own?.destroy();
  });

  it("holds no more than a few chunks of a 45 MiB file while it uploads", async () => {
    // The Ponder process is the one that receives the file. What it retains is read through its inspector after a
    // full collection (test/helpers/retainedMemory.ts), once before the upload and once with 40 MiB of it received,
    // the upload paused: holding the file would retain those 40 MiB, streaming it a few 64 KiB chunks.
    const receiver = Number(fs.readFileSync(path.join(own.dataDir, "ponder.pid"), "utf8").trim());
    const size = 45 * MiB;
    const pauseAt = 40 * MiB;
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const inspector = await openRetainedMemory(receiver);
    try {
      const baseline = await inspector.read();
      const incomingBefore = new Set(incomingFiles(own));
      const response = upload(streamedBody(Buffer.concat([partHeader("large.png"), PNG]), size - PNG.length, closing, { pauseAt, resumed }), { target: own });
      // The server reads as fast as it writes the file out: what it has written is what it has received, but for the
      // chunks in flight between the sockets, the parser and the file.
      const incoming = await waitFor(
        () => {
          const file = incomingFiles(own).find((name) => !incomingBefore.has(name));
          return file && fs.statSync(path.join(own.dataDir, "media", file)).size >= pauseAt - 4 * MiB ? file : undefined;
        },
        { timeoutMs: 30_000, message: () => "the server wrote less than 36 MiB of the first 40 MiB it was sent: does it hold the upload before writing it?" },
      );
      const during = await inspector.read();
      resume();
      expect((await response).body).toMatchObject({ success: true, contentType: "image/png", size });
      console.log(`retained by the receiving process (heap and Buffers, after a full collection): ${baseline.toFixed(1)} MiB before, ${during.toFixed(1)} MiB with 40 MiB received (${incoming})`);
      expect(during - baseline).toBeLessThan(8);
    } finally {
      resume();
      await inspector.close();
    }
  });
});
