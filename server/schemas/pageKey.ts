import { z } from "@hono/zod-openapi";
import { ValidationError } from "../errors.js";

/**
 * Cursor pages: a page key names the last item of the page before (its sort key), so the next page starts after it
 * whatever was added or removed meanwhile, where an offset would repeat or skip items. It is opaque to clients
 * (base64url of a JSON array of strings): only what the service answered as `nextPageKey` is meant to come back.
 */
export function encodePageKey(sortKey: readonly string[]): string {
  return Buffer.from(JSON.stringify(sortKey)).toString("base64url");
}

const NOT_OURS = "is not a page key this service gave: pass nextPageKey as it came";

/** A route's `pageKey` parameter, parsed to the sort key of `parts` strings each matching `part`. */
export function pageKeyParameter(parts: number, part: RegExp) {
  return z
    .string()
    .max(512)
    .transform((value, ctx) => {
      let sortKey: unknown;
      try {
        sortKey = /^[A-Za-z0-9_-]+$/.test(value) ? JSON.parse(Buffer.from(value, "base64url").toString("utf8")) : undefined;
      } catch {
        sortKey = undefined;
      }
      if (!Array.isArray(sortKey) || sortKey.length !== parts || !sortKey.every((item) => typeof item === "string" && part.test(item))) {
        ctx.addIssue({ code: "custom", message: NOT_OURS });
        return z.NEVER;
      }
      return sortKey as string[];
    })
    .optional()
    .openapi({
      type: "string",
      description: "The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped.",
    });
}

/** The answer's key of the next page. */
export const nextPageKey = z.string().nullable().openapi({ description: "Pass it as pageKey for the next page; null on the last page" });

/** A token listing's page key: the last token id answered. */
export const tokenPageKey = pageKeyParameter(1, /^\d{1,78}$/);

/** An owners listing's page key: the last owner answered (lowercase). */
export const ownerPageKey = pageKeyParameter(1, /^0x[0-9a-f]{40}$/);

/**
 * Where a page starts: after the page key's item, or at `page` (GroupOS clients page by index). Both at once would
 * be two different pages: refused.
 */
export function pageStart(query: { page: number; pageSize: number; pageKey?: string[] }): { offset: number; after: string | undefined } {
  if (query.pageKey !== undefined && query.page !== 0) {
    throw new ValidationError("Give page or pageKey, not both: pageKey already says where the page starts.", [{ path: "page", message: "is not taken with pageKey" }]);
  }
  return { offset: query.page * query.pageSize, after: query.pageKey?.[0] };
}
