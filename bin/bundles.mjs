// tokenhub's own TypeScript as esbuild bundles, kept under node_modules/.cache and rebuilt when any of their sources
// changed since, so an edit needs no build step. The CLI (and the supervisor it starts) no longer compiles 200
// modules through tsx at each start (`tokenhub --help` 2.1 s -> 0.7 s), nor does Ponder compile the API's through
// vite-node (its start-up CPU 6.2 s -> 5.2 s): a bundle in node_modules is loaded by Node itself.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRIES = { cli: "server/cli/main.ts", api: "server/composeApi.ts" };
// Keyed by the project's path: a copy of the project that shares this node_modules keeps bundles of its own.
const CACHE = path.join(ROOT, "node_modules", ".cache", "tokenhub", createHash("sha256").update(ROOT).digest("hex").slice(0, 12));

/** The module of `name` (cli or api): its bundle, built first when missing or stale; its sources when esbuild fails. */
export async function loadBundle(name) {
  const bundle = path.join(CACHE, `${name}.mjs`);
  const sources = path.join(CACHE, `${name}.sources.json`);
  if (!isFresh(bundle, sources)) {
    try {
      await build(path.join(ROOT, ENTRIES[name]), bundle, sources);
    } catch {
      if (name === "cli") (await import("tsx/esm/api")).register();
      return await import(pathToFileURL(path.join(ROOT, ENTRIES[name])).href);
    }
  }
  return await import(pathToFileURL(bundle).href);
}

function isFresh(bundle, sources) {
  try {
    const inputs = JSON.parse(fs.readFileSync(sources, "utf8"));
    return fs.existsSync(bundle) && Object.entries(inputs).every(([file, mtimeMs]) => fs.statSync(path.join(ROOT, file)).mtimeMs === mtimeMs);
  } catch {
    return false;
  }
}

async function build(entry, bundle, sources) {
  const esbuild = await import("esbuild");
  // Each module's import.meta.url stays its source's URL: the code finds its migrations, examples and package.json
  // beside its sources, as it does when run from them.
  const keepModuleUrls = {
    name: "keep-module-urls",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => ({
        contents: fs.readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: "ts",
      }));
    },
  };
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    external: ["ponder:*"],
    absWorkingDir: ROOT,
    metafile: true,
    write: false,
    logLevel: "silent",
    plugins: [keepModuleUrls],
  });
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) inputs[input] = fs.statSync(path.join(ROOT, input)).mtimeMs;
  fs.mkdirSync(CACHE, { recursive: true });
  // Written aside and renamed: two processes starting at once never read half a bundle.
  const unique = `${process.pid}.${Date.now()}`;
  fs.writeFileSync(`${bundle}.${unique}`, result.outputFiles[0].contents);
  fs.writeFileSync(`${sources}.${unique}`, JSON.stringify(inputs));
  fs.renameSync(`${bundle}.${unique}`, bundle);
  fs.renameSync(`${sources}.${unique}`, sources);
}
