import { encodeAbiParameters, keccak256, maxUint256, zeroAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi } from "../../abis/index.js";
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
let transferable: Address;
let soulbound: Address;
beforeAll(async () => {
  chain = await startTestChain();
  const { tokenFactory } = await deployTokenHub(chain);
  const { admin, minter } = accounts();
  const spec = { kind: "ERC1155", from: admin, admin: admin.address, minters: [minter.address] } as const;
  transferable = await createCollection(chain, tokenFactory, { ...spec, name: "Items", symbol: "ITM" });
  soulbound = await createCollection(chain, tokenFactory, { ...spec, transferable: false });
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, alice, bob] = chain.accounts;
  return { admin: admin!, minter: minter!, alice: alice!, bob: bob! };
};

function mintTo(collection: Address, to: Address, id: bigint, amount: bigint) {
  return mined(
    chain,
    chain.client.writeContract({
      account: accounts().minter,
      address: collection,
      abi: tokenHubERC1155Abi,
      functionName: "mintTo",
      args: [to, id, amount],
    }),
  );
}

const balanceOf = (collection: Address, owner: Address, id: bigint) =>
  chain.client.readContract({
    address: collection,
    abi: tokenHubERC1155Abi,
    functionName: "balanceOf",
    args: [owner, id],
  });

describe("TokenHubERC1155 minting", () => {
  it("has the name and symbol it was created with", async () => {
    const read = (functionName: "name" | "symbol" | "transferable") =>
      chain.client.readContract({ address: transferable, abi: tokenHubERC1155Abi, functionName });
    expect(await read("name")).toBe("Items");
    expect(await read("symbol")).toBe("ITM");
    expect(await read("transferable")).toBe(true);
  });

  it("mintTo mints an amount of one id", async () => {
    const { minter, alice } = accounts();
    const receipt = await mintTo(transferable, alice.address, 7n, 30n);
    expect(eventArgs(tokenHubERC1155Abi, receipt, "TransferSingle")).toEqual([
      { operator: minter.address, from: zeroAddress, to: alice.address, id: 7n, value: 30n },
    ]);
    expect(await balanceOf(transferable, alice.address, 7n)).toBe(30n);
  });

  it("mintBatch mints every (recipient, id, amount) in one transaction, one TransferSingle each", async () => {
    const { minter, alice, bob } = accounts();
    const receipt = await mined(
      chain,
      chain.client.writeContract({
        account: minter,
        address: transferable,
        abi: tokenHubERC1155Abi,
        functionName: "mintBatch",
        args: [
          [alice.address, bob.address, alice.address],
          [1n, 1n, 2n],
          [10n, 20n, 5n],
        ],
      }),
    );
    expect(eventArgs(tokenHubERC1155Abi, receipt, "TransferSingle").map(({ to, id, value }) => [to, id, value])).toEqual(
      [
        [alice.address, 1n, 10n],
        [bob.address, 1n, 20n],
        [alice.address, 2n, 5n],
      ],
    );
    expect(await balanceOf(transferable, alice.address, 1n)).toBe(10n);
    expect(await balanceOf(transferable, bob.address, 1n)).toBe(20n);
    expect(await balanceOf(transferable, alice.address, 2n)).toBe(5n);
  });

  it.each([
    [2, 1, 1],
    [1, 2, 1],
    [1, 1, 2],
  ])("mintBatch rejects %i recipients, %i ids, %i amounts", async (recipients, ids, amounts) => {
    const { minter, alice } = accounts();
    await expectRevert(
      chain.client.writeContract({
        account: minter,
        address: transferable,
        abi: tokenHubERC1155Abi,
        functionName: "mintBatch",
        args: [Array(recipients).fill(alice.address), Array(ids).fill(1n), Array(amounts).fill(1n)],
      }),
      "MintBatchLengthMismatch",
      [BigInt(recipients), BigInt(ids), BigInt(amounts)],
    );
  });

  it("mintTo and mintBatch need MINTER_ROLE", async () => {
    const { admin } = accounts();
    const request = { account: admin, address: transferable, abi: tokenHubERC1155Abi } as const;
    await expectMissingRole(
      chain.client.writeContract({ ...request, functionName: "mintTo", args: [admin.address, 1n, 1n] }),
      admin.address,
      MINTER_ROLE,
    );
    await expectMissingRole(
      chain.client.writeContract({ ...request, functionName: "mintBatch", args: [[admin.address], [1n], [1n]] }),
      admin.address,
      MINTER_ROLE,
    );
  });
});

describe("TokenHubERC1155 mint checks", () => {
  it("mintTo and mintBatch refuse the zero address and a contract without onERC1155Received, minting nothing", async () => {
    const { minter, alice } = accounts();
    const request = { account: minter, address: transferable, abi: tokenHubERC1155Abi } as const;
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintTo", args: [zeroAddress, 1n, 1n] }), "ERC1155InvalidReceiver", [zeroAddress]);
    await expectRevert(chain.client.writeContract({ ...request, functionName: "mintTo", args: [soulbound, 1n, 1n] }), "ERC1155InvalidReceiver", [soulbound]);
    await expectRevert(
      chain.client.writeContract({ ...request, functionName: "mintBatch", args: [[alice.address, soulbound], [1n, 1n], [1n, 1n]] }),
      "ERC1155InvalidReceiver",
      [soulbound],
    );
    expect(await balanceOf(transferable, alice.address, 1n)).toBe(0n);
  });

  it("a mint touches the minter's role and the recipient's balance: never transferable", async () => {
    const { minter, alice } = accounts();
    await mintTo(soulbound, minter.address, 1n, 1n);
    const hash = await chain.client.writeContract({ account: minter, address: soulbound, abi: tokenHubERC1155Abi, functionName: "mintTo", args: [alice.address, 1n, 2n] });
    await mined(chain, Promise.resolve(hash));
    // ERC-7201 namespaces of OpenZeppelin's AccessControl and ERC1155 (balances by id, then account, at +0).
    const accessControl = 0x02dd7bc7dec4dceedda775e58dd541e08a116c6c53815c0bd028192f7b626800n;
    const erc1155 = 0x88be536d5240c274a3b1d3a1be54482fd9caa294f08c62a7cde569f49a3c4500n;
    const slotOf = (types: readonly [string, string], values: readonly [unknown, unknown]) =>
      keccak256(encodeAbiParameters(types.map((type) => ({ type })), values as never));
    const roleMembers = BigInt(slotOf(["bytes32", "uint256"], [MINTER_ROLE, accessControl]));
    const balancesOfId = BigInt(slotOf(["uint256", "uint256"], [1n, erc1155]));
    expect(await storageSlotsTouched(chain, hash, soulbound)).toEqual(
      [slotOf(["address", "uint256"], [minter.address, roleMembers]), slotOf(["address", "uint256"], [alice.address, balancesOfId])].sort(),
    );
  });
});

describe("TokenHubERC1155 transfers", () => {
  it("are allowed when the collection is transferable", async () => {
    const { alice, bob } = accounts();
    await mintTo(transferable, alice.address, 1n, 10n);
    await mined(
      chain,
      chain.client.writeContract({
        account: alice,
        address: transferable,
        abi: tokenHubERC1155Abi,
        functionName: "safeTransferFrom",
        args: [alice.address, bob.address, 1n, 4n, "0x"],
      }),
    );
    expect(await balanceOf(transferable, bob.address, 1n)).toBe(4n);
  });

  it("revert with Soulbound when it is not, while minting still works", async () => {
    const { alice, bob } = accounts();
    await mintTo(soulbound, alice.address, 1n, 10n);
    expect(await balanceOf(soulbound, alice.address, 1n)).toBe(10n);
    const request = { account: alice, address: soulbound, abi: tokenHubERC1155Abi } as const;
    await expectRevert(
      chain.client.writeContract({
        ...request,
        functionName: "safeTransferFrom",
        args: [alice.address, bob.address, 1n, 1n, "0x"],
      }),
      "Soulbound",
    );
    await expectRevert(
      chain.client.writeContract({
        ...request,
        functionName: "safeBatchTransferFrom",
        args: [alice.address, bob.address, [1n], [1n], "0x"],
      }),
      "Soulbound",
    );
  });
});

describe("TokenHubERC1155 metadata", () => {
  const write = (functionName: string, args: readonly unknown[] = [], account = accounts().minter) =>
    chain.client.writeContract({
      account,
      address: transferable,
      abi: tokenHubERC1155Abi,
      functionName,
      args,
    } as Parameters<typeof chain.client.writeContract>[0]);
  const uri = (id: bigint) =>
    chain.client.readContract({ address: transferable, abi: tokenHubERC1155Abi, functionName: "uri", args: [id] });
  const contractURI = () =>
    chain.client.readContract({ address: transferable, abi: tokenHubERC1155Abi, functionName: "contractURI" });

  it("uri is {contractURI}/{id} and contractURI is {root}{chainId}/{lowercase address}", async () => {
    expect(await contractURI()).toBe(expectedContractURI(chain, transferable));
    expect(await uri(42n)).toBe(`${expectedContractURI(chain, transferable)}/42`);
  });

  it("setBaseURI changes every uri and emits BatchMetadataUpdate for the whole collection", async () => {
    const receipt = await mined(chain, write("setBaseURI", ["ipfs://cid/"]));
    expect(eventArgs(tokenHubERC1155Abi, receipt, "BatchMetadataUpdate")).toEqual([
      { _fromTokenId: 0n, _toTokenId: maxUint256 },
    ]);
    expect(await uri(3n)).toBe("ipfs://cid/3");
  });

  it("setContractURI replaces contractURI and emits ContractURIUpdated", async () => {
    const receipt = await mined(chain, write("setContractURI", ["ipfs://collection"]));
    expect(eventArgs(tokenHubERC1155Abi, receipt, "ContractURIUpdated")).toHaveLength(1);
    expect(await contractURI()).toBe("ipfs://collection");
  });

  it("notifyMetadataUpdate emits MetadataUpdate and URI with the token's uri", async () => {
    const receipt = await mined(chain, write("notifyMetadataUpdate", [5n]));
    expect(eventArgs(tokenHubERC1155Abi, receipt, "MetadataUpdate")).toEqual([{ _tokenId: 5n }]);
    expect(eventArgs(tokenHubERC1155Abi, receipt, "URI")).toEqual([
      { value: `${expectedContractURI(chain, transferable)}/5`, id: 5n },
    ]);
  });

  it("notifyBatchMetadataUpdate and notifyContractURIUpdate emit their events", async () => {
    const batch = await mined(chain, write("notifyBatchMetadataUpdate", [0n, maxUint256]));
    expect(eventArgs(tokenHubERC1155Abi, batch, "BatchMetadataUpdate")).toEqual([
      { _fromTokenId: 0n, _toTokenId: maxUint256 },
    ]);
    const contract = await mined(chain, write("notifyContractURIUpdate"));
    expect(eventArgs(tokenHubERC1155Abi, contract, "ContractURIUpdated")).toHaveLength(1);
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

  it("supports ERC-4906, ERC-1155, ERC-1155 metadata URI, ERC-165, AccessControl and its batch mint", async () => {
    const supports = (id: `0x${string}`) =>
      chain.client.readContract({
        address: transferable,
        abi: tokenHubERC1155Abi,
        functionName: "supportsInterface",
        args: [id],
      });
    // The last: ITokenHubERC1155BatchMint, the selector of mintBatch(address[],uint256[],uint256[]).
    for (const id of ["0x49064906", "0xd9b67a26", "0x0e89341c", "0x01ffc9a7", "0x7965db0b", "0x57128683"] as const) {
      expect(await supports(id), id).toBe(true);
    }
    expect(await supports("0xffffffff")).toBe(false);
  });
});
