import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { Hono } from "hono";

/** A file of an installed npm package that one of tokenhub's pages loads, at a URL of its own. */
export type PackageAsset = { url: string; file: string; contentType: string };

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

const require = createRequire(import.meta.url);
/** Off the event loop: the largest file (1.7 MB) takes about 90 ms to compress. */
const gzipped = promisify(gzipCallback);

/**
 * `file` of the installed `packageName`, served at `/assets/<name>@<version>/<file>`: the version in the URL lets
 * browsers keep the file for good (a new version is a new URL). Throws at start-up for a package or file that is not
 * installed, rather than answering 404 to a page that needs it.
 */
export function packageAsset(packageName: string, file: string): PackageAsset {
  const manifest = require.resolve(`${packageName}/package.json`);
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  const absolute = path.join(path.dirname(manifest), file);
  const contentType = CONTENT_TYPES[path.extname(file)];
  if (contentType === undefined) throw new Error(`No content type for ${file} of ${packageName}.`);
  if (!fs.statSync(absolute).isFile()) throw new Error(`${file} is not a file of ${packageName}@${version}.`);
  return { url: `/assets/${packageName}@${version}/${file}`, file: absolute, contentType };
}

/**
 * One GET route per asset, each naming its file: no path of the request ever reaches the file system. A file is read
 * and gzipped on its first request and kept (the pages' six files are 3.5 MB, 1.1 MB gzipped).
 */
export function packageAssetRoutes(assets: PackageAsset[]) {
  const app = new Hono();
  for (const asset of assets) {
    let loaded: Promise<{ raw: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> }> | undefined;
    app.get(asset.url, async (c) => {
      loaded ??= fs.promises.readFile(asset.file).then(async (raw) => ({ raw: new Uint8Array(raw), gzip: new Uint8Array(await gzipped(raw)) }));
      const bodies = await loaded;
      const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
      c.header("Content-Type", asset.contentType);
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Vary", "Accept-Encoding");
      if (gzip) c.header("Content-Encoding", "gzip");
      return c.body(gzip ? bodies.gzip : bodies.raw);
    });
  }
  return app;
}
