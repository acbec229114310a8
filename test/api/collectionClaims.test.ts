import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * A collection creation claims what it will store in the database transaction that records its outbox row, before
 * anything is broadcast (issue 16): a failure after the chain write can no longer leave a collection no project owns.
 */

let service: TestService;
let chain: ChainClient;
let signer: Address;

async function create(name: string) {
  const response = await fetch(`${service.baseUrl}/api/v1/erc721/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ chainId: 31337, name, symbol: "CLM", defaultMetadata: { description: `${name}'s defaults` } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const chainState = async () => ({
  nonce: await chain.client.getTransactionCount({ address: signer, blockTag: "pending" }),
  block: await chain.client.getBlockNumber({ cacheTime: 0 }),
});

const db = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => queryDatabase<T>(service.databaseUrl(), sql, params);

beforeAll(async () => {
  service = await startTestService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  signer = localSignerAccount(service.dataDir).address;
});

afterAll(async () => {
  await service?.destroy();
});

describe("collection claims", () => {
  it("sends nothing when the claim cannot be written, and creates the next collection as usual", async () => {
    // What a failure to store the collection looks like now that it is stored first: a trigger refuses one name.
    await db(`CREATE FUNCTION tokenhub_app.refuse_claim() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.name = 'Refused' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await db("CREATE TRIGGER refuse_claim BEFORE INSERT ON tokenhub_app.collection_claims FOR EACH ROW EXECUTE FUNCTION tokenhub_app.refuse_claim()");
    const before = await chainState();
    const refused = await create("Refused");
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ success: false, code: "INTERNAL" });
    expect(await chainState()).toEqual(before);
    expect(await db("SELECT 1 FROM tokenhub_app.transactions WHERE purpose = 'erc721.create'")).toEqual([]);

    const created = await create("Accepted");
    expect(created.status).toBe(200);
    const [claim] = await db<{ address: string; name: string; transaction_hash: string }>(
      `SELECT c.address, c.name, p.transaction_hash FROM tokenhub_app.collection_claims c
         JOIN tokenhub_app.project_collections p ON p.chain_id = c.chain_id AND p.address = c.address`,
    );
    expect(claim).toEqual({ address: created.body.contractAddress, name: "Accepted", transaction_hash: created.body.transactionHash });
  });

  it("records the collection of a mined creation whose request ended before it did", async () => {
    const created = await create("Interrupted");
    expect(created.status).toBe(200);
    const address = created.body.contractAddress as string;
    const [row] = await db("SELECT project_id, kind, name, symbol, transferable, default_metadata, transaction_hash, contract_version FROM tokenhub_app.project_collections WHERE address = $1", [address]);
    // As if the process had died between the broadcast and recording the collection.
    await db("DELETE FROM tokenhub_app.project_collections WHERE address = $1", [address]);
    await db("UPDATE tokenhub_app.collection_claims SET address = NULL WHERE address = $1", [address]);

    const restored = await waitFor(
      async () => {
        const [found] = await db("SELECT project_id, kind, name, symbol, transferable, default_metadata, transaction_hash, contract_version FROM tokenhub_app.project_collections WHERE address = $1", [address]);
        return found;
      },
      { timeoutMs: 15_000, message: () => "the claims loop did not record the collection" },
    );
    expect(restored).toEqual(row);
    expect(row).toMatchObject({ name: "Interrupted", symbol: "CLM", default_metadata: { description: "Interrupted's defaults" } });
  });
});
