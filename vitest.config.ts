import { defineConfig } from "vitest/config";
import { SlowestFiles } from "./test/helpers/slowestFiles.js";

/**
 * Three tiers (README, "Tests"): `unit` boots no service (contracts run on anvil alone), `service` is everything else
 * that takes seconds a test, `slow` holds what needs minutes by nature and runs on its own (`npm run test:slow`):
 * large histories and long rebuilds, and the service's life across processes (restarts, signals, crashes, upgrades,
 * replicas handing work over), where each file boots the whole stack three to six times.
 */
const UNIT = ["test/unit/**/*.test.ts", "test/contracts/**/*.test.ts", "test/docs/links.test.ts"];
const SLOW = [
  "test/lifecycle/contractDeploy.test.ts",
  "test/lifecycle/rebuildFollowsHead.test.ts",
  "test/lifecycle/rebuildFollowsRemote.test.ts",
  "test/api/hostedChain.test.ts",
  "test/chain/fillBlocks.test.ts",
  "test/lifecycle/ownership.test.ts",
  "test/lifecycle/shutdown.test.ts",
  "test/lifecycle/restart.test.ts",
  "test/lifecycle/honestRestart.test.ts",
  "test/lifecycle/failingChain.test.ts",
  "test/lifecycle/buildScope.test.ts",
  "test/lifecycle/upgrade.test.ts",
  "test/replicas/jobs.test.ts",
  "test/replicas/zeroDowntime.test.ts",
  // Ponder's contract: a tiny Ponder app started a dozen times, and one behaviour waits out Ponder's 30 s idle warning.
  "test/indexer/ponderContract.test.ts",
  // 1,001 refused live SQL queries, each parsed by a WebAssembly parser Ponder instantiates per request.
  "test/http/liveSlots.test.ts",
  // The Dockerfile built with podman (minutes the first time on a machine: Debian and npm packages) and run twice.
  "test/lifecycle/containerImage.test.ts",
];

// The external-database tests use the PostgreSQL server of a development machine (and of CI, which exports the same
// URL): the README's `npm test` needs no variable set first.
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";

export default defineConfig({
  test: {
    // Each file starts real processes (anvil, PostgreSQL, the service), which wait on each other, on timers and on
    // their chain about a third of the time (shutdown.test.ts alone: 49 CPU-s in 75 s): three at a time keep a 2-core
    // machine busy (a loaded full run: 1,730 s with two, 1,292 s with three).
    pool: "forks",
    maxWorkers: 3,
    // Test files import the server's packages (drizzle-orm, viem) in a new process each: bin/relativeImports.mjs says why.
    execArgv: ["--import", "./bin/relativeImports.mjs"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ["default", new SlowestFiles()],
    projects: [
      // A worker runs file after file in one process with the modules they share loaded once (`isolate: false`): each
      // file in a fresh process spent 246 s of the service tier's workers loading the same modules again on the slower
      // machine (vitest's "import"), and half the unit tier's CPU. Files share no state but what they create and close
      // themselves (a service is borrowed from the broker and given back; no test sets process.env or mocks a module).
      { extends: true, test: { name: "unit", include: UNIT, isolate: false } },
      {
        extends: true,
        test: { name: "service", include: ["test/**/*.test.ts"], exclude: [...UNIT, ...SLOW], globalSetup: ["test/helpers/serviceBroker.ts"], isolate: false },
      },
      { extends: true, test: { name: "slow", include: SLOW, globalSetup: ["test/helpers/serviceBroker.ts"] } },
    ],
  },
});
