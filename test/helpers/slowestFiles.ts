import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the ten test files that took longest (import, setup and every test and hook), so a run says where its time
 * went; with TOKENHUB_TEST_TIMES_FILE set, appends every file's seconds there too (`.ci/run` joins the tiers' lists).
 */
export class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const times = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const ms = diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
      return { file: path.relative(process.cwd(), module.moduleId), seconds: ms / 1000 };
    });
    times.sort((a, b) => b.seconds - a.seconds);
    const file = process.env.TOKENHUB_TEST_TIMES_FILE;
    if (file) fs.appendFileSync(file, times.map((each) => `${each.seconds.toFixed(1)}\t${each.file}\n`).join(""));
    if (times.length === 0) return;
    console.log("\nSlowest test files:");
    for (const each of times.slice(0, 10)) console.log(`  ${each.seconds.toFixed(1).padStart(7)} s  ${each.file}`);
  }
}
