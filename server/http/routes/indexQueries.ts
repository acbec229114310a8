import { Hono, type MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { client, graphql } from "ponder";
import * as schema from "../../../ponder.schema.js";
import { NotReadyError, RateLimitedError, TokenhubError, ValidationError } from "../../errors.js";
import type { ApiTokenCache } from "../../services/projects/apiTokenCache.js";
import type { IndexDb } from "../../services/collections/collections.js";
import type { StoreDb } from "../../store/database/db.js";
import type { AppEnv } from "../context.js";
import { authorize } from "../middleware/auth.js";
import { awaitIndexed } from "../middleware/readAfter.js";
import { graphiqlRoutes } from "./graphiql.js";

export type IndexQueryDeps = {
  indexDb: IndexDb;
  store: StoreDb;
  apiTokens: ApiTokenCache;
  settings: { public: boolean; timeoutMs: number; connections: number };
};

/**
 * At most as many GraphQL and SQL requests in Ponder's hands as they have connections; the others wait here, up to
 * the timeout. Ponder parses a SQL query with a WebAssembly parser it instantiates afresh for every request (4 to 17
 * ms of the event loop, twice a query): 20 clients re-sending heavy queries the moment the last was refused held up
 * REST reads for up to a second while they waited in the pool instead.
 */
function admission(deps: IndexQueryDeps): MiddlewareHandler<AppEnv> {
  let inside = 0;
  const waiting: (() => void)[] = [];
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else inside--;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    if (inside < deps.settings.connections) inside++;
    else {
      await new Promise<void>((resolve, reject) => {
        const enter = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(enter), 1);
          reject(refusalOf(500, "timeout exceeded when trying to connect", deps.settings.timeoutMs));
        }, deps.settings.timeoutMs);
        waiting.push(enter);
      });
    }
    try {
      await next();
    } finally {
      leave();
    }
  });
}

/** A `read` token, unless TOKENHUB_PUBLIC_INDEX opens the index to everyone. */
function requireReadToken(deps: IndexQueryDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!deps.settings.public) {
      c.set("principal", await authorize(deps.store, deps.apiTokens, c.req.header("authorization"), "read"));
    }
    await next();
  });
}

/**
 * What Ponder's SQL middleware answers as plain text (its refusals and the query's errors, all as 500), as the
 * envelope: the client's query is what failed, so a 400 with PostgreSQL's or the validator's reason.
 */
function refusalOf(status: number, message: string, timeoutMs: number): TokenhubError {
  if (/statement timeout/i.test(message)) {
    return new ValidationError(`The query ran longer than ${timeoutMs} ms (TOKENHUB_SQL_TIMEOUT_MS) and was cancelled.`);
  }
  if (/timeout exceeded when trying to connect/i.test(message)) {
    return new RateLimitedError(`Every connection for SQL and GraphQL queries stayed busy for ${timeoutMs} ms; try again later.`, Math.ceil(timeoutMs / 1000));
  }
  if (status === 503) return new NotReadyError(message);
  return new ValidationError(`The SQL query was refused: ${message}`);
}

async function refusalOfResponse(response: Response, timeoutMs: number): Promise<TokenhubError | undefined> {
  if (response.ok) return undefined;
  return refusalOf(response.status, (await response.text()).trim() || `status ${response.status}`, timeoutMs);
}

/**
 * `/sql/db` and `/sql/live` (the `@ponder/client` protocol), served by Ponder's middleware on a Hono app of their own
 * so that its answers can be read before they are sent. A live query is first run as a one-off query: Ponder takes
 * one of its 1,000 live slots before it validates, and never gives back the slot of a query it then refuses, so
 * refused live queries used every slot until a restart. Run once, the result is in Ponder's cache for the live query.
 */
function sqlOverHttp(deps: IndexQueryDeps): MiddlewareHandler<AppEnv> {
  const ponder = new Hono();
  ponder.use("/sql/*", client({ db: deps.indexDb, schema }));
  ponder.onError((error) => new Response(error.message, { status: 500 }));
  return createMiddleware<AppEnv>(async (c) => {
    if (c.req.path === "/sql/live") {
      const sql = c.req.query("sql");
      if (sql === undefined) throw new ValidationError('Missing "sql" query parameter.');
      const once = await ponder.request(`/sql/db?${new URLSearchParams({ sql })}`);
      const refused = await refusalOfResponse(once, deps.settings.timeoutMs);
      if (refused) throw refused;
    }
    const response = await ponder.fetch(c.req.raw);
    const refused = await refusalOfResponse(response, deps.settings.timeoutMs);
    if (refused) throw refused;
    return response;
  });
}

/**
 * A GraphQL request refused as a whole (bad JSON, a syntax or validation error, a statement cut at the timeout: no
 * `data` in the answer) is the 400 envelope of decisions.md, where GraphQL Yoga answers 200; its `errors` stay beside
 * the envelope's fields, so GraphQL clients and GraphiQL read it as before. Answers with data pass untouched.
 */
function graphqlRefusals(timeoutMs: number): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!c.res.headers.get("content-type")?.includes("json")) return;
    const text = await c.res.clone().text();
    if (!text.startsWith('{"errors"')) return;
    const body = JSON.parse(text) as { errors?: { message?: string }[]; data?: unknown };
    if (!Array.isArray(body.errors) || (body.data !== undefined && body.data !== null)) return;
    const message = body.errors.map((error) => error.message ?? "").join("; ");
    const refusal = /statement timeout/i.test(message)
      ? new ValidationError(`The query ran longer than ${timeoutMs} ms (TOKENHUB_SQL_TIMEOUT_MS) and was cancelled.`)
      : new ValidationError(`The GraphQL query was refused: ${message}`);
    // Hono carries the old answer's headers over to the new one: its Content-Length would cut the longer body.
    c.res.headers.delete("content-length");
    c.res = c.json({ success: false, error: refusal.message, code: refusal.code, errors: body.errors }, 400);
  });
}

/**
 * GraphQL and SQL over HTTP, Ponder's (decisions.md, "GraphQL and SQL over HTTP"): behind a `read` token unless the
 * index is public, on connections of their own with a statement timeout (server/indexer/store/indexQueryPool.ts). GET /graphql
 * is tokenhub's GraphiQL page, open to all, in place of Ponder's, which loads its files from a CDN.
 */
export function indexQueryRoutes(deps: IndexQueryDeps) {
  const app = new Hono<AppEnv>();
  const admitted = admission(deps);
  app.route("/", graphiqlRoutes());
  // Read your writes: X-Min-Block or X-After-Operation (server/http/middleware/readAfter.ts), waited for before a connection is taken.
  app.post("/graphql", requireReadToken(deps), awaitIndexed(), admitted, graphqlRefusals(deps.settings.timeoutMs), graphql({ db: deps.indexDb, schema }));
  app.use("/sql/*", requireReadToken(deps), awaitIndexed(), admitted, sqlOverHttp(deps));
  return app;
}
