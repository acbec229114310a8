import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript without declarations (bin/ runs before any TypeScript loader)
import { resolveRelativeImport } from "../../bin/relativeImports.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const HOOK = pathToFileURL(path.join(ROOT, "bin", "relativeImports.mjs")).href;

type Answer = { url: string; format: string; shortCircuit: true } | undefined;
const resolve = resolveRelativeImport as (specifier: string, context: { parentURL?: string; conditions?: string[]; importAttributes?: Record<string, string> }) => Answer;
const IMPORT = ["node", "import", "module-sync", "node-addons"];

describe("bin/relativeImports.mjs", () => {
  it("answers every relative import of the service's packages exactly as Node's own resolver does", () => {
    // A child that asks Node's resolver too for every import the hook answers, and loads what the supervisor, Ponder
    // and the API load: any difference in URL or format is listed. The hook is not registered there (its guard is set
    // first), so that what it is compared with is Node's own answer.
    const compare = `
      import module from "node:module";
      globalThis[Symbol.for("tokenhub.relativeImports")] = "compared";
      const { resolveRelativeImport } = await import(${JSON.stringify(HOOK)});
      const seen = { answered: 0, leftToNode: 0, differences: [] };
      module.registerHooks({ resolve(specifier, context, next) {
        const ours = resolveRelativeImport(specifier, context);
        const nodes = next(specifier, context);
        if (ours === undefined) { seen.leftToNode++; return nodes; }
        seen.answered++;
        if (ours.url !== nodes.url || ours.format !== nodes.format) seen.differences.push({ specifier, parent: context.parentURL, ours, nodes });
        return nodes;
      } });
      for (const name of ["drizzle-orm", "drizzle-orm/pg-core", "drizzle-orm/node-postgres", "viem", "viem/accounts", "viem/chains", "ponder", "hono", "@hono/zod-openapi", "zod", "pg", "graphql"]) await import(name);
      process.stdout.write(JSON.stringify(seen));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", compare], { cwd: ROOT, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const seen = JSON.parse(run.stdout) as { answered: number; leftToNode: number; differences: unknown[] };
    expect(seen.differences).toEqual([]);
    // drizzle-orm alone imports its own modules about 2,000 times.
    expect(seen.answered).toBeGreaterThan(2_000);
  });

  describe("leaves to Node what it does not know for sure", () => {
    // Characters a file URL encodes, in the path: the answer must be the URL Node would build.
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "relative imports #%-")));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text = "") => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("node_modules/esm/package.json", JSON.stringify({ type: "module" }));
    write("node_modules/esm/a.js");
    write("node_modules/esm/lib/b.js");
    write("node_modules/esm/c.cjs");
    write("node_modules/esm/d.json", "{}");
    write("node_modules/cjs/package.json", JSON.stringify({ type: "commonjs" }));
    write("node_modules/cjs/a.js");
    write("node_modules/untyped/package.json", JSON.stringify({ name: "untyped" }));
    write("node_modules/untyped/a.js");
    write("node_modules/untyped/a.mjs");
    write("node_modules/broken/package.json", "{ not json");
    write("node_modules/broken/a.js");
    write("node_modules/esm/dir.js/index.js");
    write("app/a.js");
    write("app/package.json", JSON.stringify({ type: "module" }));
    fs.symlinkSync(path.join(dir, "node_modules/esm/a.js"), path.join(dir, "node_modules/esm/linked.js"));
    const from = (file: string, conditions = IMPORT) => ({ parentURL: pathToFileURL(path.join(dir, file)).href, conditions });
    const url = (file: string) => pathToFileURL(path.join(dir, file)).href;

    it("answers a .js file by its package's type, and .mjs and .cjs by their extension", () => {
      expect(resolve("./lib/b.js", from("node_modules/esm/a.js"))).toEqual({ url: url("node_modules/esm/lib/b.js"), format: "module", shortCircuit: true });
      expect(resolve("../a.js", from("node_modules/esm/lib/b.js"))).toEqual({ url: url("node_modules/esm/a.js"), format: "module", shortCircuit: true });
      expect(resolve("./c.cjs", from("node_modules/esm/a.js"))).toEqual({ url: url("node_modules/esm/c.cjs"), format: "commonjs", shortCircuit: true });
      expect(resolve("./a.js", from("node_modules/cjs/a.js"))).toEqual({ url: url("node_modules/cjs/a.js"), format: "commonjs", shortCircuit: true });
      expect(resolve("./a.mjs", from("node_modules/untyped/a.js"))).toEqual({ url: url("node_modules/untyped/a.mjs"), format: "module", shortCircuit: true });
    });

    it("leaves to Node: no type said, a package.json it cannot read, a missing file, a directory, a symlink", () => {
      expect(resolve("./a.js", from("node_modules/untyped/a.mjs"))).toBeUndefined();
      expect(resolve("./a.js", from("node_modules/broken/a.js"))).toBeUndefined();
      expect(resolve("./missing.js", from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve("./dir.js", from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve("./linked.js", from("node_modules/esm/a.js"))).toBeUndefined();
    });

    it("leaves to Node: bare and absolute specifiers, queries, encodings, JSON, require, and code outside node_modules", () => {
      expect(resolve("esm", from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve(url("node_modules/esm/lib/b.js"), from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve("./lib/b.js?x=1", from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve("./lib/%62.js", from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve("./d.json", from("node_modules/esm/a.js"))).toBeUndefined();
      expect(resolve("./lib/b.js", { ...from("node_modules/esm/a.js"), importAttributes: { type: "json" } })).toBeUndefined();
      expect(resolve("./lib/b.js", from("node_modules/esm/a.js", ["node", "require"]))).toBeUndefined();
      expect(resolve("./a.js", from("app/a.js"))).toBeUndefined();
    });
  });
});
