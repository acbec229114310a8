/**
 * The local chain is final at once by default (finality 0), yet `anvil_rollback` can still take its last block away.
 * A mint answered 200 must not be lost to it, and its status must never be a 503 loop (issue 14's first report, on the
 * default configuration).
 */
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let chain: ChainClient;
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

beforeAll(async () => {
  service = await startTestService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
});

afterAll(async () => {
  await service?.destroy();
});

describe("a rollback of the local chain, final at once by default", () => {
  it("sends a final mint whose block was rolled back again without any read of it: on chain once within 10 s, reorgedFrom kept", { timeout: 120_000 }, async () => {
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Local", symbol: "LOC" });
    expect(created.status).toBe(200);
    const collection = created.body.contractAddress as Address;
    const minted = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE, metadata: { name: "Kept" } });
    expect(minted.status).toBe(200);
    const hash = minted.body.transactionHash as Hex;
    const first = await waitFor(async () => {
      const { body } = await call("GET", `/api/v1/transactions/${hash}`);
      return body.status === "success" && body.finalized === true && body;
    });

    await chain.client.request({ method: "anvil_rollback" as never, params: [1] as never });
    expect(await chain.client.getTransactionReceipt({ hash }).catch(() => null)).toBeNull();
    await chain.client.mine({ blocks: 2 });

    // Nobody reads the transaction: the service notices by itself that its final block is gone and sends the same bytes
    // again. Checked on chain, within 10 s of the new blocks.
    const noticed = Date.now();
    const receipt = await waitFor(async () => (await chain.client.getTransactionReceipt({ hash }).catch(() => undefined)) ?? false, {
      timeoutMs: 10_000,
      message: () => `${hash} was not on chain again within 10 s of the rollback`,
    });
    expect(Date.now() - noticed).toBeLessThan(10_000);
    expect(receipt.blockHash).not.toBe(first.blockHash);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [ALICE] })).toBe(1n);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(1n);
    const again = await waitFor(async () => {
      const { body } = await call("GET", `/api/v1/transactions/${hash}`);
      return body.status === "success" && body.finalized === true && body;
    });
    expect(again).toMatchObject({ transactionHash: hash, blockHash: receipt.blockHash, reorgedFrom: { blockNumber: first.blockNumber, blockHash: first.blockHash } });
    await waitFor(async () => {
      const metadata = await (await fetch(`${service.baseUrl}/metadata/31337/${collection}/1`)).json() as { name?: string };
      return metadata.name === "Kept";
    });
  });
});
