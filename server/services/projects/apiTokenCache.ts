import type { Logger } from "../../logger.js";
import { API_TOKEN_CHANGES_CHANNEL, type ApiTokenRow } from "../../store/apiTokens.js";
import { listenForChanges } from "../../store/coordination/changeNotifications.js";

const MAX_ENTRIES = 10_000;

export type ApiTokenCache = {
  /** The token row for this hash, from memory when it is known to be current, else from `load`. */
  find(tokenHash: Buffer, load: () => Promise<ApiTokenRow | undefined>): Promise<ApiTokenRow | undefined>;
  close(): Promise<void>;
};

/**
 * Authenticating every request cost a query and a pool connection per request. Tokens change rarely, and every change
 * is announced by a trigger (NOTIFY), so the rows found are kept until the next change. While the listening connection
 * is down nothing is kept (a change could be missed), and a lookup that overlapped a change is not kept either.
 * Expiry is still checked on every request against the row's own time. Unknown tokens are never kept: random ones
 * must not fill memory.
 */
export function createApiTokenCache(deps: { connectionString: string; logger: Logger }): ApiTokenCache {
  const rows = new Map<string, ApiTokenRow>();
  let generation = 0;
  const changes = listenForChanges({
    connectionString: deps.connectionString,
    channel: API_TOKEN_CHANGES_CHANNEL,
    logger: deps.logger,
    onChange: () => {
      generation++;
      rows.clear();
    },
  });

  return {
    async find(tokenHash, load) {
      const key = tokenHash.toString("hex");
      if (changes.listening) {
        const known = rows.get(key);
        if (known !== undefined) return known;
      }
      const before = generation;
      const row = await load();
      if (row !== undefined && changes.listening && generation === before) {
        if (rows.size >= MAX_ENTRIES) rows.clear();
        rows.set(key, row);
      }
      return row;
    },
    async close() {
      await changes.close();
      rows.clear();
    },
  };
}
