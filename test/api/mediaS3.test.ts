import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../helpers/service.js";

// The S3 store against a real S3-compatible server (s3rver, from npm): the same upload and serving contract as the
// data-directory store, plus the configured limit and accepted types.
let service: TestService;
let s3server: S3rver;
let s3: S3Client;
let s3Dir: string;
const BUCKET = "nft-media";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
const GIF = Buffer.from("R0lGODlhAQABAAAAACw=", "base64");
const sha256 = (content: Buffer | string) => crypto.createHash("sha256").update(content).digest("hex");

async function uploadFile(content: Buffer | string, filename: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append("media", new Blob([content]), filename);
  const response = await fetch(`${service.baseUrl}/api/v1/nft/uploadMedia`, { method: "POST", headers: { authorization: `Bearer ${service.adminToken}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function bucketKeys(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

function localMediaFiles(): string[] {
  const root = path.join(service.dataDir, "media");
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile());
}

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-s3rver-"));
  s3server = new S3rver({ address: "127.0.0.1", port: 0, directory: s3Dir, silent: true, vhostBuckets: false, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  service = await startTestService({
    env: {
      TOKENHUB_MEDIA_S3_BUCKET: BUCKET,
      TOKENHUB_MEDIA_S3_ENDPOINT: endpoint,
      TOKENHUB_MEDIA_MAX_BYTES: String(1024 * 1024),
      TOKENHUB_MEDIA_TYPES: "image/png,text/html",
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
  });
});

afterAll(async () => {
  await service?.destroy();
  await s3server?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe("media in an S3-compatible bucket", () => {
  it("puts an upload into the bucket once, under its content name and type, and serves it through the service", async () => {
    const content = Buffer.concat([PNG, crypto.randomBytes(2048)]);
    const hash = sha256(content);
    const first = await uploadFile(content, "notes.txt");
    expect(first).toEqual({
      status: 200,
      body: { success: true, mediaUrl: `${service.runtime().publicUrl}/media/${hash}.png`, sha256: hash, contentType: "image/png", size: content.length },
    });
    expect(await uploadFile(content, "again.png")).toEqual(first);

    expect(await bucketKeys()).toEqual([`media/${hash}.png`]);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `media/${hash}.png` }));
    expect({ type: head.ContentType, length: head.ContentLength }).toEqual({ type: "image/png", length: content.length });
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `media/${hash}.png` }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(content);
    expect(localMediaFiles()).toEqual([]);

    const served = await fetch(`${service.baseUrl}/media/${hash}.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("etag")).toBe(`"${hash}"`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(content);

    const ranged = await fetch(`${service.baseUrl}/media/${hash}.png`, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${content.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(content.subarray(100, 200));

    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `media/${hash}.png` }));
    const gone = await fetch(`${service.baseUrl}/media/${hash}.png`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ success: false, error: `No media ${hash}.png.`, code: "NOT_FOUND" });
  });

  it("applies the configured limit and accepted types, and serves allowed HTML as a sandboxed download", async () => {
    expect(await uploadFile(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), "big.png")).toEqual({
      status: 413,
      body: { success: false, error: "The file exceeds the upload limit of 1048576 bytes (1 MiB).", code: "PAYLOAD_TOO_LARGE" },
    });
    expect(await uploadFile(GIF, "a.png")).toEqual({
      status: 415,
      body: { success: false, error: "The file is image/gif, which is not accepted; accepted: image/png, text/html.", code: "UNSUPPORTED_MEDIA_TYPE" },
    });

    const html = "<!doctype html><html><body><script>fetch('/api/v1/key/keys')</script></body></html>";
    const uploaded = await uploadFile(html, "page.png");
    expect(uploaded.body).toMatchObject({ success: true, contentType: "text/html" });
    const served = await fetch(`${service.baseUrl}/media/${sha256(html)}.html`);
    expect(served.headers.get("content-type")).toBe("text/html");
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="${sha256(html)}.html"`);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(await served.text()).toBe(html);
    expect((await bucketKeys()).filter((key) => key.endsWith(".gif"))).toEqual([]);
  });
});
