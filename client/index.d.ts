import type { Client, ClientOptions } from "openapi-fetch";
import type { paths } from "./openapi.js";

export type { components, operations, paths } from "./openapi.js";

export type TokenhubClient = Client<paths>;

export interface TokenhubClientOptions extends ClientOptions {
  /** The service's base URL, e.g. http://localhost:42069. */
  baseUrl: string;
  /** An API token (`tokenhub token create`), sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Makes the Idempotency-Key of every write that does not give its own, e.g. `() => crypto.randomUUID()`. */
  idempotencyKey?: () => string;
}

/** A client typed from the service's OpenAPI document: every path, parameter, body and answer. */
export declare function createTokenhubClient(options: TokenhubClientOptions): TokenhubClient;
