import { BaseError, ContractFunctionRevertedError, encodeAbiParameters, encodeFunctionData, keccak256, maxUint256, toHex, zeroAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC20Abi } from "../../abis/index.js";
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
let token: Address;
beforeAll(async () => {
  chain = await startTestChain();
  const { tokenFactory } = await deployTokenHub(chain);
  const { admin, minter } = accounts();
  token = await createCollection(chain, tokenFactory, {
    kind: "ERC20",
    from: admin,
    admin: admin.address,
    minters: [minter.address],
    decimals: 6,
  });
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, alice, bob] = chain.accounts;
  return { admin: admin!, minter: minter!, alice: alice!, bob: bob! };
};
const read = {
  balanceOf: (owner: Address) =>
    chain.client.readContract({ address: token, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [owner] }),
  contractURI: () => chain.client.readContract({ address: token, abi: tokenHubERC20Abi, functionName: "contractURI" }),
};

describe("TokenHubERC20", () => {
  it("has the decimals it was created with", async () => {
    expect(await chain.client.readContract({ address: token, abi: tokenHubERC20Abi, functionName: "decimals" })).toBe(
      6,
    );
  });

  it("mintTo: a minter mints to anyone; nobody else can", async () => {
    const { minter, alice, admin } = accounts();
    const request = { address: token, abi: tokenHubERC20Abi, functionName: "mintTo" } as const;
    const receipt = await mined(
      chain,
      chain.client.writeContract({ ...request, account: minter, args: [alice.address, 1_500_000n] }),
    );
    expect(eventArgs(tokenHubERC20Abi, receipt, "Transfer")).toEqual([
      { from: "0x0000000000000000000000000000000000000000", to: alice.address, value: 1_500_000n },
    ]);
    expect(await read.balanceOf(alice.address)).toBe(1_500_000n);

    for (const caller of [alice, admin]) {
      await expectMissingRole(
        chain.client.writeContract({ ...request, account: caller, args: [caller.address, 1n] }),
        caller.address,
        MINTER_ROLE,
      );
    }
  });

  it("multicall batches several mints in one transaction", async () => {
    const { minter, alice, bob } = accounts();
    const mint = (to: Address, amount: bigint) =>
      encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "mintTo", args: [to, amount] });
    await mined(
      chain,
      chain.client.writeContract({
        account: minter,
        address: token,
        abi: tokenHubERC20Abi,
        functionName: "multicall",
        args: [[mint(alice.address, 1n), mint(bob.address, 2n), mint(alice.address, 3n)]],
      }),
    );
    expect(await read.balanceOf(alice.address)).toBe(4n);
    expect(await read.balanceOf(bob.address)).toBe(2n);
  });

  it("mintToMany credits every recipient in order, one Transfer each, and counts the supply once", async () => {
    const { minter, alice, bob } = accounts();
    await mined(chain, chain.client.writeContract({ account: minter, address: token, abi: tokenHubERC20Abi, functionName: "mintTo", args: [alice.address, 10n] }));
    const receipt = await mined(
      chain,
      chain.client.writeContract({
        account: minter,
        address: token,
        abi: tokenHubERC20Abi,
        functionName: "mintToMany",
        args: [[bob.address, alice.address, bob.address], [1n, 2n, 3n]],
      }),
    );
    expect(eventArgs(tokenHubERC20Abi, receipt, "Transfer")).toEqual([
      { from: zeroAddress, to: bob.address, value: 1n },
      { from: zeroAddress, to: alice.address, value: 2n },
      { from: zeroAddress, to: bob.address, value: 3n },
    ]);
    expect([await read.balanceOf(alice.address), await read.balanceOf(bob.address)]).toEqual([12n, 4n]);
    expect(await chain.client.readContract({ address: token, abi: tokenHubERC20Abi, functionName: "totalSupply" })).toBe(16n);
  });

  it("mintToMany rejects mismatched lists, a zero address, a supply overflow, and a caller without MINTER_ROLE", async () => {
    const { minter, alice, bob } = accounts();
    const mintToMany = (to: Address[], amounts: bigint[], account = minter) =>
      chain.client.writeContract({ account, address: token, abi: tokenHubERC20Abi, functionName: "mintToMany", args: [to, amounts] });
    await expectRevert(mintToMany([alice.address, bob.address], [1n]), "MintToManyLengthMismatch", [2n, 1n]);
    await expectRevert(mintToMany([alice.address, zeroAddress], [1n, 1n]), "ERC20InvalidReceiver", [zeroAddress]);
    await mined(chain, chain.client.writeContract({ account: minter, address: token, abi: tokenHubERC20Abi, functionName: "mintTo", args: [alice.address, maxUint256 - 5n] }));
    // Checked arithmetic, as minting one by one would hit on the same mint.
    const overflow = await mintToMany([bob.address, bob.address], [5n, 1n]).catch((error: BaseError) => error.walk((e) => e instanceof ContractFunctionRevertedError));
    expect((overflow as ContractFunctionRevertedError).data?.args).toEqual([0x11n]);
    expect(await read.balanceOf(bob.address)).toBe(0n);
    await expectMissingRole(mintToMany([bob.address], [1n], bob), bob.address, MINTER_ROLE);
  });

  it("a mint touches the minter's role, the supply and the recipient's balance", async () => {
    const { minter, alice, bob } = accounts();
    const mint = (to: Address) => chain.client.writeContract({ account: minter, address: token, abi: tokenHubERC20Abi, functionName: "mintTo", args: [to, 1n] });
    await mined(chain, mint(alice.address));
    const hash = await mint(bob.address);
    await mined(chain, Promise.resolve(hash));
    // ERC-7201 namespaces of OpenZeppelin's AccessControl and ERC20 (balances at +0, the supply at +2).
    const accessControl = 0x02dd7bc7dec4dceedda775e58dd541e08a116c6c53815c0bd028192f7b626800n;
    const erc20 = 0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00n;
    const roleMembers = BigInt(keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [MINTER_ROLE, accessControl])));
    const addressKey = (key: Address, slot: bigint) => keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key, slot]));
    expect(await storageSlotsTouched(chain, hash, token)).toEqual(
      [addressKey(minter.address, roleMembers), toHex(erc20 + 2n, { size: 32 }), addressKey(bob.address, erc20)].sort(),
    );
  });

  it("lets the admin grant the minter role", async () => {
    const { admin, bob } = accounts();
    await mined(
      chain,
      chain.client.writeContract({
        account: admin,
        address: token,
        abi: tokenHubERC20Abi,
        functionName: "grantRole",
        args: [MINTER_ROLE, bob.address],
      }),
    );
    await mined(
      chain,
      chain.client.writeContract({
        account: bob,
        address: token,
        abi: tokenHubERC20Abi,
        functionName: "mintTo",
        args: [bob.address, 5n],
      }),
    );
    expect(await read.balanceOf(bob.address)).toBe(5n);
  });

  describe("contract metadata (ERC-7572)", () => {
    it("defaults contractURI to {root}{chainId}/{lowercase address}", async () => {
      expect(await read.contractURI()).toBe(expectedContractURI(chain, token));
    });

    it("setContractURI replaces it and emits ContractURIUpdated", async () => {
      const { minter } = accounts();
      const receipt = await mined(
        chain,
        chain.client.writeContract({
          account: minter,
          address: token,
          abi: tokenHubERC20Abi,
          functionName: "setContractURI",
          args: ["ipfs://collection"],
        }),
      );
      expect(eventArgs(tokenHubERC20Abi, receipt, "ContractURIUpdated")).toHaveLength(1);
      expect(await read.contractURI()).toBe("ipfs://collection");
    });

    it("notifyContractURIUpdate emits ContractURIUpdated", async () => {
      const { minter } = accounts();
      const receipt = await mined(
        chain,
        chain.client.writeContract({
          account: minter,
          address: token,
          abi: tokenHubERC20Abi,
          functionName: "notifyContractURIUpdate",
        }),
      );
      expect(eventArgs(tokenHubERC20Abi, receipt, "ContractURIUpdated")).toHaveLength(1);
    });

    it("needs METADATA_ROLE", async () => {
      const { alice } = accounts();
      const request = { account: alice, address: token, abi: tokenHubERC20Abi } as const;
      await expectMissingRole(
        chain.client.writeContract({ ...request, functionName: "setContractURI", args: ["x"] }),
        alice.address,
        METADATA_ROLE,
      );
      await expectMissingRole(
        chain.client.writeContract({ ...request, functionName: "notifyContractURIUpdate" }),
        alice.address,
        METADATA_ROLE,
      );
    });
  });

  it("supports ERC-165, AccessControl and its batch mint", async () => {
    const supports = (id: `0x${string}`) =>
      chain.client.readContract({ address: token, abi: tokenHubERC20Abi, functionName: "supportsInterface", args: [id] });
    expect(await supports("0x01ffc9a7")).toBe(true);
    expect(await supports("0x7965db0b")).toBe(true);
    // ITokenHubERC20BatchMint: the selector of mintToMany(address[],uint256[]).
    expect(await supports("0x92524725")).toBe(true);
    expect(await supports("0xffffffff")).toBe(false);
  });
});
