import type { ChangeListener } from "../store/coordination/changeNotifications.js";

/** What a gated pass needs of a listener: whether it hears changes now, and how many it has heard. */
export type ChangeSource = Pick<ChangeListener, "listening" | "changes">;

/**
 * A pass over what only a notified change can renew (the index's rows: each block Ponder indexes live notifies) runs
 * its statements only when there may be something to do: after a change was heard since the last pass that read all
 * there was (the pass answers true for that), whenever notifications are not arriving, and at the latest `everyMs`
 * after its last run, for a change that came without a notification (a revert with no block after it). Between them
 * the loop's timer still fires at its period, so a change is taken up as soon as it would have been by polling; an
 * idle service sends no statement for it.
 */
export function runWhenChanged(source: ChangeSource, pass: () => Promise<boolean>, options: { everyMs: number }): () => Promise<void> {
  /** The change count at the start of the last pass that read all there was; undefined after any other pass. */
  let settledAt: number | undefined;
  let ranAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const count = source.changes;
    if (source.listening && count === settledAt && Date.now() - ranAt < options.everyMs) return;
    ranAt = Date.now();
    settledAt = undefined;
    if (await pass()) settledAt = count;
  };
}
