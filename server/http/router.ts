import { OpenAPIHono } from "@hono/zod-openapi";
import { ValidationError } from "../errors.js";
import type { AppEnv } from "./context.js";

type ZodIssueLike = { path: PropertyKey[]; message: string };

export function validationErrorFromIssues(issues: readonly ZodIssueLike[], where: string): ValidationError {
  const details = issues.map((issue) => ({ path: issue.path.map(String).join(".") || where, message: issue.message }));
  const first = details[0];
  const summary = first ? `${first.path}: ${first.message}` : "invalid input";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  // A summary that asks (a "did you mean" hint) ends the sentence itself.
  return new ValidationError(`Invalid ${where}: ${summary}${more}${summary.endsWith("?") && more === "" ? "" : "."}`, details);
}

/**
 * Every router is an OpenAPIHono whose validation failures become the 400 envelope, so a zod schema is at once
 * the validator, the handler's types and the OpenAPI document.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const where = result.target === "json" ? "body" : result.target === "query" ? "query" : result.target;
        throw validationErrorFromIssues(result.error.issues, where);
      }
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
