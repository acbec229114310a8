import { z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { NotReadyError } from "../../errors.js";
import { type ReadAfter, readAfterHeaders, readAfterQuery } from "../../schemas/readAfter.js";
import type { IndexFreshness } from "../../services/chains/indexFreshness.js";
import type { AppEnv } from "../context.js";
import { validationErrorFromIssues } from "../router.js";
import { chainIdOfBody } from "./indexReady.js";

/** Seconds a client is told to wait before reading again when the index did not include its write in time. */
const RETRY_AFTER_SECONDS = "1";

const queryParameters = z.object(readAfterQuery);

/**
 * What the read must include, from its query string or, for a client that cannot change that, its headers; undefined
 * when it names nothing (most reads: no parsing then).
 */
function readAfterOf(query: (name: string) => string | undefined, header: (name: string) => string | undefined): ReadAfter | undefined {
  const raw = { minBlock: query("minBlock"), afterOperation: query("afterOperation"), block: header("x-min-block"), operation: header("x-after-operation") };
  if (raw.minBlock === undefined && raw.afterOperation === undefined && raw.block === undefined && raw.operation === undefined) return undefined;
  const fromQuery = queryParameters.safeParse({ minBlock: raw.minBlock, afterOperation: raw.afterOperation });
  if (!fromQuery.success) throw validationErrorFromIssues(fromQuery.error.issues, "query");
  const fromHeaders = readAfterHeaders.safeParse({ "X-Min-Block": raw.block, "X-After-Operation": raw.operation });
  if (!fromHeaders.success) throw validationErrorFromIssues(fromHeaders.error.issues, "header");
  return {
    minBlock: fromQuery.data.minBlock ?? fromHeaders.data["X-Min-Block"],
    afterOperation: fromQuery.data.afterOperation ?? fromHeaders.data["X-After-Operation"],
  };
}

/**
 * Route middleware of the index reads, after the readiness check: a read naming `minBlock` or `afterOperation` (query
 * or header) waits until the index includes it (server/services/chains/indexFreshness.ts); one naming neither passes
 * at once. The chain of a minBlock is the read's `chainId` (query or path), or its JSON body's with `chainInBody`
 * (holders' POST); GraphQL and SQL over HTTP leave their bodies alone, since Ponder reads them from the raw request.
 */
export function awaitIndexed(options: { chainInBody?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const after = readAfterOf((name) => c.req.query(name), (name) => c.req.header(name));
    if (after !== undefined) {
      const chainId = Number(c.req.query("chainId") ?? c.req.param("chainId") ?? (options.chainInBody ? await chainIdOfBody(c.req) : undefined));
      try {
        await c.get("indexFreshness").awaitIncluded({ projectId: c.get("principal")?.projectId, chainId: Number.isInteger(chainId) ? chainId : undefined }, after);
      } catch (error) {
        if (error instanceof NotReadyError) c.header("Retry-After", RETRY_AFTER_SECONDS);
        throw error;
      }
    }
    await next();
  });
}

export function provideIndexFreshness(freshness: IndexFreshness) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("indexFreshness", freshness);
    await next();
  });
}
