import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let chain: ChainClient;
let chainsDir: string;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const transaction = async (hash: string) => (await call("GET", `/api/v1/transactions/${hash}`)).body;
/** Status is the receipt pass's record: the answer once the pass has read the head `confirmations` blocks up. */
const confirmedBy = (hash: string, confirmations: number) =>
  waitFor(async () => {
    const body = await transaction(hash);
    return body.confirmations === confirmations && body;
  }, { message: () => `${hash} never had ${confirmations} confirmations` });
const storedFinal = async (hash: string) =>
  (
    await queryDatabase<{ final: boolean }>(
      service.databaseUrl(),
      "SELECT t.final FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = $1",
      [hash],
    )
  )[0]!.final;

beforeAll(async () => {
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-finality-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local", finality: 3 }] }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
});

afterAll(async () => {
  await chain?.client.setAutomine(true);
  await service?.destroy();
  fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("confirmations and finality of a transaction", () => {
  it("counts confirmations as blocks are mined; with finality 3, finalized turns true at the third", async () => {
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Final", symbol: "FIN" });
    expect(created.status).toBe(200);
    const collection = created.body.contractAddress as Address;

    await chain.client.setAutomine(false);
    const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
    expect(minted.status).toBe(200);
    const hash = minted.body.transactionHash as Hex;
    expect(await transaction(hash)).toMatchObject({ status: "pending", blockNumber: null, confirmations: 0, finalized: false, reorgedFrom: null });

    await waitFor(async () => (await chain.client.getTransaction({ hash }).catch(() => null)) !== null);
    await chain.client.mine({ blocks: 1 });
    const mined = await waitFor(async () => {
      const body = await transaction(hash);
      return body.status === "success" && body;
    });
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(mined).toMatchObject({ blockNumber: receipt.blockNumber.toString(), blockHash: receipt.blockHash, confirmations: 1, finalized: false });

    await chain.client.mine({ blocks: 1 });
    expect(await confirmedBy(hash, 2)).toMatchObject({ status: "success", confirmations: 2, finalized: false });
    expect(await storedFinal(hash)).toBe(false);

    await chain.client.mine({ blocks: 1 });
    expect(await confirmedBy(hash, 3)).toMatchObject({ status: "success", confirmations: 3, finalized: true, reorgedFrom: null });
    // The receipt loop stops watching it: final in the app store too.
    await waitFor(() => storedFinal(hash));

    await chain.client.mine({ blocks: 2 });
    const later = await confirmedBy(hash, 5);
    expect(later).toMatchObject({ confirmations: 5, finalized: true });
    // Counted to the head the receipt pass read last, at checkedAt.
    expect(Date.parse(later.checkedAt)).toBeGreaterThan(Date.parse(mined.checkedAt));
  });
});
