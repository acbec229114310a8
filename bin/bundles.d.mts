/** The module of `name`'s bundle (bin/bundles.mjs); its caller names the type, e.g. typeof import("../server/composeApi.js"). */
export function loadBundle(name: "cli" | "api"): Promise<unknown>;
