import fs from "node:fs";
import path from "node:path";
import type { OpenAPI3 } from "openapi-typescript";
import { CLIENT_TYPES_FILE, clientTypesOf } from "./clientTypes.js";

/**
 * Writes client/openapi.d.ts from the document a running service serves: `npm run client:types [base URL]` (default
 * http://localhost:42069, `npm start`'s). test/http/client.test.ts fails while the committed file differs from it.
 */
const baseUrl = (process.argv[2] ?? "http://localhost:42069").replace(/\/+$/, "");
const response = await fetch(`${baseUrl}/openapi.json`);
if (!response.ok) throw new Error(`${baseUrl}/openapi.json answered ${response.status}`);
const file = path.resolve(import.meta.dirname, "..", CLIENT_TYPES_FILE);
fs.writeFileSync(file, await clientTypesOf((await response.json()) as OpenAPI3));
console.log(`wrote ${CLIENT_TYPES_FILE} from ${baseUrl}/openapi.json`);
