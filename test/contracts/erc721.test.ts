import { maxUint256, zeroAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { type TestChain, isolateEachTest, startTestChain } from "../helpers/anvil.js";
import {
  METADATA_ROLE,
  MINTER_ROLE,
  createCollection,
  deployTokenHub,
  eventArgs,
  expectMissingRole,
  expectRevert,
  expectedContractURI,
  mined,
} from "./fixtures.js";

let chain: TestChain;
let transferable: Address;
let soulbound: Address;
beforeAll(async () => {
  chain = await startTestChain();
  const { tokenFactory } = await deployTokenHub(chain);
  const { admin, minter } = accounts();
  const spec = { kind: "ERC721", from: admin, admin: admin.address, minters: [minter.address] } as const;
  transferable = await createCollection(chain, tokenFactory, { ...spec, transferable: true });
  soulbound = await createCollection(chain, tokenFactory, { ...spec, transferable: false });
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, alice, bob] = chain.accounts;
  return { admin: admin!, minter: minter!, alice: alice!, bob: bob! };
};

function mintTo(collection: Address, to: Address, quantity: bigint) {
  return mined(
    chain,
    chain.client.writeContract({
      account: accounts().minter,
      address: collection,
      abi: tokenHubERC721Abi,
      functionName: "mintTo",
      args: [to, quantity],
    }),
  );
}

const read = {
  ownerOf: (collection: Address, tokenId: bigint) =>
    chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [tokenId] }),
  tokenURI: (tokenId: bigint) =>
    chain.client.readContract({
      address: transferable,
      abi: tokenHubERC721Abi,
      functionName: "tokenURI",
      args: [tokenId],
    }),
};

describe("TokenHubERC721 minting", () => {
  it("mintTo mints sequential ids from 1 and returns the first", async () => {
    const { minter, alice, bob } = accounts();
    const simulated = await chain.client.simulateContract({
      account: minter,
      address: transferable,
      abi: tokenHubERC721Abi,
      functionName: "mintTo",
      args: [alice.address, 3n],
    });
    expect(simulated.result).toBe(1n);

    const receipt = await mintTo(transferable, alice.address, 3n);
    expect(eventArgs(tokenHubERC721Abi, receipt, "Transfer")).toEqual(
      [1n, 2n, 3n].map((tokenId) => ({ from: zeroAddress, to: alice.address, tokenId })),
    );
    await mintTo(transferable, bob.address, 2n);

    expect(await Promise.all([1n, 2n, 3n, 4n, 5n].map((id) => read.ownerOf(transferable, id)))).toEqual([
      alice.address,
      alice.address,
      alice.address,
      bob.address,
      bob.address,
    ]);
    expect(
      await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "totalMinted" }),
    ).toBe(5n);
  });

  it("mintTo rejects a zero quantity", async () => {
    const { minter, alice } = accounts();
    await expectRevert(
      chain.client.writeContract({
        account: minter,
        address: transferable,
        abi: tokenHubERC721Abi,
        functionName: "mintTo",
        args: [alice.address, 0n],
      }),
      "ZeroQuantity",
    );
  });

  it("mintTo needs MINTER_ROLE", async () => {
    const { admin } = accounts();
    await expectMissingRole(
      chain.client.writeContract({
        account: admin,
        address: transferable,
        abi: tokenHubERC721Abi,
        functionName: "mintTo",
        args: [admin.address, 1n],
      }),
      admin.address,
      MINTER_ROLE,
    );
  });
});

describe("TokenHubERC721 transfers", () => {
  it("are allowed when the collection is transferable", async () => {
    const { alice, bob } = accounts();
    await mintTo(transferable, alice.address, 1n);
    expect(
      await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "transferable" }),
    ).toBe(true);
    await mined(
      chain,
      chain.client.writeContract({
        account: alice,
        address: transferable,
        abi: tokenHubERC721Abi,
        functionName: "transferFrom",
        args: [alice.address, bob.address, 1n],
      }),
    );
    expect(await read.ownerOf(transferable, 1n)).toBe(bob.address);
  });

  it("revert with Soulbound when it is not, while minting still works", async () => {
    const { alice, bob } = accounts();
    await mintTo(soulbound, alice.address, 2n);
    expect(await read.ownerOf(soulbound, 2n)).toBe(alice.address);
    expect(
      await chain.client.readContract({ address: soulbound, abi: tokenHubERC721Abi, functionName: "transferable" }),
    ).toBe(false);
    const request = { account: alice, address: soulbound, abi: tokenHubERC721Abi } as const;
    await expectRevert(
      chain.client.writeContract({ ...request, functionName: "transferFrom", args: [alice.address, bob.address, 1n] }),
      "Soulbound",
    );
    await expectRevert(
      chain.client.writeContract({
        ...request,
        functionName: "safeTransferFrom",
        args: [alice.address, bob.address, 2n],
      }),
      "Soulbound",
    );
  });
});

describe("TokenHubERC721 metadata", () => {
  const write = (functionName: string, args: readonly unknown[] = [], account = accounts().minter) =>
    chain.client.writeContract({
      account,
      address: transferable,
      abi: tokenHubERC721Abi,
      functionName,
      args,
    } as Parameters<typeof chain.client.writeContract>[0]);

  it("tokenURI is {contractURI}/{id}, and reverts for a token that does not exist", async () => {
    await mintTo(transferable, accounts().alice.address, 12n);
    expect(await read.tokenURI(12n)).toBe(`${expectedContractURI(chain, transferable)}/12`);
    await expectRevert(read.tokenURI(13n), "ERC721NonexistentToken", [13n]);
  });

  it("contractURI is {root}{chainId}/{lowercase address}", async () => {
    expect(
      await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "contractURI" }),
    ).toBe(expectedContractURI(chain, transferable));
  });

  it("setBaseURI changes every tokenURI and emits BatchMetadataUpdate for the whole collection", async () => {
    await mintTo(transferable, accounts().alice.address, 1n);
    const receipt = await mined(chain, write("setBaseURI", ["ipfs://cid/"]));
    expect(eventArgs(tokenHubERC721Abi, receipt, "BatchMetadataUpdate")).toEqual([
      { _fromTokenId: 0n, _toTokenId: maxUint256 },
    ]);
    expect(await read.tokenURI(1n)).toBe("ipfs://cid/1");
  });

  it("setContractURI replaces contractURI and emits ContractURIUpdated", async () => {
    const receipt = await mined(chain, write("setContractURI", ["ipfs://collection"]));
    expect(eventArgs(tokenHubERC721Abi, receipt, "ContractURIUpdated")).toHaveLength(1);
    expect(
      await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "contractURI" }),
    ).toBe("ipfs://collection");
  });

  it("notify functions emit the ERC-4906 and ERC-7572 events", async () => {
    const single = await mined(chain, write("notifyMetadataUpdate", [7n]));
    expect(eventArgs(tokenHubERC721Abi, single, "MetadataUpdate")).toEqual([{ _tokenId: 7n }]);
    const batch = await mined(chain, write("notifyBatchMetadataUpdate", [2n, 9n]));
    expect(eventArgs(tokenHubERC721Abi, batch, "BatchMetadataUpdate")).toEqual([{ _fromTokenId: 2n, _toTokenId: 9n }]);
    const contract = await mined(chain, write("notifyContractURIUpdate"));
    expect(eventArgs(tokenHubERC721Abi, contract, "ContractURIUpdated")).toHaveLength(1);
  });

  it.each([
    ["setBaseURI", ["x"]],
    ["setContractURI", ["x"]],
    ["notifyMetadataUpdate", [1n]],
    ["notifyBatchMetadataUpdate", [1n, 2n]],
    ["notifyContractURIUpdate", []],
  ] as const)("%s needs METADATA_ROLE", async (functionName, args) => {
    const { admin } = accounts();
    await expectMissingRole(write(functionName, args, admin), admin.address, METADATA_ROLE);
  });

  it("supports ERC-4906, ERC-721, ERC-721 metadata, ERC-165 and AccessControl", async () => {
    const supports = (id: `0x${string}`) =>
      chain.client.readContract({
        address: transferable,
        abi: tokenHubERC721Abi,
        functionName: "supportsInterface",
        args: [id],
      });
    for (const id of ["0x49064906", "0x80ac58cd", "0x5b5e139f", "0x01ffc9a7", "0x7965db0b"] as const) {
      expect(await supports(id), id).toBe(true);
    }
    expect(await supports("0xffffffff")).toBe(false);
  });
});
