import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Background loops stop with the service (issue 13): a leased loop renews its lease on every pass and gives it back
 * once stopped, so the lease table, read from outside on a database that outlives the service, shows whether any
 * pass ran after its loop was stopped.
 */
let service: TestService;

type Lease = { name: string; holder: string };
const readLeases = () => queryDatabase<Lease>(service.databaseUrl(), "SELECT name, holder FROM tokenhub_app.leases ORDER BY name");

beforeAll(async () => {
  service = await startTestService({ external: true });
});

afterAll(async () => {
  await service?.destroy();
});

describe("background loops on shutdown", { timeout: 120_000 }, () => {
  it("are stopped before the process exits: each gives its lease back and none runs a pass after that", async () => {
    // Every leased loop has run a pass: its lease is held by this service.
    const loops = ["collection claims", "minted token metadata", "remote metadata", "metadata propagation", "permit token metadata", "webhook index events"];
    const running = await waitFor(
      async () => {
        const leases = await readLeases();
        return loops.every((loop) => leases.some((lease) => lease.name === loop)) && leases;
      },
      { timeoutMs: 30_000, message: () => "the background loops never took their leases" },
    );
    expect(new Set(running.map((lease) => lease.holder)).size).toBe(1);

    // Watched from outside while the service stops: once a loop's lease is given back, a pass of that loop would take
    // it again.
    const snapshots: Set<string>[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        snapshots.push(new Set((await readLeases()).map((lease) => lease.name)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const mark = service.output().length;
    service.signal("SIGTERM", "supervisor");
    expect(await service.exited()).toBe(0);
    watching = false;
    await watcher;

    expect(await readLeases()).toEqual([]);
    for (const lease of running) {
      const released = snapshots.findIndex((names) => !names.has(lease.name));
      expect(released, `${lease.name} was never given back while the service stopped`).toBeGreaterThanOrEqual(0);
      expect(
        snapshots.slice(released).some((names) => names.has(lease.name)),
        `${lease.name} was taken again after it was given back: a pass ran after its loop stopped`,
      ).toBe(false);
    }
    const stopping = service.output().slice(mark);
    expect(stopping).toContain("stopping: new writes are refused, requests in flight finish");
    expect(stopping).toContain("stopped the API, its pipeline and background loops");
    // A loop still running once the pools it uses are closed would fail its passes, and a stop step that failed says so.
    expect(stopping).not.toMatch(/failed; retrying on the next pass|stopping the .* loop failed/);
  });
});
