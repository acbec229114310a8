import { createRequire } from "node:module";

/** One operation's example, as test/http/examples.test.ts recorded it from a real run (TOKENHUB_RECORD_EXAMPLES=1). */
export type OperationExample = {
  request?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  response?: { status: number; body?: unknown };
};

type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: { type?: unknown }; example?: unknown }[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

/** One delivery's body, as test/http/webhookExamples.test.ts received it from a real run (TOKENHUB_RECORD_EXAMPLES=1). */
export type WebhookExample = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

type Document = { paths?: Record<string, Record<string, Operation>>; webhooks?: Record<string, Record<string, Operation>> };

/** Recorded, not written by hand, so that an example cannot drift from what the service answers. */
export function recordedExamples(): Record<string, OperationExample> {
  return createRequire(import.meta.url)("./examples.json") as Record<string, OperationExample>;
}

/** Received by a real endpoint, not written by hand, for the same reason. */
export function recordedWebhookExamples(): Record<string, WebhookExample> {
  return createRequire(import.meta.url)("./webhookExamples.json") as Record<string, WebhookExample>;
}

/**
 * The document with each operation's recorded example: its parameters' values, its JSON body, and the JSON body of
 * the response it got. The examples belong to operations, not to the schemas that several operations share.
 */
export function withExamples<D extends object>(document: D, examples: Record<string, OperationExample>): D {
  for (const methods of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const example = operation.operationId === undefined ? undefined : examples[operation.operationId];
      if (!example) continue;
      const values: Record<string, Record<string, string> | undefined> = { path: example.request?.params, query: example.request?.query };
      for (const parameter of operation.parameters ?? []) {
        const value = values[parameter.in]?.[parameter.name];
        // Sent as text, an integer parameter's example is its number, as its schema says.
        if (value !== undefined) parameter.example = parameter.schema?.type === "integer" ? Number(value) : value;
      }
      const body = operation.requestBody?.content?.["application/json"];
      if (body && example.request?.body !== undefined) body.example = example.request.body;
      const response = example.response && operation.responses?.[String(example.response.status)]?.content?.["application/json"];
      if (response && example.response?.body !== undefined) response.example = example.response.body;
    }
  }
  return document;
}

/** The document with each webhook event type's recorded delivery as the example of the request body it sends. */
export function withWebhookExamples<D extends object>(document: D, examples: Record<string, WebhookExample>): D {
  for (const [name, methods] of Object.entries((document as Document).webhooks ?? {})) {
    const body = methods.post?.requestBody?.content?.["application/json"];
    const example = examples[webhookEventType(name)];
    if (body && example) body.example = example;
  }
  return document;
}

/** The generator names each webhook as it names a path, `/mint.confirmed`: the event type is the name without the slash. */
export function webhookEventType(name: string): string {
  return name.replace(/^\//, "");
}
