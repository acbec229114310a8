import { z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { didYouMean } from "../../config/nearestName.js";
import type { ValidationError } from "../../errors.js";
import { unknownKeys, type UnknownKey } from "../openapi/unknownKeys.js";
import { validationErrorFromIssues } from "../router.js";

/** What a route without a query schema declares: no parameter. */
const NO_PARAMETERS = z.object({});

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

function describe(found: UnknownKey, noun: string): { path: (string | number)[]; message: string } {
  const hint = didYouMean(found.key, found.known);
  const otherwise = found.known.length === 0 ? `; none is taken here` : `; the known ones are ${found.known.join(", ")}`;
  return { path: [...found.path, found.key], message: `unknown ${noun}${hint || otherwise}` };
}

/**
 * The 400 for the keys of `value` that `schema` does not declare (decisions.md, "Strict parameters"), or undefined
 * when there are none. For a route that reads its own body, as the holders POST does.
 */
export function unknownKeysError(schema: z.core.$ZodType, value: unknown, where: "query" | "body"): ValidationError | undefined {
  const found = unknownKeys(schema, value);
  if (found.length === 0) return undefined;
  return validationErrorFromIssues(found.map((item) => describe(item, where === "query" ? "parameter" : "key")), where);
}

/**
 * Refuses a query parameter or JSON body key that the route's schemas do not declare, before the schemas parse them:
 * zod would drop it silently, and a misspelt filter (`ownerAdress`) would widen the answer, a misspelt field
 * (`metdata`) would be left out of the write. A misspelt required key is told here too, with the name it missed,
 * rather than as a missing field. `query` undefined takes no parameters at all; `checkQuery` false leaves the query
 * string alone (public files and metadata, whose URLs wallets and caches decorate with parameters of their own).
 */
export function strictParameters(schemas: { query?: z.core.$ZodType; body?: z.core.$ZodType; checkQuery: boolean }) {
  return createMiddleware(async (c, next) => {
    if (schemas.checkQuery) {
      const query = Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
      const refused = unknownKeysError(schemas.query ?? NO_PARAMETERS, query, "query");
      if (refused) throw refused;
    }
    if (schemas.body && JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      // A body that is not JSON is the validator's to refuse, with its own message.
      const body: unknown = await c.req.json().catch(() => undefined);
      const refused = unknownKeysError(schemas.body, body, "body");
      if (refused) throw refused;
    }
    await next();
  });
}
