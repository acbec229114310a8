import fs from "node:fs";
import path from "node:path";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";

async function post(pathname: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.destroy();
});

// A burst, a SIGKILL and a whole restart: more than the default minute on a busy 2-core machine.
describe("a crash in the middle of a burst", { timeout: 180_000 }, () => {
  it("lands every answered mint exactly once and leaves no nonce gap after SIGKILL and restart", async () => {
    const created = await post("/api/v1/erc721/create", { chainId: 31337, name: "Crash", symbol: "CRSH" });
    expect(created.status).toBe(200);
    const collection = created.body.contractAddress as Address;

    const answered: Hex[] = [];
    let sent = 0;
    const ponderPid = Number(fs.readFileSync(path.join(service.dataDir, "ponder.pid"), "utf8"));
    let killed = false;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (sent < 300 && !killed) {
          sent++;
          try {
            const response = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: RECIPIENT });
            if (response.status === 200) answered.push(response.body.transactionHash as Hex);
          } catch {
            // the connection died with the process: this request has no answer
          }
          if (answered.length >= 100 && !killed) {
            killed = true;
            // The process that runs the API and the transaction pipeline dies mid-burst, without any cleanup.
            process.kill(ponderPid, "SIGKILL");
          }
        }
      }),
    );
    expect(killed).toBe(true);
    await service.stop();
    await service.start();

    const [local] = service.runtime().chains;
    const chain = chainClient(local!.rpcUrl[0]!);
    const signerRows = await queryDatabase<{ signer: string; next_nonce: string }>(
      service.databaseUrl(),
      "SELECT address AS signer, next_nonce::text FROM tokenhub_app.signer_nonces WHERE chain_id = 31337",
    );
    expect(signerRows).toHaveLength(1);
    const signer = signerRows[0]!.signer as Address;

    // Every answered hash mines exactly once, under that hash.
    for (const hash of answered) {
      const receipt = await waitFor(() => chain.client.getTransactionReceipt({ hash }).catch(() => undefined), { timeoutMs: 30_000 });
      expect(receipt.status).toBe("success");
    }
    // No nonce gap: everything allocated is mined, in one unbroken run.
    const nextNonce = Number((await queryDatabase<{ next_nonce: string }>(service.databaseUrl(), "SELECT next_nonce::text FROM tokenhub_app.signer_nonces WHERE chain_id = 31337"))[0]!.next_nonce);
    await waitFor(async () => (await chain.client.getTransactionCount({ address: signer, blockTag: "latest" })) === nextNonce, { timeoutMs: 30_000 });
    // Nothing doubled: one token per recorded mint call (a joined transaction records one per call), and at least one
    // per answered request.
    const mintsOf = (status: string) =>
      queryDatabase<{ count: string }>(
        service.databaseUrl(),
        `SELECT coalesce(sum(coalesce(jsonb_array_length(metadata -> 'joined'), 1)), 0)::text AS count
           FROM tokenhub_app.transactions WHERE purpose = 'erc721.mint' AND lower(to_address) = $1 AND status = $2`,
        [collection.toLowerCase(), status],
      );
    await waitFor(async () => (await mintsOf("pending"))[0]!.count === "0", { timeoutMs: 30_000 });
    const mints = await mintsOf("success");
    const totalMinted = await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
    expect(totalMinted).toBe(BigInt(mints[0]!.count));
    expect(totalMinted).toBeGreaterThanOrEqual(BigInt(answered.length));
  });
});
