import fs from "node:fs";
import path from "node:path";

/** Under the data directory: for each build, a copy of the program that makes it (programs/<schema>). */
export const PROGRAMS_DIR = "programs";

/**
 * What Ponder loads to index: its config and schema, the indexing code, and what they import (server/, abis/, and
 * bin/bundles.mjs, which loads the API). The service's own files come along because the config and the API entry
 * import them; node_modules is linked.
 */
const PROGRAM_FILES = ["package.json", "tsconfig.json", "ponder.config.ts", "ponder.schema.ts", "ponder-env.d.ts", "abis", "bin", "src", "server"];

const programDir = (dataDir: string, build: string) => path.join(dataDir, PROGRAMS_DIR, build);

/**
 * Keeps a copy of the program in `rootDir` as the one that makes `build`, replacing an earlier copy (the same indexing
 * code, the service's files of this release), so that after an upgrade to other indexing code the build can still be
 * run while the new one is made (server/indexer/buildFollower.ts). Copies of builds other than `keep` are dropped.
 * Written beside and renamed into place: a start stopped midway leaves the earlier copy or none, never half of one.
 */
export function saveIndexingProgram(dataDir: string, rootDir: string, build: string, keep: readonly string[]): void {
  const programs = path.join(dataDir, PROGRAMS_DIR);
  fs.mkdirSync(programs, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(programs)) {
    if (entry !== build && !keep.includes(entry)) fs.rmSync(path.join(programs, entry), { recursive: true, force: true });
  }
  const staging = path.join(programs, `${build}.new`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  for (const entry of PROGRAM_FILES) {
    const from = path.join(rootDir, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(staging, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(rootDir, "node_modules"), path.join(staging, "node_modules"));
  const target = programDir(dataDir, build);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
}

/** The saved copy of the program that made `build`, if there is one. */
export function savedIndexingProgram(dataDir: string, build: string): string | undefined {
  const dir = programDir(dataDir, build);
  return fs.existsSync(path.join(dir, "ponder.config.ts")) ? dir : undefined;
}

/** Drops the copy of a build's program, once the build is dropped. */
export function forgetIndexingProgram(dataDir: string, build: string): void {
  fs.rmSync(programDir(dataDir, build), { recursive: true, force: true });
}
