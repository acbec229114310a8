import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** Where the generated types are committed, beside the client that uses them. */
export const CLIENT_TYPES_FILE = "client/openapi.d.ts";

/**
 * The client's types from a service's OpenAPI document. Request bodies are components, where openapi-typescript would
 * otherwise make a field with a default (transferable, decimals...) required: `defaultNonNullable: false`.
 */
export async function clientTypesOf(document: OpenAPI3): Promise<string> {
  const header = "// Generated from a tokenhub service's /openapi.json by `npm run client:types`: do not edit by hand.\n\n";
  return header + astToString(await openapiTS(document, { defaultNonNullable: false }));
}
