import crypto from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { runWhenChanged } from "../../server/jobs/changeGate.js";
import { createLogger } from "../../server/logger.js";
import { listenForChanges } from "../../server/store/coordination/changeNotifications.js";
import { waitFor } from "../helpers/waitFor.js";

// Needs a PostgreSQL server: DATABASE_URL (set by .ci/run).
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("a loop pass gated on notified changes", () => {
  it("sends its statements only after a notification, while nothing is heard, when its last pass left work, or once its longest wait is over", async () => {
    const channel = `tokenhub_test_gate_${crypto.randomBytes(4).toString("hex")}`;
    const listener = listenForChanges({ connectionString: url!, channel, logger: createLogger({ level: "error" }) });
    const notifier = new pg.Client({ connectionString: url });
    await notifier.connect();
    try {
      await waitFor(() => listener.listening, { timeoutMs: 10_000, message: () => "the listener never listened" });
      const notify = async () => {
        const before = listener.changes;
        await notifier.query(`NOTIFY ${channel}`);
        await waitFor(() => listener.changes > before, { timeoutMs: 10_000, message: () => "the notification never arrived" });
      };
      let passes = 0;
      let readAll = true;
      let failing = false;
      const gated = runWhenChanged(
        listener,
        async () => {
          passes++;
          if (failing) throw new Error("the database went away");
          return readAll;
        },
        { everyMs: 60_000 },
      );
      const passesAfter = async (ticks: number) => {
        for (let tick = 0; tick < ticks; tick++) await gated().catch(() => undefined);
        return passes;
      };

      // The first pass runs; then nothing changed, and the timer's ticks send nothing.
      expect(await passesAfter(1)).toBe(1);
      expect(await passesAfter(5)).toBe(1);
      // A change is taken up at the next tick, once.
      await notify();
      expect(await passesAfter(3)).toBe(2);
      // A pass that left rows to read (a full batch) is followed by another without a notification, until one reads all.
      readAll = false;
      await notify();
      expect(await passesAfter(3)).toBe(5);
      readAll = true;
      expect(await passesAfter(3)).toBe(6);
      // A pass that failed settles nothing.
      failing = true;
      await notify();
      expect(await passesAfter(2)).toBe(8);
      failing = false;
      expect(await passesAfter(3)).toBe(9);

      // Its longest wait: a change no notification told of (Ponder announces no revert) is read within it.
      let timedPasses = 0;
      const timed = runWhenChanged(listener, async () => ++timedPasses > 0, { everyMs: 300 });
      await timed();
      await timed();
      expect(timedPasses).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await timed();
      expect(timedPasses).toBe(2);

      // Deaf, it polls as before: every tick runs.
      await listener.close();
      expect(listener.listening).toBe(false);
      expect(await passesAfter(3)).toBe(12);
    } finally {
      await listener.close();
      await notifier.end();
    }
  });
});
