import type { Hono } from "hono";
import { PatternRouter } from "hono/router/pattern-router";

/**
 * The methods the app's routes answer on a path, read from the routes themselves (middleware, registered for every
 * method, is not a route): what a 405's `Allow` says for a known path asked with another method. HEAD is answered
 * wherever GET is.
 */
export function allowedMethodsOf(app: Pick<Hono, "routes">): (path: string) => string[] {
  const router = new PatternRouter<string>();
  for (const route of app.routes) if (route.method !== "ALL") router.add("ALL", route.path, route.method);
  return (path) => {
    const methods = new Set(router.match("GET", path)[0].map(([method]) => method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
