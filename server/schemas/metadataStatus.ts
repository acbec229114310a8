import { z } from "@hono/zod-openapi";

export const metadataStatusSchema = z
  .discriminatedUnion("source", [
    z.object({ source: z.literal("tokenhub").describe("Metadata this service stores (collections it created or imported)") }),
    z.object({
      source: z.literal("remote").describe("An external contract's own token URI, fetched in the background"),
      state: z.enum(["pending", "fetched", "failed"]).describe("pending: not read yet; fetched: what is served; failed: the last try failed (retried later)"),
      uri: z.string().nullable().describe("The URI the contract returned (null before the first read)"),
      error: z.string().nullable().describe("Why the last try failed"),
      attempts: z.number().int().describe("How many reads were tried"),
      fetchedAt: z.string().nullable().describe("When the metadata served was fetched (ISO-8601)"),
      nextAttemptAt: z.string().nullable().describe("When the next try is due; null when none is scheduled"),
    }),
  ])
  .openapi("MetadataStatus");
