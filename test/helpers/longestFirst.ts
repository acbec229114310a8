import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Where a clean clone finds each file's seconds (no vitest cache there). */
export const FILE_SECONDS = "test/fileSeconds.json";

/** A file no run has timed yet starts first, as vitest starts a file it does not know. */
const UNKNOWN = Number.MAX_SAFE_INTEGER;

/**
 * Starts the longest files first, so that no worker picks up a long file while the others finish their last short ones
 * (the run's tail, on three workers). A file's length is its duration in vitest's cache (the last local run) or, on a
 * clean clone without that cache (CI, a new contributor), its seconds in test/fileSeconds.json: a clean-clone run's
 * times (`.ci/run` writes them, TOKENHUB_TEST_TIMES_FILE). Vitest's own order there would be by file size.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const committed = JSON.parse(fs.readFileSync(path.join(root, FILE_SECONDS), "utf8")) as Record<string, number>;
    const seconds = (spec: TestSpecification): number => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return cached ? cached.duration / 1000 : (committed[file] ?? UNKNOWN);
    };
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return seconds(b) - seconds(a);
    });
  }
}
