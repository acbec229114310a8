import fs from "node:fs";
import path from "node:path";
import { type Address, decodeFunctionData, getAddress, type Hex, parseEventLogs, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryV1Abi, tokenFactoryV2Abi, tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi, tokenHubERC721V1Abi, tokenHubERC721V2Abi } from "../../abis/index.js";
import { type AnvilInstance, anvilDevAccount, startAnvil } from "../../server/chain/anvil.js";
import { deployGeneration, predictCoreAddresses, predictGenerationAddresses } from "../../server/chain/deployCore.js";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * An installation from before generation 2 of the token contracts, upgraded: its chain holds generation 1's factory
 * and collections its service created from it, its app store those collections without a contract version (the
 * column and the permit counters are taken back out, so the upgrade's migrations run on them). The chain also holds
 * generation 2's factory and collections its service created from that, as an installation upgraded once already
 * has. Today's service starts on that data and mints on the old collections of both generations and on new ones
 * (generation 3). A second chain has only generation 1, as a remote chain has until its operator deploys today's.
 */
type Kind = "erc20" | "erc721" | "erc1155";
type Response = { status: number; body: Record<string, any> };

let service: TestService;
let chain: ChainClient;
let remote: AnvilInstance;
let remoteNft: Address;
let signer: Address;
const old = {} as Record<Kind, Address>;
const second = {} as Record<Kind, Address>;
const fresh = {} as Record<Kind, Address>;
/** Mints sent at once: enough that some of them share a transaction. */
const MINTS = 20;
const recipient = (index: number) => getAddress(`0x${(0x7000 + index).toString(16).padStart(40, "0")}`);

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function settled(hash: Hex): Promise<Record<string, any>> {
  return await waitFor(async () => {
    const response = await call("GET", `/api/v1/transactions/${hash}`);
    return response.body.status !== "pending" ? response.body : undefined;
  });
}

/** `count` concurrent mints through the API, settled; the transactions that carried them, with what each carried. */
async function mintConcurrently(kind: Kind, collection: Address, count: number): Promise<Map<Hex, number>> {
  const bodies = Array.from({ length: count }, (_, index) => ({
    chainId: 31337,
    contractAddress: collection,
    recipientAddress: recipient(index),
    ...(kind === "erc20" ? { amount: "2" } : kind === "erc1155" ? { tokenId: "1", amount: "3" } : {}),
  }));
  const responses = await Promise.all(bodies.map((body) => call("POST", `/api/v1/${kind}/mint`, body)));
  expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
  const carried = new Map<Hex, number>();
  for (const response of responses) carried.set(response.body.transactionHash, (carried.get(response.body.transactionHash) ?? 0) + 1);
  for (const hash of carried.keys()) expect((await settled(hash)).status).toBe("success");
  return carried;
}

/** The function each transaction called on the collection, by how many mints it carried. */
async function calledFunctions(carried: Map<Hex, number>): Promise<{ single: string[]; joined: string[] }> {
  const abi = [...tokenHubERC721Abi, ...tokenHubERC20Abi, ...tokenHubERC1155Abi];
  const called = { single: [] as string[], joined: [] as string[] };
  for (const [hash, mints] of carried) {
    const { input } = await chain.client.getTransaction({ hash });
    called[mints === 1 ? "single" : "joined"].push(decodeFunctionData({ abi, data: input }).functionName);
  }
  return called;
}

async function balances(kind: Kind, collection: Address, count: number): Promise<bigint[]> {
  return await Promise.all(
    Array.from({ length: count }, (_, index) =>
      kind === "erc1155"
        ? chain.client.readContract({ address: collection, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [recipient(index), 1n] })
        : chain.client.readContract({ address: collection, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [recipient(index)] }),
    ),
  );
}

beforeAll(async () => {
  service = await startTestService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  signer = localSignerAccount(service.dataDir).address;

  // Generations 1 and 2's services deployed their contracts and created collections with their signer as admin and
  // minter (the two factories' create functions take the same arguments).
  const metadataRoot = `${service.runtime().publicUrl}/metadata/`;
  for (const [generation, collections] of [[1, old], [2, second]] as const) {
    const factory = (await deployGeneration(chain.client, chain.accounts[0]!, generation)).tokenFactory;
    const common = { address: factory, abi: generation === 1 ? tokenFactoryV1Abi : tokenFactoryV2Abi, account: chain.accounts[0]!, chain: chain.client.chain } as const;
    for (const kind of ["erc20", "erc721", "erc1155"] as const) {
      const hash =
        kind === "erc20"
          ? await chain.client.writeContract({ ...common, functionName: "createERC20", args: [`Coin ${generation}`, "OLDC", 18, signer, [signer], metadataRoot] })
          : await chain.client.writeContract({ ...common, functionName: kind === "erc721" ? "createERC721" : "createERC1155", args: [`Old ${kind} ${generation}`, "OLD", true, signer, [signer], metadataRoot] });
      const [created] = parseEventLogs({ abi: tokenFactoryV1Abi, logs: (await minedReceipt(chain, hash)).logs, eventName: "CollectionCreated" });
      collections[kind] = created!.args.collection;
    }
  }

  // Its app store had no contract versions and no permit counters: undo migrations 0090 and 0091, then record the
  // collections (and the ERC-1155 token type) as it did.
  const database = service.databaseUrl();
  await queryDatabase(database, "ALTER TABLE tokenhub_app.project_collections DROP COLUMN contract_version");
  await queryDatabase(database, "DROP TABLE tokenhub_app.permit_nonce_counters");
  await queryDatabase(database, "DELETE FROM tokenhub_app.schema_migrations WHERE name IN ('0090_collection_contract_version.sql', '0091_permit_nonce_counters.sql')");
  const [project] = await queryDatabase<{ id: string }>(database, "SELECT id FROM tokenhub_app.projects WHERE name = 'default'");
  for (const kind of ["erc20", "erc721", "erc1155"] as const) {
    await queryDatabase(
      database,
      `INSERT INTO tokenhub_app.project_collections (chain_id, address, project_id, kind, source, name, symbol, decimals, transferable)
       VALUES (31337, $1, $2, $3, 'created', $4, 'OLD', $5, true)`,
      [old[kind], project!.id, kind, `Old ${kind}`, kind === "erc20" ? 18 : null],
    );
  }
  await queryDatabase(database, "INSERT INTO tokenhub_app.erc1155_token_types (chain_id, address, token_id) VALUES (31337, $1, 1)", [old.erc1155]);

  // It had long indexed them (the indexer follows earlier generations' factories too). Waiting for that here also
  // keeps the indexer from reading those blocks after the restart, where the local chain keeps no state of past
  // blocks.
  const earlier = [...Object.values(old), ...Object.values(second)].map((address) => address.toLowerCase());
  await waitFor(async () => {
    const indexed = await queryDatabase(database, "SELECT address FROM tokenhub_index.collection WHERE address = ANY($1)", [earlier]);
    return indexed.length === earlier.length ? true : undefined;
  });

  // A remote chain where generation 1 was deployed (with the registry and account implementation), with an NFT.
  remote = await startAnvil({ chainId: 31338, quiet: true });
  const other = chainClient(remote.rpcUrl, 31338);
  const remoteFactory = (await deployGeneration(other.client, other.accounts[0]!, 1)).tokenFactory;
  const remoteCreation = await other.client.writeContract({
    address: remoteFactory,
    abi: tokenFactoryV1Abi,
    functionName: "createERC721",
    args: ["Remote", "RMT", true, other.accounts[0]!.address, [other.accounts[0]!.address], metadataRoot],
    account: other.accounts[0]!,
    chain: other.client.chain,
  });
  remoteNft = parseEventLogs({ abi: tokenFactoryV1Abi, logs: (await minedReceipt(other, remoteCreation)).logs, eventName: "CollectionCreated" })[0]!.args.collection;
  await minedReceipt(
    other,
    await other.client.writeContract({ address: remoteNft, abi: tokenHubERC721V1Abi, functionName: "mintTo", args: [other.accounts[1]!.address, 1n], account: other.accounts[0]!, chain: other.client.chain }),
  );
  const chainsFile = path.join(service.dataDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local" }, { id: 31338, name: "remote", rpcUrl: remote.rpcUrl }] }));
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  service.env.TOKENHUB_SIGNER_KEYS_31338 = toHex(anvilDevAccount(9).getHdKey().privateKey!);

  // The upgrade.
  await service.stop();
  await service.start();

  // Generation 2's collections, as its service recorded them. This store is from before generation 2 (its versions
  // column was added by the upgrade's migration), so they are recorded now; a store from generation 2's time had them.
  for (const kind of ["erc20", "erc721", "erc1155"] as const) {
    await queryDatabase(
      database,
      `INSERT INTO tokenhub_app.project_collections (chain_id, address, project_id, kind, source, name, symbol, decimals, transferable, contract_version)
       VALUES (31337, $1, $2, $3, 'created', $4, 'OLD', $5, true, 2)`,
      [second[kind], project!.id, kind, `Old ${kind} 2`, kind === "erc20" ? 18 : null],
    );
  }
  await queryDatabase(database, "INSERT INTO tokenhub_app.erc1155_token_types (chain_id, address, token_id) VALUES (31337, $1, 1)", [second.erc1155]);

  for (const [kind, extra] of [["erc20", { decimals: 18 }], ["erc721", {}], ["erc1155", {}]] as const) {
    const created = await call("POST", `/api/v1/${kind}/create`, { chainId: 31337, name: `New ${kind}`, symbol: "NEW", ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    fresh[kind] = created.body.contractAddress as Address;
  }
  expect((await call("POST", "/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: fresh.erc1155 })).body).toEqual({ success: true, tokenId: "1", operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
}, 240_000);

afterAll(async () => {
  await service?.destroy();
  await remote?.stop();
});

describe("an upgrade from generations 1 and 2 of the token contracts", () => {
  it("keeps generation 1's and 2's collections as they are and creates new ones from generation 3, at new addresses", async () => {
    const rows = await queryDatabase<{ address: string; contract_version: number }>(
      service.databaseUrl(),
      "SELECT address, contract_version FROM tokenhub_app.project_collections ORDER BY contract_version, address",
    );
    const expected = [
      ...Object.values(old).map((address) => ({ address, contract_version: 1 })),
      ...Object.values(second).map((address) => ({ address, contract_version: 2 })),
      ...Object.values(fresh).map((address) => ({ address, contract_version: 3 })),
    ];
    expect(rows).toEqual(expected.sort((a, b) => a.contract_version - b.contract_version || (a.address < b.address ? -1 : 1)));
    const factory = service.runtime().chains[0]!.core.tokenFactory;
    expect(factory).toBe(predictCoreAddresses().tokenFactory);
    for (const generation of [1, 2] as const) expect(factory).not.toBe(predictGenerationAddresses(generation).tokenFactory);
    // Generations 1 and 2 are EIP-1167 clones (the implementation in their code), generation 3 a minting proxy (its
    // implementation where ERC-1967 puts it).
    const cloneOf = (collection: Address) => chain.client.getCode({ address: collection }).then((code) => getAddress(`0x${code!.slice(22, 62)}`));
    expect(await cloneOf(old.erc721)).toBe(predictGenerationAddresses(1).erc721Implementation);
    expect(await cloneOf(second.erc721)).toBe(predictGenerationAddresses(2).erc721Implementation);
    const proxied = await chain.client.getStorageAt({ address: fresh.erc721, slot: "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc" });
    expect(getAddress(`0x${proxied!.slice(26)}`)).toBe(predictCoreAddresses().erc721Implementation);
  });

  it("mints on generation 1 collections, joining ERC-721 and ERC-20 mints through multicall and ERC-1155 mints through mintBatch", async () => {
    const erc721 = await mintConcurrently("erc721", old.erc721, MINTS);
    const erc20 = await mintConcurrently("erc20", old.erc20, MINTS);
    const erc1155 = await mintConcurrently("erc1155", old.erc1155, MINTS);
    for (const [carried, joinedAs] of [[erc721, "multicall"], [erc20, "multicall"], [erc1155, "mintBatch"]] as const) {
      const called = await calledFunctions(carried);
      expect(called.joined.length).toBeGreaterThan(0);
      expect(new Set(called.joined)).toEqual(new Set([joinedAs]));
      expect(called.single.filter((name) => name !== "mintTo")).toEqual([]);
    }
    expect(await chain.client.readContract({ address: old.erc721, abi: tokenHubERC721V1Abi, functionName: "totalMinted" })).toBe(BigInt(MINTS));
    expect(await balances("erc20", old.erc20, MINTS)).toEqual(Array(MINTS).fill(2n * 10n ** 18n));
    expect(await balances("erc1155", old.erc1155, MINTS)).toEqual(Array(MINTS).fill(3n));
    // The indexer follows generation 1's factory too: the old collection's tokens are in the index and the API.
    const tokens = await waitFor(async () => {
      const page = await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${old.erc721}`);
      return page.status === 200 && page.body.tokens.length === MINTS ? (page.body.tokens as { tokenId: string; ownerAddress: string }[]) : undefined;
    });
    const owners = await Promise.all(tokens.map((token) => chain.client.readContract({ address: old.erc721, abi: tokenHubERC721V1Abi, functionName: "ownerOf", args: [BigInt(token.tokenId)] })));
    expect(tokens.map((token) => getAddress(token.ownerAddress))).toEqual(owners);
  });

  it.each([
    ["2", () => second],
    ["3", () => fresh],
  ] as const)("mints on generation %s collections through mintTo and their batch mints", async (_, collections) => {
    for (const [kind, joinedAs] of [["erc721", "mintToMany"], ["erc20", "mintToMany"], ["erc1155", "mintBatch"]] as const) {
      const called = await calledFunctions(await mintConcurrently(kind, collections()[kind], MINTS));
      expect(called.joined.length, kind).toBeGreaterThan(0);
      expect(new Set(called.joined), kind).toEqual(new Set([joinedAs]));
      expect(called.single.filter((name) => name !== "mintTo"), kind).toEqual([]);
    }
    expect(await chain.client.readContract({ address: collections().erc721, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(BigInt(MINTS));
    expect(await balances("erc20", collections().erc20, MINTS)).toEqual(Array(MINTS).fill(2n * 10n ** 18n));
    expect(await balances("erc1155", collections().erc1155, MINTS)).toEqual(Array(MINTS).fill(3n));
    const tokens = await waitFor(async () => {
      const page = await call("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${collections().erc721}`);
      return page.status === 200 && page.body.tokens.length === MINTS ? (page.body.tokens as { ownerAddress: string }[]) : undefined;
    });
    expect(new Set(tokens.map((token) => getAddress(token.ownerAddress)))).toEqual(new Set(Array.from({ length: MINTS }, (_, index) => recipient(index))));
  });

  it("serves ERC-6551 accounts on a chain that has only generation 1, and says what is missing before creating a collection there", async () => {
    expect(service.output()).toContain("remote: missing erc20Implementation, erc721Implementation, erc1155Implementation, tokenFactory: collections cannot be created on this chain until they are deployed");
    const created = await call("POST", "/api/v1/erc6551/create", { nft: { chainId: 31338, contractAddress: remoteNft, tokenId: "1" } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await settled(created.body.transactionHash)).status).toBe("success");
    expect(await chainClient(remote.rpcUrl, 31338).client.getCode({ address: created.body.accountAddress })).toMatch(/^0x[0-9a-f]{2,}$/);
    expect(await call("POST", "/api/v1/erc721/create", { chainId: 31338, name: "Nowhere", symbol: "NOW" })).toEqual({
      status: 503,
      body: { success: false, code: "CHAIN_UNAVAILABLE", error: "tokenhub's factory is not deployed on chain 31338: collections cannot be created there yet." },
    });
  });

  it.each([
    ["1", () => old.erc721, tokenHubERC721V1Abi],
    ["2", () => second.erc721, tokenHubERC721V2Abi],
    ["3", () => fresh.erc721, tokenHubERC721Abi],
  ] as const)("issues permits on a generation %s collection with sequential nonces, which it redeems", async (generation, collection, abi) => {
    const issued = [];
    for (const index of [0, 1]) {
      const response = await call("POST", "/api/v1/erc721/permit", { chainId: 31337, contractAddress: collection(), recipientAddress: recipient(100 + index) });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      issued.push(response.body as { permitId: string; preparedCall: { to: Address; data: Hex } });
    }
    const nonces = issued.map((item) => decodeFunctionData({ abi, data: item.preparedCall.data }).args[2] as bigint);
    expect(nonces[1]).toBe(nonces[0]! + 1n);
    // On a collection it created from generation 3, the service numbers from 0 (the signer's role slot); elsewhere
    // from the first nonce of a random word of the bitmap.
    if (generation === "3") expect(nonces[0]).toBe(0n);
    else expect(nonces[0]! % 256n).toBe(0n);
    for (const item of issued.reverse()) {
      const hash = await chain.client.sendTransaction({ account: chain.accounts[1]!, chain: chain.client.chain, to: item.preparedCall.to, data: item.preparedCall.data });
      expect((await minedReceipt(chain, hash)).status).toBe("success");
    }
    for (const item of issued) {
      await waitFor(async () => ((await call("GET", `/api/v1/permits/${item.permitId}`)).body.status === "redeemed" ? true : undefined));
    }
  });
});
