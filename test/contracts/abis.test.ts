import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileContracts } from "../../scripts/compile-contracts.js";

const abisDir = fileURLToPath(new URL("../../abis", import.meta.url));

describe("abis/", () => {
  // The committed files come from an earlier run, so this also proves the output is deterministic.
  it("is exactly what compiling contracts/ produces now (run `npm run contracts` when this fails)", async () => {
    const generated = await compileContracts();
    const committed: Record<string, string> = {};
    for (const name of await readdir(abisDir)) committed[join(abisDir, name)] = await readFile(join(abisDir, name), "utf8");
    expect(Object.keys(committed).sort()).toEqual(Object.keys(generated).sort());
    for (const [path, content] of Object.entries(generated)) expect(committed[path], path).toBe(content);
  }, 60_000);
});
