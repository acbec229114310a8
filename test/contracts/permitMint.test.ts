import { encodeAbiParameters, encodeFunctionData, keccak256, maxUint256, zeroHash, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { type TestChain, isolateEachTest, startTestChain } from "../helpers/anvil.js";
import {
  MINTER_ROLE,
  createCollection,
  deployTokenHub,
  eventArgs,
  expectRevert,
  latestTimestamp,
  mined,
  storageSlotsTouched,
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

const slotOf = (type: "address" | "uint256", key: Address | bigint, slot: bigint) =>
  keccak256(encodeAbiParameters([{ type }, { type: "uint256" }], [key as never, slot]));

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

describe("sequential nonces (what tokenhub issues: one counter per signer and collection)", () => {
  /** The start of a word of the nonce bitmap: the 256 nonces from here share one storage slot. */
  const WORD = 7n << 8n;

  async function signed(nonces: bigint[]) {
    const { minter, alice } = accounts();
    return Promise.all(
      nonces.map(async (nonce) => {
        const permit = permitFor(alice.address, nonce - WORD + 1n, { nonce });
        return { permit, signature: await signMintPermit(minter, chain.chainId, erc20, permit) };
      }),
    );
  }

  it("redeem in any order, each once", async () => {
    const { minter, alice } = accounts();
    const [first, second, third] = await signed([WORD, WORD + 1n, WORD + 2n]);
    for (const { permit, signature } of [third!, first!, second!]) await mined(chain, redeemERC20(permit, signature));
    expect(await erc20Balance(alice.address)).toBe(1n + 2n + 3n);
    await expectRevert(redeemERC20(second!.permit, second!.signature), "PermitNonceUsed", [minter.address, WORD + 1n]);
    expect(await isNonceUsed(minter.address, WORD + 3n)).toBe(false);
  });

  it("a revoked one is refused while its neighbours stay redeemable", async () => {
    const { minter, alice } = accounts();
    const [first, second, third] = await signed([WORD, WORD + 1n, WORD + 2n]);
    await mined(chain, chain.client.writeContract({ account: minter, address: erc20, abi: tokenHubERC20Abi, functionName: "invalidateNonce", args: [WORD + 1n] }));
    await expectRevert(redeemERC20(second!.permit, second!.signature), "PermitNonceUsed", [minter.address, WORD + 1n]);
    await mined(chain, redeemERC20(third!.permit, third!.signature));
    await mined(chain, redeemERC20(first!.permit, first!.signature));
    expect(await erc20Balance(alice.address)).toBe(1n + 3n);
  });

  it("consecutive redemptions write the same bitmap word: only the first pays for a fresh slot", async () => {
    const { minter } = accounts();
    const redeemed = [];
    for (const { permit, signature } of await signed([WORD, WORD + 1n, WORD + 2n])) {
      const hash = await redeemERC20(permit, signature);
      redeemed.push({ receipt: await mined(chain, Promise.resolve(hash)), slots: await storageSlotsTouched(chain, hash, erc20) });
    }
    // The bitmaps are PermitMint's mapping at slot 1 of the ERC-20's layout (after ContractMetadata's URI), for the
    // nonces above the 248 of the signer's role slot: word 6 holds nonces 248 + 6 * 256 to 248 + 6 * 256 + 255.
    const bitmapWord = slotOf("uint256", (WORD - 248n) >> 8n, BigInt(slotOf("address", minter.address, 1n)));
    for (const { slots } of redeemed) expect(slots).toContain(bitmapWord);
    const [first, , third] = redeemed;
    // A fresh slot costs 20,000 to write, an already written one 2,900.
    expect(first!.receipt.gasUsed - third!.receipt.gasUsed).toBeGreaterThan(15_000n);
  });
});

describe("a signer's first 248 nonces, kept in its MINTER_ROLE slot", () => {
  /** AccessControl's `hasRole[MINTER_ROLE][account]` slot: its bool in the low byte, nonces 0 to 247 in the bits above. */
  const roleSlot = (account: Address) => slotOf("address", account, 0x549fe2656c81d2947b3b913f0a53b9ea86c71e049f3a1b8aa23c09a8a05cb8d4n);
  const roleSlotValue = async (account: Address) => BigInt((await chain.client.getStorageAt({ address: erc20, slot: roleSlot(account) }))!);
  const hasRole = (account: Address) =>
    chain.client.readContract({ address: erc20, abi: tokenHubERC20Abi, functionName: "hasRole", args: [MINTER_ROLE, account] });

  it("are redeemed and refused again exactly as the bitmap's, reading and writing no other slot than the role check's", async () => {
    const { minter, alice } = accounts();
    const permits = await Promise.all(
      [0n, 1n, 247n, 248n].map(async (nonce) => {
        const permit = permitFor(alice.address, 1n, { nonce });
        return { permit, signature: await signMintPermit(minter, chain.chainId, erc20, permit) };
      }),
    );
    const slots = [];
    for (const { permit, signature } of permits) {
      const hash = await redeemERC20(permit, signature);
      await mined(chain, Promise.resolve(hash));
      slots.push(await storageSlotsTouched(chain, hash, erc20));
      expect(await isNonceUsed(minter.address, permit.nonce)).toBe(true);
      await expectRevert(redeemERC20(permit, signature), "PermitNonceUsed", [minter.address, permit.nonce]);
    }
    // Nonces 0, 1 and 247: bits 8, 9 and 255 of the role slot, the role's byte untouched; 248 is the bitmap's first.
    expect(await roleSlotValue(minter.address)).toBe(1n | (1n << 8n) | (1n << 9n) | (1n << 255n));
    expect(await hasRole(minter.address)).toBe(true);
    const bitmapWord = slotOf("uint256", 0n, BigInt(slotOf("address", minter.address, 1n)));
    for (const touched of slots.slice(0, 3)) expect(touched).not.toContain(bitmapWord);
    expect(slots[3]).toContain(bitmapWord);
    for (const nonce of [2n, 246n, 249n]) expect(await isNonceUsed(minter.address, nonce)).toBe(false);
  });

  it("survive the role's revocation and grant, which change only its byte, and give no role to an account without it", async () => {
    const { admin, minter, bob } = accounts();
    const write = (account: typeof minter, functionName: "invalidateNonce", args: [bigint]) =>
      mined(chain, chain.client.writeContract({ account, address: erc20, abi: tokenHubERC20Abi, functionName, args }));
    await write(minter, "invalidateNonce", [5n]);
    const role = (functionName: "revokeRole" | "grantRole", account: Address) =>
      mined(chain, chain.client.writeContract({ account: admin, address: erc20, abi: tokenHubERC20Abi, functionName, args: [MINTER_ROLE, account] }));
    await role("revokeRole", minter.address);
    expect([await hasRole(minter.address), await isNonceUsed(minter.address, 5n)]).toEqual([false, true]);
    expect(await roleSlotValue(minter.address)).toBe(1n << 13n);
    await role("grantRole", minter.address);
    expect([await hasRole(minter.address), await isNonceUsed(minter.address, 5n), await isNonceUsed(minter.address, 6n)]).toEqual([true, true, false]);
    // Anyone may revoke nonces of their own: an account without the role keeps its bits and still has no role.
    await write(bob, "invalidateNonce", [0n]);
    expect([await hasRole(bob.address), await isNonceUsed(bob.address, 0n), await roleSlotValue(bob.address)]).toEqual([false, true, 1n << 8n]);
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
