import { encodeAbiParameters, keccak256, maxUint256, zeroAddress, zeroHash, type Address, type Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc6551RegistryAbi, tokenHubAccountAbi, tokenHubERC721Abi } from "../../abis/index.js";
import { ERC6551_REGISTRY, type CoreAddresses } from "../../server/chain/deployCore.js";
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
  storageSlotsTouched,
} from "./fixtures.js";

let chain: TestChain;
let core: CoreAddresses;
let transferable: Address;
let soulbound: Address;
beforeAll(async () => {
  chain = await startTestChain();
  core = await deployTokenHub(chain);
  const { admin, minter } = accounts();
  const spec = { kind: "ERC721", from: admin, admin: admin.address, minters: [minter.address] } as const;
  transferable = await createCollection(chain, core.tokenFactory, { ...spec, transferable: true });
  soulbound = await createCollection(chain, core.tokenFactory, { ...spec, transferable: false });
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, alice, bob] = chain.accounts;
  return { admin: admin!, minter: minter!, alice: alice!, bob: bob! };
};

function mintToMany(collection: Address, to: readonly Address[]) {
  return chain.client.writeContract({
    account: accounts().minter,
    address: collection,
    abi: tokenHubERC721Abi,
    functionName: "mintToMany",
    args: [to],
  });
}

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

describe("TokenHubERC721 mintToMany", () => {
  it("mints one token to each recipient in order, with the next consecutive ids, and returns the first", async () => {
    const { minter, alice, bob } = accounts();
    await mintTo(transferable, alice.address, 2n);
    const recipients = [bob.address, alice.address, bob.address];
    const simulated = await chain.client.simulateContract({
      account: minter,
      address: transferable,
      abi: tokenHubERC721Abi,
      functionName: "mintToMany",
      args: [recipients],
    });
    expect(simulated.result).toBe(3n);

    const receipt = await mined(chain, mintToMany(transferable, recipients));
    expect(eventArgs(tokenHubERC721Abi, receipt, "Transfer")).toEqual(
      recipients.map((to, index) => ({ from: zeroAddress, to, tokenId: 3n + BigInt(index) })),
    );
    expect(await Promise.all([3n, 4n, 5n].map((id) => read.ownerOf(transferable, id)))).toEqual(recipients);
    const balanceOf = (owner: Address) =>
      chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [owner] });
    expect([await balanceOf(alice.address), await balanceOf(bob.address)]).toEqual([3n, 2n]);
    expect(await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(5n);
  });

  it("mints on a soulbound collection too", async () => {
    const { alice, bob } = accounts();
    await mined(chain, mintToMany(soulbound, [alice.address, bob.address]));
    expect(await read.ownerOf(soulbound, 2n)).toBe(bob.address);
  });

  it("rejects an empty list, a zero address anywhere (minting none), and a caller without MINTER_ROLE", async () => {
    const { admin, alice } = accounts();
    await expectRevert(mintToMany(transferable, []), "ZeroQuantity");
    await expectRevert(mintToMany(transferable, [alice.address, zeroAddress]), "ERC721InvalidReceiver", [zeroAddress]);
    expect(await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "totalMinted" })).toBe(0n);
    await expectMissingRole(
      chain.client.writeContract({ account: admin, address: transferable, abi: tokenHubERC721Abi, functionName: "mintToMany", args: [[admin.address]] }),
      admin.address,
      MINTER_ROLE,
    );
  });

  it("is declared through ERC-165 (ITokenHubERC721BatchMint: the selector of mintToMany(address[]))", async () => {
    expect(
      await chain.client.readContract({ address: transferable, abi: tokenHubERC721Abi, functionName: "supportsInterface", args: ["0x203abe34"] }),
    ).toBe(true);
  });
});

describe("TokenHubERC721 mints to contracts", () => {
  const accountOf = (tokenId: bigint) =>
    [core.accountImplementation, zeroHash, BigInt(chain.chainId), transferable, tokenId] as const;
  async function createAccount(tokenId: bigint): Promise<Address> {
    await mined(
      chain,
      chain.client.writeContract({ account: accounts().admin, address: ERC6551_REGISTRY, abi: erc6551RegistryAbi, functionName: "createAccount", args: accountOf(tokenId) }),
    );
    return chain.client.readContract({ address: ERC6551_REGISTRY, abi: erc6551RegistryAbi, functionName: "account", args: accountOf(tokenId) });
  }
  const abi = [...tokenHubERC721Abi, ...tokenHubAccountAbi] as const;

  it("refuse a contract without onERC721Received, whether minted alone or among others", async () => {
    const { minter, alice } = accounts();
    const request = { account: minter, address: transferable, abi } as const;
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintTo", args: [soulbound, 1n] }), "ERC721InvalidReceiver", [soulbound]);
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintToMany", args: [[alice.address, soulbound]] }), "ERC721InvalidReceiver", [soulbound]);
  });

  it("call onERC721Received, so an ERC-6551 account accepts tokens but not the very token it is bound to", async () => {
    const { minter, alice } = accounts();
    const request = { account: minter, address: transferable, abi } as const;
    const boundToFirst = await createAccount(1n);
    const boundToSecond = await createAccount(2n);
    const boundToFourth = await createAccount(4n);
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintTo", args: [boundToFirst, 1n] }), "OwnershipCycle");
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintToMany", args: [[boundToSecond, boundToSecond]] }), "OwnershipCycle");

    await mined(chain, mintToMany(transferable, [boundToSecond, alice.address, boundToFirst]));
    expect(await Promise.all([1n, 2n, 3n].map((id) => read.ownerOf(transferable, id)))).toEqual([boundToSecond, alice.address, boundToFirst]);
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintToMany", args: [[boundToFourth, alice.address]] }), "OwnershipCycle");
  });
});

describe("TokenHubERC721 mint storage", () => {
  const mappingSlot = (key: Address | bigint, slot: bigint): Hash =>
    keccak256(encodeAbiParameters([{ type: typeof key === "bigint" ? "uint256" : "address" }, { type: "uint256" }], [key as never, slot]));
  // ERC-7201 namespaces of OpenZeppelin's AccessControl and ERC721, and tokenhub's own (contracts/base/
  // TokenHubStorage.sol), whose first slot is totalMinted.
  const ACCESS_CONTROL = 0x02dd7bc7dec4dceedda775e58dd541e08a116c6c53815c0bd028192f7b626800n;
  const ERC721 = 0x80bb2b638cc20bc4d0a60d66940f3ab4a00c1d7b313497ca82fb0b4ab0079300n;
  const TOTAL_MINTED = "0x01de1401b7a4e38b4b7f8f9ce131b45a52abb66e7970c46c2dceaa5b3547fc00";

  it("a mint touches the minter's role, totalMinted, the recipient's balance and the token's owner: never transferable", async () => {
    const { minter, alice, bob } = accounts();
    await mintTo(soulbound, alice.address, 1n);
    const hash = await chain.client.writeContract({ account: minter, address: soulbound, abi: tokenHubERC721Abi, functionName: "mintTo", args: [bob.address, 1n] });
    await mined(chain, Promise.resolve(hash));
    const roleMembers = BigInt(keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [MINTER_ROLE, ACCESS_CONTROL])));
    expect(await storageSlotsTouched(chain, hash, soulbound)).toEqual(
      [mappingSlot(minter.address, roleMembers), TOTAL_MINTED, mappingSlot(bob.address, ERC721 + 3n), mappingSlot(2n, ERC721 + 2n)].sort(),
    );
    // A transfer, by contrast, must read it, and reverts on a soulbound collection.
    await expectRevert(
      chain.client.writeContract({ account: alice, address: soulbound, abi: tokenHubERC721Abi, functionName: "transferFrom", args: [alice.address, bob.address, 1n] }),
      "Soulbound",
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
