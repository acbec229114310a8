import pg from "pg";
import type { Logger } from "../../logger.js";

const RECONNECT_MS = 1_000;

export type ChangeListener = {
  /** Whether notifications are arriving now; while false, a change may go unannounced. */
  readonly listening: boolean;
  /**
   * Moves at every notification and whenever listening starts or stops: a reader that saw the same count before and
   * after while `listening` was true has missed no change.
   */
  readonly changes: number;
  close(): Promise<void>;
};

/**
 * A connection of its own that LISTENs on one channel (pooled connections are handed around and cannot hold a
 * LISTEN), reconnecting after a loss. `onChange` runs on every notification and whenever listening starts or stops,
 * because changes may have been missed in between.
 */
export function listenForChanges(deps: { connectionString: string; channel: string; logger: Logger; onChange?(): void }): ChangeListener {
  let listening = false;
  let changes = 0;
  const changed = () => {
    changes++;
    deps.onChange?.();
  };
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: unknown) => {
    if (!listening && client === undefined) return;
    listening = false;
    changed();
    const dead = client;
    client = undefined;
    void dead?.end().catch(() => undefined);
    if (closed) return;
    deps.logger.warn("change notifications lost; reconnecting", { channel: deps.channel, error });
    retry = setTimeout(listen, RECONNECT_MS);
    retry.unref();
  };

  const listen = () => {
    if (closed) return;
    const candidate = new pg.Client({ connectionString: deps.connectionString, application_name: `tokenhub listen ${deps.channel}` });
    client = candidate;
    candidate.on("notification", changed);
    candidate.on("error", lost);
    candidate.on("end", () => lost());
    candidate
      .connect()
      .then(() => candidate.query(`LISTEN ${pg.escapeIdentifier(deps.channel)}`))
      .then(() => {
        changed();
        listening = true;
      })
      .catch(lost);
  };
  listen();

  return {
    get listening() {
      return listening;
    },
    get changes() {
      return changes;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
