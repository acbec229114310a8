/**
 * Status reads answer from the service's own records, which the receipt pass keeps current (issue 26, Deliver 4 and
 * acceptance 2): a hosted RPC's quota is not spent on clients polling their mints. The chain is a real anvil behind a
 * relay that counts every JSON-RPC call the service makes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { type CountingRelay, startCountingRelay } from "../chain/countingRelay.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const CHAIN_ID = 31338;
const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const signerKey = generatePrivateKey();

let anvil: AnvilInstance;
let relay: CountingRelay;
let chain: ChainClient;
let service: TestService;
let chainsDir: string;

type Body = Record<string, any>;
async function call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const receiptCalls = () => relay.stats.byMethod.eth_getTransactionReceipt ?? 0;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, quiet: true });
  chain = chainClient(anvil.rpcUrl, CHAIN_ID);
  await deployCore(chain.client, chain.accounts[0]!);
  await chain.client.setBalance({ address: privateKeyToAccount(signerKey).address, value: 10n ** 21n });
  relay = await startCountingRelay(anvil.rpcUrl);
  chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-status-records-"));
  const chainsFile = path.join(chainsDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: CHAIN_ID, name: "counted", rpcUrl: relay.url, finality: 3 }] }));
  service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile, TOKENHUB_SIGNER_KEYS_31338: signerKey } });
  await waitFor(async () => (await fetch(`${service.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000 });
});

afterAll(async () => {
  await service?.destroy();
  await relay?.stop();
  await anvil?.stop();
  if (chainsDir) fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("status from the service's own records", { timeout: 120_000 }, () => {
  it("answers 100 status reads with no receipt call, with checkedAt; confirmations count up as the receipt pass sees blocks", async () => {
    const created = await call("POST", "/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Counted", symbol: "CNT" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const collection = created.body.contractAddress as Address;
    const minted = await call("POST", "/api/v1/erc721/mint", { chainId: CHAIN_ID, contractAddress: collection, recipientAddress: ALICE });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const hash = minted.body.transactionHash as Hex;
    const operationId = minted.body.operationId as string;
    const mined = await waitFor(async () => {
      const { body } = await call("GET", `/api/v1/transactions/${hash}`);
      return body.status === "success" && body;
    }, { timeoutMs: 30_000, message: () => `${hash} was never recorded mined` });
    const receipt = await chain.client.getTransactionReceipt({ hash });

    // Nothing is pending now: the receipt pass asks for no receipt, so any receipt call would be a read's.
    const before = receiptCalls();
    const reads = await Promise.all(
      Array.from({ length: 100 }, (_, index) => call("GET", index % 2 === 0 ? `/api/v1/transactions/${hash}` : `/api/v1/operations/${operationId}`)),
    );
    expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
    expect(receiptCalls() - before).toBe(0);

    const transaction = reads[0]!.body;
    expect(transaction).toEqual({
      success: true,
      chainId: CHAIN_ID,
      transactionHash: hash,
      status: "success",
      blockNumber: receipt.blockNumber.toString(),
      blockHash: receipt.blockHash,
      confirmations: expect.any(Number),
      finalized: expect.any(Boolean),
      reorgedFrom: null,
      gasUsed: receipt.gasUsed.toString(),
      fee: expect.stringMatching(/^0\.\d+$/),
      previousHashes: [],
      purpose: "erc721.mint",
      failureReason: null,
      minted: [{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }],
      checkedAt: expect.stringMatching(ISO_TIME),
    });
    expect(reads[1]!.body).toEqual({
      success: true,
      operationId,
      chainId: CHAIN_ID,
      purpose: "erc721.mint",
      status: "success",
      transactionHash: hash,
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${hash}`,
      minted: [{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }],
      createdAt: expect.stringMatching(ISO_TIME),
      checkedAt: expect.stringMatching(ISO_TIME),
    });

    // Two blocks on top (mined on the node itself, not through the relay): the receipt pass reads the new head, and
    // the record counts three confirmations, final at this chain's finality of 3, checked after the first answer.
    await chain.client.mine({ blocks: 2 });
    const later = await waitFor(async () => {
      const { body } = await call("GET", `/api/v1/transactions/${hash}`);
      return body.confirmations === 3 && body;
    }, { timeoutMs: 30_000, message: () => `${hash} never counted 3 confirmations` });
    expect(later).toMatchObject({ status: "success", blockHash: receipt.blockHash, confirmations: 3, finalized: true });
    expect(Date.parse(later.checkedAt)).toBeGreaterThan(Date.parse(mined.checkedAt));
    expect(Number(receipt.blockNumber) + 2).toBe(Number(await chain.client.getBlockNumber()));
  });
});
