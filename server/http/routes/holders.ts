import type { Address } from "viem";
import type { RuntimeConfig } from "../../config/runtime.js";
import { ValidationError } from "../../errors.js";
import { bearerSecurity, errorResponses, listOfBothKeys, notReadyResponse } from "../../schemas/common.js";
import { holdersBody, holdersQuery, holdersResponse } from "../../schemas/holders.js";
import { readAfterHeaders, readAfterQuery } from "../../schemas/readAfter.js";
import type { IndexDb } from "../../services/collections/collections.js";
import { listHolders } from "../../services/tokens/holders.js";
import type { StoreDb } from "../../store/database/db.js";
import { requireScope } from "../middleware/auth.js";
import { combined } from "../middleware/combined.js";
import { requireIndexReady } from "../middleware/indexReady.js";
import { awaitIndexed } from "../middleware/readAfter.js";
import { apiRoute } from "../openapi/route.js";
import { unknownKeysError } from "../middleware/strictParameters.js";
import { createRouter, validationErrorFromIssues } from "../router.js";

/**
 * POST's body, for the document only: it is optional and may be empty whatever its Content-Type, which zod-openapi's
 * body validator would refuse, so the handler parses it (optionalJsonBody) and the schema is referred to, not given.
 */
const HOLDERS_BODY = { $ref: "#/components/schemas/HoldersRequest" };
const OPTIONAL_BODY = {
  required: false,
  description: "Optional: the parameters as JSON (sent without a Content-Type, or as text/plain, it is read as JSON too); an empty body is fine.",
  content: { "application/json": { schema: HOLDERS_BODY }, "text/plain": { schema: HOLDERS_BODY } },
};

/** The interface shows `/api/holders` (GET in its heading, POST in its example); `/api/v1/holders` is accepted too. */
const specs = ["/api/holders", "/api/v1/holders"].flatMap((path) =>
  (["get", "post"] as const).map((method) =>
    apiRoute({
      method,
      path,
      operationId: `listHolders${path.startsWith("/api/v1/") ? "V1" : ""}${method === "post" ? "ByPost" : ""}`,
      tags: ["holders"],
      summary: "Every holder of the given contracts across ERC-20, ERC-721 and ERC-1155, grouped by holder",
      security: bearerSecurity,
      middleware: [combined(requireScope("read"), requireIndexReady(), awaitIndexed({ chainInBody: method === "post" }))] as const,
      description: `For each address holding any of the contracts' tokens, what it holds of each: balances of ERC-20 tokens, ids of ERC-721 tokens, amounts of ERC-1155 types. Contracts of any kind may be mixed.${
        method === "post" ? " The parameters may also come as a JSON body `{ contractAddresses: [...], chainId? }`; an empty body is fine." : ""
      }${path.startsWith("/api/v1/") ? " The same as /api/holders." : ""}`,
      request: { query: holdersQuery.extend(readAfterQuery), headers: readAfterHeaders, ...(method === "post" ? { body: OPTIONAL_BODY } : {}) },
      responses: {
        200: { description: "Holders by address", content: { "application/json": { schema: holdersResponse } } },
        ...errorResponses,
      ...notReadyResponse,
      },
    }),
  ),
);

/** POST may carry the parameters as JSON, or nothing at all (the interface's example sends them in the query). */
async function optionalJsonBody(text: string): Promise<{ contractAddresses?: Address[]; chainId?: number; atBlock?: number }> {
  if (text.trim() === "") return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ValidationError("The request body is not valid JSON.");
  }
  const unknown = unknownKeysError(holdersBody, raw, "body");
  if (unknown) throw unknown;
  const parsed = holdersBody.safeParse(raw);
  if (!parsed.success) throw validationErrorFromIssues(parsed.error.issues, "body");
  return parsed.data;
}

export function holdersRoutes(deps: { indexDb: IndexDb; store: StoreDb; runtime: RuntimeConfig }) {
  const router = createRouter();
  router.openAPIRegistry.register("HoldersRequest", holdersBody);
  for (const spec of specs) {
    router.openapi(spec, async (c) => {
      const query = c.req.valid("query");
      const body = spec.method === "post" ? await optionalJsonBody(await c.req.text()) : {};
      const contractAddresses = [...(listOfBothKeys(query.contractAddresses, query["contractAddresses[]"]) ?? []), ...(body.contractAddresses ?? [])];
      if (contractAddresses.length === 0) {
        throw new ValidationError("Give the contracts in contractAddresses.", [{ path: "contractAddresses", message: "is required" }]);
      }
      const answer = await listHolders(
        { ...deps, freshness: c.get("indexFreshness") },
        { contractAddresses, chainId: query.chainId ?? body.chainId, atBlock: query.atBlock ?? body.atBlock },
      );
      const past = answer.past === undefined ? {} : { atBlock: answer.past.atBlock, finalized: answer.past.finalized };
      return c.json({ success: true as const, holders: answer.holders, ...past }, 200);
    });
  }
  return router;
}
