import createClient from "openapi-fetch";

/**
 * A client of a tokenhub service, typed from its OpenAPI document (index.d.ts; the types are generated from
 * /openapi.json by `npm run client:types`): `client.POST("/api/v1/erc721/mint", { body })` answers `{ data, error,
 * response }`, `data` on a 2xx and `error` (the error envelope) otherwise. `token` is sent as the bearer token of every
 * request; `idempotencyKey`, when given, makes the key of every write that does not carry its own
 * (`params: { header: { "Idempotency-Key": key } }`), so that the write may be retried without being done twice.
 */
export function createTokenhubClient({ token, idempotencyKey, headers, ...options }) {
  const client = createClient({ ...options, headers: { ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }), ...headers } });
  if (idempotencyKey !== undefined) {
    client.use({
      onRequest({ request }) {
        if (WRITE_METHODS.has(request.method) && !request.headers.has("Idempotency-Key")) request.headers.set("Idempotency-Key", idempotencyKey());
        return request;
      },
    });
  }
  return client;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
