// tokenhub's own TypeScript as esbuild bundles, kept under node_modules/.cache and rebuilt when any of their sources
// changed since, so an edit needs no build step. The CLI (and the supervisor it starts) no longer compiles 200
// modules through tsx at each start (`tokenhub --help` 2.1 s -> 0.7 s), nor does Ponder compile the API's through
// vite-node (its start-up CPU 6.2 s -> 5.2 s): a bundle in node_modules is loaded by Node itself.
//
// A bundle is split (esbuild `splitting`): each dynamic import of tokenhub's own modules is a chunk of its own, loaded
// with the packages it imports only when that import runs (the CLI imports each command's code so: `tokenhub --help`
// 0.69 s -> 0.05 s, bench/cli). So a build is a directory of files:
//
//   <cache>/builds/<name>-<id>/<name>.mjs and its chunks   written whole before anything names it
//   <cache>/<name>.json                                   {"build": "<name>-<id>", "sources": {file: mtimeMs}}, renamed into place
//
// Two processes starting at once each build a directory of their own and load it; the pointer names either, never half
// of one. A directory stays while a process may still import a chunk from it: the one the pointer names always, and one
// it named before for a day after it was replaced (its mtime is set then). Processes import their chunks right after
// they start (the CLI's command), and the server's own dynamic imports are of packages, which are not chunks.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRIES = { cli: "server/cli/main.ts", api: "server/composeApi.ts" };
// Keyed by the project's path: a copy of the project that shares this node_modules keeps bundles of its own.
const CACHE = path.join(ROOT, "node_modules", ".cache", "tokenhub", createHash("sha256").update(ROOT).digest("hex").slice(0, 12));
const BUILDS = path.join(CACHE, "builds");
/** How long a replaced build directory is kept for the processes that loaded it. */
const KEEP_REPLACED_MS = 24 * 60 * 60 * 1000;

/** The module of `name` (cli or api): its bundle, built first when missing or stale; its sources when esbuild fails. */
export async function loadBundle(name) {
  const pointer = path.join(CACHE, `${name}.json`);
  const current = readPointer(pointer);
  let build = current && isFresh(current, name) ? current.build : undefined;
  if (build === undefined) {
    try {
      build = await buildBundle(name, pointer, current?.build);
    } catch {
      if (name === "cli") (await import("tsx/esm/api")).register();
      return await import(pathToFileURL(path.join(ROOT, ENTRIES[name])).href);
    }
  }
  return await import(pathToFileURL(path.join(BUILDS, build, `${name}.mjs`)).href);
}

function readPointer(pointer) {
  try {
    const { build, sources } = JSON.parse(fs.readFileSync(pointer, "utf8"));
    return typeof build === "string" && sources !== null && typeof sources === "object" ? { build, sources } : undefined;
  } catch {
    return undefined;
  }
}

function isFresh({ build, sources }, name) {
  try {
    return fs.existsSync(path.join(BUILDS, build, `${name}.mjs`)) && Object.entries(sources).every(([file, mtimeMs]) => fs.statSync(path.join(ROOT, file)).mtimeMs === mtimeMs);
  } catch {
    return false;
  }
}

/** Builds `name` into a new directory, points `pointer` at it, and returns the directory's name. */
async function buildBundle(name, pointer, replaced) {
  const esbuild = await import("esbuild");
  // Each source's mtime as it was read: one edited during the build makes the next load build again.
  const readAt = new Map();
  // Each module's import.meta.url stays its source's URL: the code finds its migrations, examples and package.json
  // beside its sources, as it does when run from them.
  const keepModuleUrls = {
    name: "keep-module-urls",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        readAt.set(args.path, fs.statSync(args.path).mtimeMs);
        return { contents: fs.readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
      });
    },
  };
  const unique = `${Date.now().toString(36)}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const build = `${name}-${unique}`;
  const outdir = path.join(BUILDS, build);
  fs.mkdirSync(outdir, { recursive: true });
  let result;
  try {
    result = await esbuild.build({
      entryPoints: { [name]: path.join(ROOT, ENTRIES[name]) },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      external: ["ponder:*"],
      absWorkingDir: ROOT,
      outdir,
      outExtension: { ".js": ".mjs" },
      metafile: true,
      write: true,
      logLevel: "silent",
      plugins: [keepModuleUrls],
    });
  } catch (error) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  // This file too: a change to how bundles are built rebuilds them.
  const sources = { "bin/bundles.mjs": fs.statSync(fileURLToPath(import.meta.url)).mtimeMs };
  for (const input of Object.keys(result.metafile.inputs)) sources[input] = readAt.get(path.join(ROOT, input)) ?? fs.statSync(path.join(ROOT, input)).mtimeMs;
  // The directory is complete before the pointer names it: written aside and renamed, the pointer is whole too.
  fs.writeFileSync(`${pointer}.${unique}`, JSON.stringify({ build, sources }));
  fs.renameSync(`${pointer}.${unique}`, pointer);
  removeOldBuilds(replaced);
  return build;
}

/**
 * Stamps the directory just replaced with the time it stopped being current, and removes those replaced more than
 * KEEP_REPLACED_MS ago (and what a build stopped midway left, as old), never one a pointer names.
 */
function removeOldBuilds(replaced) {
  const now = Date.now();
  try {
    if (replaced !== undefined) fs.utimesSync(path.join(BUILDS, replaced), new Date(now), new Date(now));
  } catch {
    // Removed meanwhile, or never written.
  }
  const named = new Set(Object.keys(ENTRIES).map((entry) => readPointer(path.join(CACHE, `${entry}.json`))?.build));
  for (const [directory, entries] of [
    [BUILDS, safeReaddir(BUILDS)],
    // Pointers written aside by a process stopped before its rename, and the single-file bundles of before splitting.
    [CACHE, safeReaddir(CACHE).filter((entry) => /\.json\.[^/]+$|^(cli|api)\.(mjs|sources\.json)$/.test(entry))],
  ]) {
    for (const entry of entries) {
      if (named.has(entry)) continue;
      try {
        const file = path.join(directory, entry);
        if (now - fs.statSync(file).mtimeMs > KEEP_REPLACED_MS) fs.rmSync(file, { recursive: true, force: true });
      } catch {
        // Removed by another process meanwhile.
      }
    }
  }
}

function safeReaddir(directory) {
  try {
    return fs.readdirSync(directory);
  } catch {
    return [];
  }
}
