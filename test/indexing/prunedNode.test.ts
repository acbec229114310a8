/**
 * No archive node needed (issue 25, Deliver 4 and acceptance 4): a chain served by a node that keeps state for its last
 * 16 blocks only (anvil --prune-history), where collections were created long before the service starts. The backfill
 * reads nothing at an old block, so it completes without a stall, and every collection has its name and symbol.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";
import { deployCore, predictCoreAddresses } from "../../server/chain/deployCore.js";
import { chainClient, createCollectionOnChain, type ChainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

const CHAIN_ID = 31338;
let service: TestService;
let node: AnvilInstance;
let chain: ChainClient;
let chainsDir: string | undefined;
const created: { address: Address; kind: "erc20" | "erc721" | "erc1155"; name: string; symbol: string; block: bigint }[] = [];

beforeAll(async () => {
  node = await startAnvil({ chainId: CHAIN_ID, pruneHistory: 16, quiet: true });
  chain = chainClient(node.rpcUrl, CHAIN_ID);
  await deployCore(chain.client, chain.accounts[0]!);
  const factory = predictCoreAddresses().tokenFactory;
  for (const [kind, name, symbol] of [["erc20", "Pruned coin", "PRC"], ["erc721", "Pruned club", "PCL"], ["erc1155", "Pruned items", "PIT"]] as const) {
    const { address, receipt } = await createCollectionOnChain(chain, factory, kind, { name, symbol });
    created.push({ address, kind, name, symbol, block: receipt.blockNumber });
  }
  // Far enough past the creations that the node no longer holds their blocks' state.
  await chain.client.mine({ blocks: 200 });
}, 120_000);

afterAll(async () => {
  await service?.destroy();
  await node?.stop();
  if (chainsDir) fs.rmSync(chainsDir, { recursive: true, force: true });
});

describe("a node without archive state", () => {
  it("refuses a read at a collection's creation block (what the index must not depend on)", async () => {
    const [, club] = created;
    await expect(chain.client.readContract({ address: club!.address, abi: tokenHubERC721Abi, functionName: "name", blockNumber: club!.block })).rejects.toThrow();
    expect(await chain.client.readContract({ address: club!.address, abi: tokenHubERC721Abi, functionName: "name" })).toBe("Pruned club");
  });

  it("indexes the chain's collections with their names and symbols, and becomes ready without a stall", async () => {
    // The service's first start, with the pruned chain in its chains file (a start and a stop before it, to add the
    // chain to a running service's index, took half of this file's time and showed nothing more of the node).
    chainsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-pruned-"));
    const chainsFile = path.join(chainsDir, "chains.json");
    fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: CHAIN_ID, name: "pruned", rpcUrl: node.rpcUrl }] }));
    service = await startTestService({ env: { TOKENHUB_CHAINS_FILE: chainsFile } });
    const collections = async () => {
      const response = await fetch(`${service.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
        body: JSON.stringify({ query: `{ collections(where: { chainId: ${CHAIN_ID} }, orderBy: "createdBlock") { items { address kind name symbol } } }` }),
      });
      const body = (await response.json()) as { data?: { collections: { items: { address: string; kind: string; name: string | null; symbol: string | null }[] } } };
      return body.data?.collections.items ?? [];
    };
    const items = await waitFor(async () => {
      const found = await collections();
      return found.length === created.length && found;
    }, { timeoutMs: 120_000, message: () => "the pruned chain's collections were not indexed within 120 s" });
    expect(items).toEqual(
      created.map((collection) => ({ address: collection.address.toLowerCase(), kind: collection.kind, name: collection.name, symbol: collection.symbol })),
    );
    expect(service.output()).not.toMatch(/Failed 'context.client' action/);
    // Ponder's own measure of the backfill with the pruned chain: seconds, where each read at an old block cost about
    // a minute.
    const withPruned = service.output().slice(service.output().indexOf("Started backfill indexing chain=pruned"));
    const completed = /Completed backfill indexing across all chains \((\d+)(ms|s)\)/.exec(withPruned);
    expect(completed, "the backfill's end in the log").not.toBeNull();
    expect(completed![2] === "ms" || Number(completed![1]) < 30, completed![0]).toBe(true);
  }, 240_000);
});
