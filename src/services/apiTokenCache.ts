import pg from "pg";
import type { Logger } from "../logger.js";
import type { ApiTokenRow } from "../store/apiTokens.js";

/** The channel the api_tokens trigger (migration 0050) notifies on every change. */
const CHANGES_CHANNEL = "tokenhub_api_tokens";
const RECONNECT_MS = 1_000;
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
  let listening = false;
  let generation = 0;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const forget = () => {
    generation++;
    rows.clear();
  };

  const lost = (error?: unknown) => {
    if (!listening && client === undefined) return;
    listening = false;
    forget();
    const dead = client;
    client = undefined;
    void dead?.end().catch(() => undefined);
    if (closed) return;
    deps.logger.warn("token change notifications lost; authenticating from the database until they are back", { error });
    retry = setTimeout(listen, RECONNECT_MS);
    retry.unref();
  };

  const listen = () => {
    if (closed) return;
    const candidate = new pg.Client({ connectionString: deps.connectionString, application_name: "tokenhub_token_changes" });
    client = candidate;
    candidate.on("notification", forget);
    candidate.on("error", lost);
    candidate.on("end", () => lost());
    candidate
      .connect()
      .then(() => candidate.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        forget();
        listening = true;
      })
      .catch(lost);
  };
  listen();

  return {
    async find(tokenHash, load) {
      const key = tokenHash.toString("hex");
      if (listening) {
        const known = rows.get(key);
        if (known !== undefined) return known;
      }
      const before = generation;
      const row = await load();
      if (row !== undefined && listening && generation === before) {
        if (rows.size >= MAX_ENTRIES) rows.clear();
        rows.set(key, row);
      }
      return row;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      rows.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
