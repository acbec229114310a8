import { encodeFunctionData, maxUint256, zeroHash, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { type TestChain, isolateEachTest, startTestChain } from "../helpers/anvil.js";
import {
  createCollection,
  deployTokenHub,
  eventArgs,
  expectRevert,
  latestTimestamp,
  mined,
} from "./fixtures.js";
import { signMintPermit, signMintPermitWithId, uuidNonce, type MintPermit } from "./permits.js";

let chain: TestChain;
let erc20: Address;
let otherErc20: Address;
let erc721: Address;
let erc1155: Address;
beforeAll(async () => {
  chain = await startTestChain();
  const { tokenFactory } = await deployTokenHub(chain);
  const { admin, minter } = accounts();
  const spec = { from: admin, admin: admin.address, minters: [minter.address] };
  erc20 = await createCollection(chain, tokenFactory, { ...spec, kind: "ERC20" });
  otherErc20 = await createCollection(chain, tokenFactory, { ...spec, kind: "ERC20" });
  erc721 = await createCollection(chain, tokenFactory, { ...spec, kind: "ERC721" });
  erc1155 = await createCollection(chain, tokenFactory, { ...spec, kind: "ERC1155" });
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, alice, bob] = chain.accounts;
  return { admin: admin!, minter: minter!, alice: alice!, bob: bob! };
};

function permitFor(to: Address, amount: bigint, overrides: Partial<MintPermit> = {}): MintPermit {
  return { to, amount, nonce: uuidNonce(), deadline: maxUint256, ...overrides };
}

function redeemERC20(permit: MintPermit, signature: Hex, sender = accounts().alice) {
  return chain.client.writeContract({
    account: sender,
    address: erc20,
    abi: tokenHubERC20Abi,
    functionName: "mintWithPermit",
    args: [permit.to, permit.amount, permit.nonce, permit.deadline, signature],
  });
}

const erc20Balance = (owner: Address) =>
  chain.client.readContract({ address: erc20, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [owner] });
const isNonceUsed = (signer: Address, nonce: bigint) =>
  chain.client.readContract({
    address: erc20,
    abi: tokenHubERC20Abi,
    functionName: "isNonceUsed",
    args: [signer, nonce],
  });

describe("mintWithPermit", () => {
  it("verifies signatures under the PermitMint domain of the token (ERC-5267)", async () => {
    expect(
      await chain.client.readContract({ address: erc20, abi: tokenHubERC20Abi, functionName: "eip712Domain" }),
    ).toEqual(["0x0f", "PermitMint", "1", BigInt(chain.chainId), erc20, zeroHash, []]);
  });

  it("mints to a recipient who submits the permit and pays the gas; the signer pays nothing", async () => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 100n);
    const signature = await signMintPermit(minter, chain.chainId, erc20, permit);
    const [aliceEthBefore, minterEthBefore] = await Promise.all([
      chain.client.getBalance({ address: alice.address }),
      chain.client.getBalance({ address: minter.address }),
    ]);

    const receipt = await mined(chain, redeemERC20(permit, signature, alice));

    expect(await erc20Balance(alice.address)).toBe(100n);
    expect(receipt.from).toBe(alice.address.toLowerCase());
    expect(await chain.client.getBalance({ address: alice.address })).toBe(
      aliceEthBefore - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect(await chain.client.getBalance({ address: minter.address })).toBe(minterEthBefore);
    expect(eventArgs(tokenHubERC20Abi, receipt, "PermitUsed")).toEqual([{ signer: minter.address, nonce: permit.nonce }]);
    expect(await isNonceUsed(minter.address, permit.nonce)).toBe(true);
  });

  it("mints to the signed recipient whoever submits it", async () => {
    const { minter, alice, bob } = accounts();
    const permit = permitFor(alice.address, 5n);
    await mined(chain, redeemERC20(permit, await signMintPermit(minter, chain.chainId, erc20, permit), bob));
    expect(await erc20Balance(alice.address)).toBe(5n);
    expect(await erc20Balance(bob.address)).toBe(0n);
  });

  it("rejects an expired permit", async () => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 1n, { deadline: (await latestTimestamp(chain)) + 60n });
    const signature = await signMintPermit(minter, chain.chainId, erc20, permit);
    await chain.client.increaseTime({ seconds: 120 });
    await chain.client.mine({ blocks: 1 });
    await expectRevert(redeemERC20(permit, signature), "PermitExpired", [permit.deadline]);
  });

  it("rejects a replayed permit", async () => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 1n);
    const signature = await signMintPermit(minter, chain.chainId, erc20, permit);
    await mined(chain, redeemERC20(permit, signature));
    await expectRevert(redeemERC20(permit, signature), "PermitNonceUsed", [minter.address, permit.nonce]);
  });

  it.each([
    ["amount", (permit: MintPermit) => ({ ...permit, amount: permit.amount * 1000n })],
    ["recipient", (permit: MintPermit) => ({ ...permit, to: accounts().bob.address })],
    ["nonce", (permit: MintPermit) => ({ ...permit, nonce: permit.nonce + 1n })],
  ])("rejects a permit with a tampered %s", async (_field, tamper) => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 10n);
    const signature = await signMintPermit(minter, chain.chainId, erc20, permit);
    const [recovered] = await expectRevert(redeemERC20(tamper(permit), signature), "PermitSignerNotMinter");
    expect(recovered).not.toBe(minter.address);
  });

  it("rejects a permit signed by an account without MINTER_ROLE", async () => {
    const { alice } = accounts();
    const permit = permitFor(alice.address, 10n);
    const signature = await signMintPermit(alice, chain.chainId, erc20, permit);
    await expectRevert(redeemERC20(permit, signature), "PermitSignerNotMinter", [alice.address]);
  });

  it("rejects a permit signed for another collection", async () => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 10n);
    const signature = await signMintPermit(minter, chain.chainId, otherErc20, permit);
    await expectRevert(redeemERC20(permit, signature), "PermitSignerNotMinter");
  });
});

describe("invalidateNonce", () => {
  it("revokes an outstanding permit of the caller", async () => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 10n);
    const signature = await signMintPermit(minter, chain.chainId, erc20, permit);
    const invalidate = () =>
      chain.client.writeContract({
        account: minter,
        address: erc20,
        abi: tokenHubERC20Abi,
        functionName: "invalidateNonce",
        args: [permit.nonce],
      });

    const receipt = await mined(chain, invalidate());
    expect(eventArgs(tokenHubERC20Abi, receipt, "NonceInvalidated")).toEqual([
      { signer: minter.address, nonce: permit.nonce },
    ]);
    expect(await isNonceUsed(minter.address, permit.nonce)).toBe(true);
    expect(await isNonceUsed(alice.address, permit.nonce)).toBe(false);
    await expectRevert(redeemERC20(permit, signature), "PermitNonceUsed", [minter.address, permit.nonce]);
    await expectRevert(invalidate(), "PermitNonceUsed", [minter.address, permit.nonce]);
  });
});

describe("multicall", () => {
  it("redeems several permits in one transaction", async () => {
    const { minter, alice, bob } = accounts();
    const permits = [permitFor(alice.address, 1n), permitFor(alice.address, 2n), permitFor(bob.address, 4n)];
    const calls = await Promise.all(
      permits.map(async (permit) =>
        encodeFunctionData({
          abi: tokenHubERC20Abi,
          functionName: "mintWithPermit",
          args: [
            permit.to,
            permit.amount,
            permit.nonce,
            permit.deadline,
            await signMintPermit(minter, chain.chainId, erc20, permit),
          ],
        }),
      ),
    );
    const receipt = await mined(
      chain,
      chain.client.writeContract({
        account: alice,
        address: erc20,
        abi: tokenHubERC20Abi,
        functionName: "multicall",
        args: [calls],
      }),
    );
    expect(eventArgs(tokenHubERC20Abi, receipt, "PermitUsed")).toEqual(
      permits.map(({ nonce }) => ({ signer: minter.address, nonce })),
    );
    expect(await erc20Balance(alice.address)).toBe(3n);
    expect(await erc20Balance(bob.address)).toBe(4n);
  });
});

describe("ERC-721 and ERC-1155 permits", () => {
  it("ERC-721: amount is the number of sequential tokens minted to the recipient", async () => {
    const { minter, alice } = accounts();
    const permit = permitFor(alice.address, 2n);
    const request = {
      account: alice,
      address: erc721,
      abi: tokenHubERC721Abi,
      functionName: "mintWithPermit",
      args: [
        permit.to,
        permit.amount,
        permit.nonce,
        permit.deadline,
        await signMintPermit(minter, chain.chainId, erc721, permit),
      ],
    } as const;
    expect((await chain.client.simulateContract(request)).result).toBe(1n);
    const receipt = await mined(chain, chain.client.writeContract(request));
    expect(eventArgs(tokenHubERC721Abi, receipt, "PermitUsed")).toEqual([{ signer: minter.address, nonce: permit.nonce }]);
    for (const tokenId of [1n, 2n]) {
      expect(
        await chain.client.readContract({
          address: erc721,
          abi: tokenHubERC721Abi,
          functionName: "ownerOf",
          args: [tokenId],
        }),
      ).toBe(alice.address);
    }
  });

  it("ERC-1155: the signed id and amount are minted; a tampered id is rejected; a replay too", async () => {
    const { minter, alice } = accounts();
    const permit = { ...permitFor(alice.address, 5n), id: 9n };
    const signature = await signMintPermitWithId(minter, chain.chainId, erc1155, permit);
    const redeem = (id: bigint) =>
      chain.client.writeContract({
        account: alice,
        address: erc1155,
        abi: tokenHubERC1155Abi,
        functionName: "mintWithPermit",
        args: [permit.to, id, permit.amount, permit.nonce, permit.deadline, signature],
      });

    await expectRevert(redeem(10n), "PermitSignerNotMinter");
    const receipt = await mined(chain, redeem(9n));
    expect(eventArgs(tokenHubERC1155Abi, receipt, "PermitUsed")).toEqual([
      { signer: minter.address, nonce: permit.nonce },
    ]);
    expect(
      await chain.client.readContract({
        address: erc1155,
        abi: tokenHubERC1155Abi,
        functionName: "balanceOf",
        args: [alice.address, 9n],
      }),
    ).toBe(5n);
    await expectRevert(redeem(9n), "PermitNonceUsed", [minter.address, permit.nonce]);
  });
});
