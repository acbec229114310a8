// Resolves the relative imports inside installed packages (`./table.js` from a file under node_modules) without Node's
// ESM resolver, which learns each resolved file's format by deserializing its package's package.json at every call,
// `exports` included (Node 22-26: `getPackageScopeConfig` spreads the lazily parsed fields). drizzle-orm 0.41's
// package.json is 175 KB (439 exports) and its modules import each other about 2,000 times at load: 7 ms a resolution
// on a loaded 2-core machine, seconds of every supervisor, Ponder and CLI start (bench/README.md, "Module loading").
// What this answers is what Node would: the same file URL (a file that exists, no symlink on its path) and the same
// format (by extension, or the `type` of the nearest package.json); anything else goes to Node's own resolver.
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const FORMAT_BY_EXTENSION = { ".mjs": "module", ".cjs": "commonjs" };
/** A specifier with nothing to decode or strip: no query, fragment or percent-encoding. */
const PLAIN_RELATIVE = /^\.\.?\/[\w./@+-]*$/;

/** Directory -> the format its `.js` files have by their package scope, or null when Node would decide otherwise. */
const scopeFormats = new Map();

/**
 * The `type` of the nearest package.json at or above `dir`, as Node looks for it: the search stops at a node_modules
 * directory (whose own package.json is never a scope). null: no type said (Node then detects the syntax), no scope, or
 * a package.json Node would refuse; such files are left to Node.
 */
function scopeFormat(dir) {
  const known = scopeFormats.get(dir);
  if (known !== undefined) return known;
  let format;
  if (path.basename(dir) === "node_modules" || path.dirname(dir) === dir) {
    format = null;
  } else {
    let text;
    let unreadable = false;
    try {
      text = fs.readFileSync(path.join(dir, "package.json"), "utf8");
    } catch (error) {
      // Missing: the scope is further up. Unreadable otherwise: Node is left to say so.
      unreadable = error.code !== "ENOENT" && error.code !== "ENOTDIR";
    }
    if (unreadable) {
      format = null;
    } else if (text === undefined) {
      format = scopeFormat(path.dirname(dir));
    } else {
      try {
        const { type } = JSON.parse(text);
        format = type === "module" ? "module" : type === "commonjs" ? "commonjs" : null;
      } catch {
        format = null;
      }
    }
  }
  scopeFormats.set(dir, format);
  return format;
}

/**
 * Node's answer for a relative `import` from a file of an installed package, or undefined where this does not know it
 * for sure (left to Node's resolver).
 */
export function resolveRelativeImport(specifier, context) {
  if (!PLAIN_RELATIVE.test(specifier)) return undefined;
  const parent = context.parentURL;
  if (typeof parent !== "string" || !parent.startsWith("file:///") || !parent.includes("/node_modules/")) return undefined;
  if (!context.conditions?.includes("import") || context.conditions.includes("require")) return undefined;
  if (context.importAttributes !== undefined && Object.keys(context.importAttributes).length > 0) return undefined;
  const url = new URL(specifier, parent);
  if (url.search !== "" || url.hash !== "") return undefined;
  const file = fileURLToPath(url);
  const extension = path.extname(file);
  const format = FORMAT_BY_EXTENSION[extension] ?? (extension === ".js" ? scopeFormat(path.dirname(file)) : null);
  if (format === null || format === undefined) return undefined;
  try {
    // Node resolves to the real path: a file reached through a symlink is left to it.
    if (!fs.statSync(file).isFile() || fs.realpathSync.native(file) !== file) return undefined;
  } catch {
    return undefined;
  }
  // As Node builds it (from the real path), so that a module is never loaded twice under two spellings of its URL.
  return { url: pathToFileURL(file).href, format, shortCircuit: true };
}

const REGISTERED = Symbol.for("tokenhub.relativeImports");
const preservesSymlinks = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((flag) => flag.startsWith("--preserve-symlinks"));
// module.registerHooks: Node 22.15 and 23.5 on; on an older Node every import is Node's own, as before.
if (typeof module.registerHooks === "function" && !preservesSymlinks && globalThis[REGISTERED] === undefined) {
  globalThis[REGISTERED] = true;
  module.registerHooks({ resolve: (specifier, context, nextResolve) => resolveRelativeImport(specifier, context) ?? nextResolve(specifier, context) });
}
