import { Ajv2020 } from "ajv/dist/2020.js";
import { type Document, OpenAPIBackend } from "openapi-backend";

/** A request as it went over the wire: the path without its query, the query string as sent, the body's text. */
export type SentRequest = { method: string; path: string; query?: string; headers: Record<string, string>; body?: string };

export type DocumentValidator = {
  /** What the document says is wrong with the request, as "where: what" lines; empty when it is a documented form. */
  request(operationId: string, request: SentRequest): string[];
  /** The same for an answer's JSON body at its status. */
  response(operationId: string, status: number, body: unknown): string[];
};

type Problem = { instancePath?: string; message?: string };
const lines = (errors: Problem[] | null | undefined) => (errors ?? []).map((error) => `${error.instancePath || "/"}: ${error.message}`);

/** The formats the document names; a file's bytes (binary) are not JSON to check. */
const FORMATS: Record<string, RegExp | true> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  "date-time": /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i,
  binary: true,
};

/**
 * openapi-backend (a maintained OpenAPI router and validator, not ours) over the document a service serves: it
 * deserializes parameters by their style (a repeated key is an array) and validates parameters, JSON bodies and answers
 * against the document's schemas, with Ajv's JSON Schema 2020-12 (the dialect of OpenAPI 3.1). The document itself is
 * checked by @redocly/cli (test/http/openapi.test.ts): openapi-backend's own check knows OpenAPI 3.0 only, so it is
 * skipped (`quick`).
 */
export async function documentValidator(document: unknown): Promise<DocumentValidator> {
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as Document,
    quick: true,
    customizeAjv: (_draft07, options) => {
      // The document's own keywords beside JSON Schema's (`example`) are not Ajv's: not an error.
      const ajv = new Ajv2020({ ...options, strict: false, allErrors: true });
      for (const [format, check] of Object.entries(FORMATS)) ajv.addFormat(format, check);
      return ajv as never;
    },
  });
  await api.init();
  return {
    request: (operationId, request) => lines(api.validateRequest({ ...request, query: request.query ?? "" }, operationId).errors),
    response: (operationId, status, body) => lines(api.validateResponse(body, operationId, status).errors),
  };
}
