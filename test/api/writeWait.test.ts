/**
 * Writes that wait for their outcome (issue 38, Deliver 1 and acceptance 1): `?wait=mined` answers once the
 * transaction is mined, with the token id the contract assigned; past TOKENHUB_WRITE_WAIT_MS it answers 200 with
 * `status: "pending"` and the transaction goes on.
 */
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

const ALICE = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const BOB = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
const operationId = expect.stringMatching(/^[0-9a-f-]{36}$/);
const hash = expect.stringMatching(/^0x[0-9a-f]{64}$/);

type Answer = { status: number; body: Record<string, unknown> };

function client(service: SharedService) {
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { post: (path: string, body: unknown) => call("POST", path, body), get: (path: string) => call("GET", path) };
}

describe("?wait=mined with the default bound", () => {
  let service: SharedService;
  let chain: ChainClient;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    service = await sharedService();
    chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    api = client(service);
  });
  afterAll(async () => {
    await service?.release();
  });

  it("answers an ERC-721 mint once mined, with the token id ownerOf gives the recipient", async () => {
    const created = await api.post("/api/v1/erc721/create?wait=mined", { chainId: 31337, name: "Waited", symbol: "WTD" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ status: "success", finalized: true, minted: [], blockNumber: expect.stringMatching(/^\d+$/) });
    const collection = created.body.contractAddress as Address;

    for (const recipient of [ALICE, BOB]) {
      const minted = await api.post("/api/v1/erc721/mint?wait=mined", { chainId: 31337, contractAddress: collection, recipientAddress: recipient });
      expect(minted.status, JSON.stringify(minted.body)).toBe(200);
      const tokenId = minted.body.tokenId as string;
      const receipt = await chain.client.getTransactionReceipt({ hash: minted.body.transactionHash as Address });
      expect(minted.body).toEqual({
        success: true,
        transactionHash: hash,
        transactionUrl: expect.stringContaining("/api/v1/transactions/0x"),
        operationId,
        status: "success",
        blockNumber: receipt.blockNumber.toString(),
        // The local chain's finality is 0 confirmations: final once mined.
        finalized: true,
        minted: [{ contractAddress: collection, recipientAddress: recipient, tokenId, amount: "1", amountRaw: "1" }],
        tokenId,
        tokenIds: [tokenId],
      });
      expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [BigInt(tokenId)] })).toBe(recipient);
    }
  });

  it("answers an ERC-1155 batch mint with every id, and a token type (no transaction) at once", async () => {
    const created = await api.post("/api/v1/erc1155/create?wait=final", { chainId: 31337, name: "Items", symbol: "ITM" });
    expect(created.body).toMatchObject({ status: "success", finalized: true });
    const items = created.body.contractAddress as Address;
    for (const name of ["Sword", "Shield"]) {
      const type = await api.post("/api/v1/erc1155/tokens/create?wait=mined", { chainId: 31337, contractAddress: items, metadata: { name } });
      expect(type.body).toEqual({ success: true, tokenId: expect.stringMatching(/^[12]$/), operationId, status: "success", blockNumber: null, finalized: true, minted: [] });
    }
    const batch = await api.post("/api/v1/erc1155/batchMint?wait=final", {
      chainId: 31337,
      contractAddress: items,
      mints: [
        { recipientAddress: ALICE, tokenId: "1", amount: "2" },
        { recipientAddress: BOB, tokenId: "2", amount: "7" },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body).toMatchObject({
      status: "success",
      finalized: true,
      tokenIds: ["1", "2"],
      minted: [
        { contractAddress: items, recipientAddress: ALICE, tokenId: "1", amount: "2", amountRaw: "2" },
        { contractAddress: items, recipientAddress: BOB, tokenId: "2", amount: "7", amountRaw: "7" },
      ],
    });
    expect(batch.body).not.toHaveProperty("tokenId");
  });

  it("answers as before without the parameter, and refuses a wait it does not know with a 400 that sends nothing", async () => {
    const created = await api.post("/api/v1/erc721/create?wait=mined", { chainId: 31337, name: "Plain", symbol: "PLN" });
    const collection = created.body.contractAddress as Address;
    const plain = await api.post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
    expect(Object.keys(plain.body).sort()).toEqual(["operationId", "success", "transactionHash", "transactionUrl"]);

    const signer = service.signerAddress();
    const nonce = await chain.client.getTransactionCount({ address: signer, blockTag: "pending" });
    const refused = await api.post("/api/v1/erc721/mint?wait=confirmed", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", details: [{ path: "wait", message: expect.stringContaining("mined") }] });
    expect(await chain.client.getTransactionCount({ address: signer, blockTag: "pending" })).toBe(nonce);
  });
});

describe("?wait=mined past its bound (TOKENHUB_WRITE_WAIT_MS=100)", () => {
  let service: SharedService;
  let chain: ChainClient;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    service = await sharedService({ env: { TOKENHUB_WRITE_WAIT_MS: "100" } });
    chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    api = client(service);
  });
  afterAll(async () => {
    await chain?.client.setAutomine(true);
    await service?.release();
  });

  it("answers 200 with status pending while the chain mines nothing, and the mint lands later", async () => {
    const created = await api.post("/api/v1/erc721/create", { chainId: 31337, name: "Later", symbol: "LTR" });
    const collection = created.body.contractAddress as Address;
    await chain.client.setAutomine(false);
    const minted = await api.post("/api/v1/erc721/mint?wait=mined", { chainId: 31337, contractAddress: collection, recipientAddress: ALICE });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    expect(minted.body).toEqual({
      success: true,
      transactionHash: hash,
      transactionUrl: expect.stringContaining("/api/v1/transactions/0x"),
      operationId,
      status: "pending",
      blockNumber: null,
      finalized: false,
      minted: [],
    });

    await chain.client.mine({ blocks: 1 });
    const operation = await waitFor(async () => {
      const answer = await api.get(`/api/v1/operations/${minted.body.operationId as string}`);
      return answer.body.status === "success" && answer.body;
    });
    expect(operation.minted).toEqual([{ contractAddress: collection, recipientAddress: ALICE, tokenId: "1", amount: "1", amountRaw: "1" }]);
    expect(await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })).toBe(ALICE);
  });
});
