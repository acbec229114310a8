import fs from "node:fs";
import { createPublicClient, type Hex, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSoftHsmToken, type SoftHsmToken } from "../helpers/softhsm.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let softhsm: SoftHsmToken;
let service: TestService;
let contractAddress: string;

type Answer = { status: number; code?: string; retryAfter: string | null; transactionHash?: Hex };

async function mint(): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify({ chainId: 31337, contractAddress, recipientAddress: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955" }),
  });
  const body = (await response.json()) as { code?: string; transactionHash?: Hex };
  return { status: response.status, code: body.code, retryAfter: response.headers.get("retry-after"), transactionHash: body.transactionHash };
}

/** A burst of mints, `count` at a time in flight. */
async function burst(count: number): Promise<Answer[]> {
  return await Promise.all(Array.from({ length: count }, () => mint()));
}

beforeAll(async () => {
  softhsm = createSoftHsmToken();
  service = await startTestService({ env: { ...softhsm.env, TOKENHUB_SIGNER_PKCS11_KEYS: "hub-signer" } });
  const response = await fetch(`${service.baseUrl}/api/v1/erc721/create`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify({ chainId: 31337, name: "Faults", symbol: "FLT" }),
  });
  contractAddress = ((await response.json()) as { contractAddress: string }).contractAddress;
});

afterAll(async () => {
  if (softhsm && fs.existsSync(`${softhsm.tokenDir}.away`)) fs.renameSync(`${softhsm.tokenDir}.away`, softhsm.tokenDir);
  await service?.destroy();
  softhsm?.destroy();
});

describe("a PKCS#11 token that goes away while the service runs", () => {
  it("answers writes 503 with Retry-After while it is gone, loses no mint answered 200, and signs again once it is back", async () => {
    const before = await burst(10);
    expect(before.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    // The token is removed, mid-burst: SoftHSM2 loses its token directory.
    const during = burst(20);
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.renameSync(softhsm.tokenDir, `${softhsm.tokenDir}.away`);
    const whileGone = [...(await during), ...(await burst(10))];
    for (const answer of whileGone) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.code).toBe("SIGNER_UNAVAILABLE");
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
    }
    expect(whileGone.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(10);

    fs.renameSync(`${softhsm.tokenDir}.away`, softhsm.tokenDir);
    let after: Answer | undefined;
    await waitFor(async () => (after = await mint()).status === 200, { timeoutMs: 30_000, message: () => `no mint answered 200 after the token came back: ${JSON.stringify(after)}` });
    const resumed = await burst(10);
    expect(resumed.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    // Every mint answered 200 is mined: nothing recorded was lost while the token was away.
    const client = createPublicClient({ transport: http(service.runtime().chains[0]!.rpcUrl[0]) });
    const answered = [...before, ...whileGone, after!, ...resumed].filter((answer) => answer.status === 200);
    const hashes = [...new Set(answered.map((answer) => answer.transactionHash!))];
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 200, timeout: 60_000 })));
    expect(receipts.every((receipt) => receipt.status === "success")).toBe(true);
  });
});
