import { getAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, createCollectionOnChain, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

async function graphql<T>(service: TestService, query: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

/** Polls until `read` returns what `expected` accepts; returns the milliseconds it took from `since`. */
async function visibleWithin(since: number, read: () => Promise<boolean>): Promise<number> {
  await waitFor(read, { timeoutMs: 5_000, intervalMs: 10, message: () => "not indexed within 5 s" });
  return Date.now() - since;
}

// The external mode needs a PostgreSQL server to create test databases on: DATABASE_URL (set by .ci/run).
const modes = [
  { name: "embedded PostgreSQL", external: false },
  ...(process.env.DATABASE_URL ? [{ name: "external PostgreSQL (DATABASE_URL)", external: true }] : []),
] as const;

describe.each(modes)("indexing on $name", ({ external }) => {
  let service: TestService;
  let chain: ChainClient;
  let factory: Address;

  beforeAll(async () => {
    service = await startTestService({ external });
    const [localChain] = service.runtime().chains;
    chain = chainClient(localChain!.rpcUrl[0]!);
    factory = localChain!.core.tokenFactory;
  });

  afterAll(async () => {
    await service?.destroy();
  });

  it("picks up a collection created through the factory, and its mints and transfers, within 1 s", async () => {
    const [minter, alice, bob] = chain.accounts as [typeof chain.accounts[0], typeof chain.accounts[0], typeof chain.accounts[0]];
    const { address: collection, receipt } = await createCollectionOnChain(chain, factory, "erc721", { name: "Founders", symbol: "FND" });
    const created = Date.now();
    const collectionLag = await visibleWithin(created, async () => {
      const data = await graphql<{ collections: { items: { address: string; kind: string; name: string; symbol: string; transferable: boolean; source: string }[] } }>(
        service,
        `{ collections(where: { address: "${collection}" }) { items { address kind name symbol transferable source } } }`,
      );
      return data.collections.items.length === 1;
    });
    expect(collectionLag).toBeLessThan(1_000);
    const { collections } = await graphql<{ collections: { items: unknown[] } }>(service, `{ collections { items { address kind name symbol transferable source createdBlock } } }`);
    expect(collections.items).toEqual([
      { address: collection.toLowerCase(), kind: "erc721", name: "Founders", symbol: "FND", transferable: true, source: "factory", createdBlock: receipt.blockNumber.toString() },
    ]);

    const mint = await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "mintTo", args: [alice.address, 3n], account: minter, chain: chain.client.chain });
    await minedReceipt(chain, mint);
    const minted = Date.now();
    const tokensQuery = `{ erc721Tokens(where: { contract: "${collection}" }, orderBy: "tokenId") { items { tokenId owner } } }`;
    const mintLag = await visibleWithin(minted, async () => (await graphql<{ erc721Tokens: { items: unknown[] } }>(service, tokensQuery)).erc721Tokens.items.length === 3);
    expect(mintLag).toBeLessThan(1_000);

    const transfer = await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "transferFrom", args: [alice.address, bob.address, 2n], account: alice, chain: chain.client.chain });
    await minedReceipt(chain, transfer);
    const moved = Date.now();
    const transferLag = await visibleWithin(moved, async () => {
      const items = (await graphql<{ erc721Tokens: { items: { tokenId: string; owner: string }[] } }>(service, tokensQuery)).erc721Tokens.items;
      return items.find((item) => item.tokenId === "2")?.owner === bob.address.toLowerCase();
    });
    expect(transferLag).toBeLessThan(1_000);

    const onChain = await Promise.all([1n, 2n, 3n].map((id) => chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [id] })));
    const indexed = (await graphql<{ erc721Tokens: { items: { tokenId: string; owner: string }[] } }>(service, tokensQuery)).erc721Tokens.items;
    expect(indexed.map((item) => ({ tokenId: item.tokenId, owner: getAddress(item.owner) }))).toEqual(
      onChain.map((owner, index) => ({ tokenId: String(index + 1), owner })),
    );
  });

  it("indexes ERC-20 balances and ERC-1155 batch balances as the chain reports them", async () => {
    const [minter, alice, bob] = chain.accounts as [typeof chain.accounts[0], typeof chain.accounts[0], typeof chain.accounts[0]];
    const { address: coin } = await createCollectionOnChain(chain, factory, "erc20", { name: "Points", symbol: "PTS" });
    const { address: items } = await createCollectionOnChain(chain, factory, "erc1155", { name: "Items", symbol: "ITM" });
    const write = { account: minter, chain: chain.client.chain } as const;
    await minedReceipt(chain, await chain.client.writeContract({ ...write, address: coin, abi: tokenHubERC20Abi, functionName: "mintTo", args: [alice.address, 5_000_000n] }));
    await minedReceipt(chain, await chain.client.writeContract({ ...write, address: coin, abi: tokenHubERC20Abi, functionName: "mintTo", args: [bob.address, 1_500_000n] }));
    await minedReceipt(
      chain,
      await chain.client.writeContract({ ...write, address: items, abi: tokenHubERC1155Abi, functionName: "mintBatch", args: [[alice.address, bob.address, alice.address], [1n, 1n, 2n], [10n, 20n, 30n]] }),
    );
    await minedReceipt(chain, await chain.client.writeContract({ account: alice, chain: chain.client.chain, address: coin, abi: tokenHubERC20Abi, functionName: "transfer", args: [bob.address, 5_000_000n] }));

    await waitFor(async () => {
      const data = await graphql<{ erc20Balances: { items: unknown[] }; erc1155Balances: { items: unknown[] } }>(
        service,
        `{ erc20Balances(where: { contract: "${coin}" }) { items { owner } } erc1155Balances(where: { contract: "${items}" }) { items { owner } } }`,
      );
      return data.erc20Balances.items.length === 1 && data.erc1155Balances.items.length === 3;
    });
    const data = await graphql<{ erc20Balances: { items: { owner: string; balance: string }[] }; erc1155Balances: { items: { owner: string; tokenId: string; balance: string }[] } }>(
      service,
      `{ erc20Balances(where: { contract: "${coin}" }) { items { owner balance } }
         erc1155Balances(where: { contract: "${items}" }, orderBy: "balance") { items { owner tokenId balance } } }`,
    );
    const bobCoins = await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [bob.address] });
    expect(bobCoins).toBe(6_500_000n);
    // Alice sent her whole balance: she is no longer a holder.
    expect(data.erc20Balances.items).toEqual([{ owner: bob.address.toLowerCase(), balance: bobCoins.toString() }]);
    expect(data.erc1155Balances.items).toEqual([
      { owner: alice.address.toLowerCase(), tokenId: "1", balance: "10" },
      { owner: bob.address.toLowerCase(), tokenId: "1", balance: "20" },
      { owner: alice.address.toLowerCase(), tokenId: "2", balance: "30" },
    ]);
  });
});
