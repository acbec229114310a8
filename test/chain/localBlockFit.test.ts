import { type Address, getAddress, numberToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Issue 26: on the embedded chain, four ERC-1155 batch mints of 500 sent at once; anvil mines a block when a
 * transaction arrives and that block holds what fits under its gas limit, so the transaction left over waited for ever.
 */

let service: TestService;
let chain: ChainClient;
const BATCH = 500;

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.adminToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const transactionCount = async () =>
  Number((await queryDatabase<{ count: string }>(service.databaseUrl(), "SELECT count(*) FROM tokenhub_app.transactions"))[0]!.count);

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_MAX_BATCH_SIZE: "2000" } });
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
}, 120_000);

afterAll(async () => {
  await service?.destroy();
});

describe("a transaction that did not fit in the embedded chain's block", () => {
  it("lands in the next block: four batch mints of 500 sent at once all land; a call above the block gas limit answers 422 and records nothing", { timeout: 180_000 }, async () => {
    const created = await call("POST", "/api/v1/erc1155/create", { chainId: 31337, name: "Crowd", symbol: "CRW" });
    expect(created.status).toBe(200);
    const items = created.body.contractAddress as Address;
    const type = await call("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Ticket" } });
    expect(type.status).toBe(200);
    await waitFor(async () => (await call("GET", `/api/v1/transactions/${created.body.transactionHash}`)).body.status === "success");

    const holders = Array.from({ length: 4 }, (_, batch) => uniqueRecipients(batch * BATCH, BATCH));
    const mints = await Promise.all(
      holders.map((batch) =>
        call("POST", "/api/v1/erc1155/batchMint", { chainId: 31337, contractAddress: items, mints: batch.map((recipientAddress) => ({ recipientAddress, tokenId: "1", amount: "1" })) }),
      ),
    );
    expect(mints.map((mint) => mint.status)).toEqual([200, 200, 200, 200]);
    const hashes = mints.map((mint) => mint.body.transactionHash as `0x${string}`);
    const { gasLimit } = await chain.client.getBlock();
    const gasLimits = await Promise.all(hashes.map(async (hash) => (await chain.client.getTransaction({ hash })).gas));
    // Two do not fit in one block: without a block for the one left over, it would wait for ever.
    expect(gasLimits[0]! + gasLimits[1]!).toBeGreaterThan(gasLimit);
    const receipts = await waitFor(
      async () => {
        const found = await Promise.all(hashes.map((hash) => chain.client.getTransactionReceipt({ hash }).catch(() => undefined)));
        return found.every((receipt) => receipt !== undefined) && found;
      },
      { timeoutMs: 30_000, message: () => "a batch mint that did not fit in the last block never landed" },
    );
    expect(receipts.map((receipt) => receipt!.status)).toEqual(["success", "success", "success", "success"]);
    expect(new Set(receipts.map((receipt) => receipt!.blockNumber)).size).toBeGreaterThan(1);
    for (const batch of holders) {
      const balances = await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOfBatch", args: [batch, batch.map(() => 1n)] });
      expect(balances).toEqual(batch.map(() => 1n));
    }

    // A batch whose gas is above what a block holds is refused before anything is recorded or sent.
    const nonce = await chain.client.getTransactionCount({ address: service.signerAddress(), blockTag: "pending" });
    const recorded = await transactionCount();
    const tooLarge = uniqueRecipients(4 * BATCH, 1_200);
    const refused = await call("POST", "/api/v1/erc1155/batchMint", {
      chainId: 31337,
      contractAddress: items,
      mints: tooLarge.map((recipientAddress) => ({ recipientAddress, tokenId: "1", amount: "1" })),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: "CHAIN_REJECTED" });
    expect(await transactionCount()).toBe(recorded);
    expect(await chain.client.getTransactionCount({ address: service.signerAddress(), blockTag: "pending" })).toBe(nonce);
  });
});

/** Distinct recipients: each mint writes a fresh balance, as mints to new holders do. */
function uniqueRecipients(from: number, count: number): Address[] {
  return Array.from({ length: count }, (_, index) => getAddress(numberToHex(0x10_0000 + from + index, { size: 20 })));
}
