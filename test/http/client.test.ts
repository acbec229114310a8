import fs from "node:fs";
import path from "node:path";
import type { OpenAPI3 } from "openapi-typescript";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenhubClient } from "tokenhub/client";
import { CLIENT_TYPES_FILE, clientTypesOf } from "../../scripts/clientTypes.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Issue 28, Deliver 3: the typed client in one import (`tokenhub/client`, package.json `exports`), against a real
 * service: it mints, lists and handles an error, and its committed types are those the served document generates.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const RECIPIENT = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");

let service: SharedService;

beforeAll(async () => {
  service = await sharedService();
});

afterAll(async () => {
  await service?.release();
});

describe("the typed client (import { createTokenhubClient } from \"tokenhub/client\")", () => {
  it("has the types the served /openapi.json generates (npm run client:types), so they cannot drift", async () => {
    const document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as OpenAPI3;
    expect(fs.readFileSync(path.join(ROOT, CLIENT_TYPES_FILE), "utf8"), "client/openapi.d.ts is stale: run npm run client:types against a service").toBe(
      await clientTypesOf(document),
    );
  });

  it("mints with its token and an Idempotency-Key, lists the token, and answers an error as the envelope", async () => {
    const keys: string[] = [];
    const client = createTokenhubClient({
      baseUrl: service.baseUrl,
      token: service.adminToken,
      idempotencyKey: () => {
        keys.push(`client-test-${keys.length}-${Date.now()}`);
        return keys.at(-1)!;
      },
    });

    const created = await client.POST("/api/v1/erc721/create", { body: { chainId: 31337, name: "Client", symbol: "CLI" } });
    expect(created.error).toBeUndefined();
    const contractAddress = created.data!.contractAddress as Address;

    const mintBody = { chainId: 31337, contractAddress, recipientAddress: RECIPIENT, metadata: { name: "Client #1" } };
    const minted = await client.POST("/api/v1/erc721/mint", { body: mintBody, params: { header: { "Idempotency-Key": "client-test-mint" } } });
    expect(minted.response.status).toBe(200);
    expect(minted.data?.operationId).toEqual(expect.any(String));
    const replayed = await client.POST("/api/v1/erc721/mint", { body: mintBody, params: { header: { "Idempotency-Key": "client-test-mint" } } });
    expect(replayed.response.headers.get("Idempotent-Replayed"), "the same key is the same write").toBe("true");
    expect(replayed.data).toEqual(minted.data);
    expect(keys, "the option made the key of the write that gave none").toHaveLength(1);

    const tokens = await waitFor(
      async () => {
        const listed = await client.GET("/api/v1/erc721/tokens", { params: { query: { chainId: 31337, contractAddress } } });
        return listed.data && listed.data.tokens.length > 0 ? listed.data.tokens : undefined;
      },
      { timeoutMs: 120_000 },
    );
    expect(tokens.map((token) => ({ tokenId: token.tokenId, owner: getAddress(token.ownerAddress) }))).toEqual([{ tokenId: "1", owner: RECIPIENT }]);

    const refused = await client.POST("/api/v1/erc721/mint", { body: { ...mintBody, recipientAddress: "0x1234" } });
    expect(refused.data).toBeUndefined();
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ success: false, code: "VALIDATION_ERROR", details: [{ path: "recipientAddress" }] });
  });
});
