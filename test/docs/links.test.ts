import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchorsOf, linksOf } from "./markdown.js";

/**
 * Issue 28, acceptance 3: the README is a front page (at most about 250 lines), and every relative link of the README
 * and docs/ (bench/README.md too) reaches a file that exists and, with a `#fragment`, a heading of that file.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PAGES = ["README.md", "bench/README.md", ...fs.readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

describe("the documentation's links", () => {
  it("keeps the README a front page of at most 250 lines", () => {
    expect(fs.readFileSync(path.join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length).toBeLessThanOrEqual(250);
  });

  it("resolves every relative link and anchor of the README and docs/", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const link of linksOf(fs.readFileSync(path.join(ROOT, page), "utf8"))) {
        if (/^[a-z][a-z+.-]*:/i.test(link)) continue;
        const [target, fragment] = link.split("#") as [string, string | undefined];
        const file = target ? path.resolve(path.dirname(path.join(ROOT, page)), decodeURIComponent(target)) : path.join(ROOT, page);
        if (!fs.existsSync(file)) broken.push(`${page}: ${link} (no ${path.relative(ROOT, file)})`);
        else if (fragment !== undefined && !(file.endsWith(".md") && anchorsOf(fs.readFileSync(file, "utf8")).has(fragment))) broken.push(`${page}: ${link} (no heading #${fragment})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
