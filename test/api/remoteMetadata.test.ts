import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Abi, type Address, getAddress, type Hex } from "viem";
import { compile } from "../../scripts/compile-contracts.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryAbi, tokenFactoryBytecode, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * An external ERC-721 (listed in the chains file, not created here) whose tokenURI points at a real HTTP server that
 * answers token 1 well, never answers token 2, sends 5 MB for token 3, invalid JSON for token 4 and redirects token 5
 * in a loop. Reads must answer at once whatever the server does, and each failure must show in the token's status.
 */
let service: TestService;
let chain: ChainClient;
let collection: Address;
/** A plain OpenZeppelin ERC-721, listed as an external contract too: it has no `transferable()`. */
let plain: Address;
let server: http.Server;
let metadataBase: string;
const requested = new Set<string>();
const hanging = new Set<http.ServerResponse>();
let tokenOneName = "Remote One";
const HOLDER = getAddress("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");

async function get(route: string) {
  const response = await fetch(`${service.baseUrl}${route}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const statusOf = async (tokenId: number) =>
  (await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${collection}&tokenId=${tokenId}`)).body;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const tokenId = (request.url ?? "").split("/").pop()!;
    requested.add(tokenId);
    if (tokenId === "1") {
      return response.end(JSON.stringify({ name: tokenOneName, description: "From the contract's own server", image: "ipfs://bafyimage/1.png", attributes: [{ trait_type: "Eyes", value: "green" }] }));
    }
    if (tokenId === "2") {
      hanging.add(response);
      return;
    }
    if (tokenId === "3") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(Buffer.alloc(5 * 1024 * 1024, 32));
    }
    if (tokenId === "4") return response.end("<html>not json</html>");
    response.writeHead(302, { location: request.url });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  metadataBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokens/`;

  service = await startTestService({
    env: {
      TOKENHUB_METADATA_FETCH_ALLOW_PRIVATE: "true",
      TOKENHUB_METADATA_FETCH_TIMEOUT_MS: "1500",
      TOKENHUB_METADATA_FETCH_MAX_ATTEMPTS: "2",
      TOKENHUB_METADATA_FETCH_RETRY_MS: "200",
    },
  });
  const [local] = service.runtime().chains;
  chain = chainClient(local!.rpcUrl[0]!);
  const [owner] = chain.accounts;
  const factory = await minedReceipt(
    chain,
    await chain.client.deployContract({
      abi: tokenFactoryAbi,
      bytecode: tokenFactoryBytecode,
      args: [local!.core.erc20Implementation, local!.core.erc721Implementation, local!.core.erc1155Implementation],
      account: owner!,
      chain: chain.client.chain,
    }),
  );
  const created = await minedReceipt(
    chain,
    await chain.client.writeContract({
      address: factory.contractAddress!,
      abi: tokenFactoryAbi,
      functionName: "createERC721",
      args: ["Elsewhere", "ELS", true, owner!.address, [owner!.address], "http://unused.example/"],
      account: owner!,
      chain: chain.client.chain,
    }),
  );
  collection = getAddress(`0x${created.logs[created.logs.length - 1]!.topics[1]!.slice(26)}`);
  const write = async (functionName: "setBaseURI" | "mintTo", args: readonly unknown[]) =>
    await minedReceipt(
      chain,
      await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName, args: args as never, account: owner!, chain: chain.client.chain }),
    );
  await write("setBaseURI", [metadataBase]);
  await write("mintTo", [HOLDER, 5n]);

  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
contract Plain is ERC721 { constructor() ERC721("Plain", "PLN") { _mint(msg.sender, 1); } }`;
  const artifact = compile({ "Plain.sol": { content: source } }).contracts!["Plain.sol"]!.Plain!;
  plain = (await minedReceipt(
    chain,
    await chain.client.deployContract({ abi: artifact.abi as Abi, bytecode: `0x${artifact.evm.bytecode.object}` as Hex, account: owner!, chain: chain.client.chain }),
  )).contractAddress!;

  const chainsFile = path.join(service.dataDir, "chains.json");
  fs.writeFileSync(
    chainsFile,
    JSON.stringify({ chains: [{ id: 31337, name: "local", contracts: [{ address: collection, kind: "erc721" }, { address: plain, kind: "erc721" }] }] }),
  );
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  await service.start();
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await service?.destroy();
});

describe("remote metadata of external contracts", () => {
  it("answers queries while a metadata server hangs, then serves what the good URI holds", async () => {
    await waitFor(() => (hanging.size > 0 ? true : undefined));
    const whileHanging = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&tokenIds=2`);
    expect(whileHanging.status).toBe(200);
    expect(hanging.size).toBeGreaterThan(0);
    expect(whileHanging.body.tokens[0].metadata).toEqual({ name: "Elsewhere #2", description: "", image: "", attributes: [] });

    const fetched = await waitFor(async () => {
      const body = await statusOf(1);
      return body.metadataStatus.state === "fetched" ? body : undefined;
    });
    const expected = {
      name: "Remote One",
      description: "From the contract's own server",
      image: "ipfs://bafyimage/1.png",
      attributes: [{ trait_type: "Eyes", value: "green" }],
    };
    expect(fetched.metadata).toEqual(expected);
    expect(fetched.metadataStatus).toMatchObject({ source: "remote", state: "fetched", uri: `${metadataBase}1`, error: null, attempts: 1, nextAttemptAt: null });

    const tokens = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&tokenIds=1`);
    expect(tokens.body.tokens[0].metadata).toEqual(expected);
    const publicJson = await fetch(`${service.baseUrl}/metadata/31337/${collection}/1`);
    expect(await publicJson.json()).toEqual(expected);
    const holders = await get(`/api/v1/holders?contractAddresses=${collection}`);
    const nft = holders.body.holders[0].collections[0].nfts.find((entry: { tokenId: string }) => entry.tokenId === "1");
    expect(nft).toMatchObject({ name: "Remote One", mediaUrl: "ipfs://bafyimage/1.png", traits: [{ name: "Eyes", value: "green" }] });
  });

  it("shows each failure in the token's metadata status and stops retrying after the attempts allowed", async () => {
    const failed = async (tokenId: number) =>
      await waitFor(
        async () => {
          const body = await statusOf(tokenId);
          return body.metadataStatus.state === "failed" && body.metadataStatus.attempts === 2 ? body : undefined;
        },
        { timeoutMs: 30_000 },
      );
    const expectations: [number, string | RegExp][] = [
      [2, "timed out after 1500 ms"],
      [3, "larger than 1048576 bytes"],
      [4, "not valid JSON"],
      [5, `more than 5 redirects (last to /tokens/5)`],
    ];
    for (const [tokenId, error] of expectations) {
      const body = await failed(tokenId);
      expect(body.metadataStatus).toMatchObject({ source: "remote", state: "failed", uri: `${metadataBase}${tokenId}`, error, nextAttemptAt: null });
      expect(body.metadata).toEqual({ name: `Elsewhere #${tokenId}`, description: "", image: "", attributes: [] });
    }
  });

  it("refetches a token when its contract emits ERC-4906 MetadataUpdate", async () => {
    tokenOneName = "Remote One, revealed";
    const [owner] = chain.accounts;
    await minedReceipt(
      chain,
      await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "notifyMetadataUpdate", args: [1n], account: owner!, chain: chain.client.chain }),
    );
    const refreshed = await waitFor(async () => {
      const body = await statusOf(1);
      return body.metadata.name === "Remote One, revealed" ? body : undefined;
    });
    expect(refreshed.metadataStatus).toMatchObject({ state: "fetched", attempts: 1, error: null });
  });

  it("describes a plain ERC-721 without asking it for tokenhub's transferable(), so nothing is logged as failed", async () => {
    const [row] = await waitFor(async () => {
      const rows = await queryDatabase(service.databaseUrl(), "SELECT name, symbol, transferable, source FROM tokenhub_index.collection WHERE address = $1", [plain.toLowerCase()]);
      return rows.length === 1 ? rows : undefined;
    });
    expect(row).toEqual({ name: "Plain", symbol: "PLN", transferable: true, source: "external" });
    expect(service.output()).not.toContain("Failed 'context.client' action");
    expect(service.output()).not.toMatch(/Received JSON-RPC error.*eth_call/);
  });

  it("says a collection this service manages keeps its own metadata", async () => {
    const created = await fetch(`${service.baseUrl}/api/v1/erc721/create`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
      body: JSON.stringify({ chainId: 31337, name: "Home", symbol: "HOM" }),
    });
    const { contractAddress } = (await created.json()) as { contractAddress: Address };
    const minted = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
      body: JSON.stringify({ chainId: 31337, contractAddress, recipientAddress: HOLDER }),
    });
    expect(minted.status).toBe(200);
    const body = await waitFor(async () => {
      const response = await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${contractAddress}&tokenId=1`);
      return response.status === 200 ? response.body : undefined;
    });
    expect(body.metadataStatus).toEqual({ source: "tokenhub" });
  });
});
