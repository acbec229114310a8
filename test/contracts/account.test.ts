import {
  encodeAbiParameters,
  encodeFunctionData,
  hashMessage,
  maxUint256,
  parseEther,
  zeroHash,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  erc6551RegistryAbi,
  tokenHubAccountAbi,
  tokenHubERC1155Abi,
  tokenHubERC20Abi,
  tokenHubERC721Abi,
} from "../../abis/index.js";
import { ERC6551_REGISTRY, type CoreAddresses } from "../../server/chain/deployCore.js";
import { type TestChain, isolateEachTest, startTestChain } from "../helpers/anvil.js";
import { signExecuteBatch, type Call, type SignedBatch } from "./accounts.js";
import { createCollection, deployTokenHub, eventArgs, expectRevert, latestTimestamp, mined } from "./fixtures.js";

/** The account's errors, plus those of the contracts it calls, so bubbled reverts decode by name. */
const accountAbi = [...tokenHubAccountAbi, ...tokenHubERC20Abi] as const;

let chain: TestChain;
let core: CoreAddresses;
let nft: Address;
let erc20: Address;
let erc1155: Address;
/** The account bound to NFT #1, which `owner` holds; funded with 1 ETH and 1000 ERC-20 units. */
let account: Address;

const accounts = () => {
  const [admin, minter, owner, stranger, recipient] = chain.accounts;
  return { admin: admin!, minter: minter!, owner: owner!, stranger: stranger!, recipient: recipient! };
};

beforeAll(async () => {
  chain = await startTestChain();
  core = await deployTokenHub(chain);
  const { admin, minter, owner } = accounts();
  const spec = { from: admin, admin: admin.address, minters: [minter.address] };
  nft = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC721" });
  erc20 = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC20" });
  erc1155 = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC1155" });
  await mintNft(owner.address);
  account = await createAccount(1n);
  await mined(chain, chain.client.sendTransaction({ account: admin, to: account, value: parseEther("1") }));
  await mined(
    chain,
    chain.client.writeContract({
      account: minter,
      address: erc20,
      abi: tokenHubERC20Abi,
      functionName: "mintTo",
      args: [account, 1000n],
    }),
  );
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

async function mintNft(to: Address): Promise<void> {
  await mined(
    chain,
    chain.client.writeContract({
      account: accounts().minter,
      address: nft,
      abi: tokenHubERC721Abi,
      functionName: "mintTo",
      args: [to, 1n],
    }),
  );
}

function accountArgs(tokenId: bigint, chainId: number = chain.chainId) {
  return [core.accountImplementation, zeroHash, BigInt(chainId), nft, tokenId] as const;
}

async function createAccount(tokenId: bigint, chainId?: number): Promise<Address> {
  const args = accountArgs(tokenId, chainId);
  await mined(
    chain,
    chain.client.writeContract({
      account: accounts().stranger,
      address: ERC6551_REGISTRY,
      abi: erc6551RegistryAbi,
      functionName: "createAccount",
      args,
    }),
  );
  return chain.client.readContract({ address: ERC6551_REGISTRY, abi: erc6551RegistryAbi, functionName: "account", args });
}

const readAccount = {
  state: (address = account) =>
    chain.client.readContract({ address, abi: tokenHubAccountAbi, functionName: "state" }),
  isNonceUsed: (nonce: bigint, address = account) =>
    chain.client.readContract({ address, abi: tokenHubAccountAbi, functionName: "isNonceUsed", args: [nonce] }),
};
const erc20Balance = (owner: Address) =>
  chain.client.readContract({ address: erc20, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [owner] });
const transferErc20 = (to: Address, amount: bigint): Call => ({
  to: erc20,
  value: 0n,
  data: encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "transfer", args: [to, amount] }),
});
const sendEth = (to: Address, value: bigint): Call => ({ to, value, data: "0x" });

describe("ERC-6551 registry", () => {
  it("creates the account at the address account() predicts and announces it", async () => {
    const { owner, stranger } = accounts();
    await mintNft(owner.address);
    const args = accountArgs(2n);
    const predicted = await chain.client.readContract({
      address: ERC6551_REGISTRY,
      abi: erc6551RegistryAbi,
      functionName: "account",
      args,
    });
    const receipt = await mined(
      chain,
      chain.client.writeContract({
        account: stranger,
        address: ERC6551_REGISTRY,
        abi: erc6551RegistryAbi,
        functionName: "createAccount",
        args,
      }),
    );
    expect(eventArgs(erc6551RegistryAbi, receipt, "ERC6551AccountCreated")).toEqual([
      {
        account: predicted,
        implementation: core.accountImplementation,
        salt: zeroHash,
        chainId: BigInt(chain.chainId),
        tokenContract: nft,
        tokenId: 2n,
      },
    ]);
    // The proxy's 45 bytes followed by the (salt, chainId, tokenContract, tokenId) footer.
    expect(await chain.client.getCode({ address: predicted })).toHaveLength(2 + 173 * 2);
  });

  it("returns the existing account when asked again", async () => {
    const { result } = await chain.client.simulateContract({
      account: accounts().stranger,
      address: ERC6551_REGISTRY,
      abi: erc6551RegistryAbi,
      functionName: "createAccount",
      args: accountArgs(1n),
    });
    expect(result).toBe(account);
  });
});

describe("TokenHubAccount views", () => {
  it("token() reads the bound NFT from the proxy footer; owner() is its holder; state() starts at 0", async () => {
    expect(await chain.client.readContract({ address: account, abi: tokenHubAccountAbi, functionName: "token" })).toEqual(
      [BigInt(chain.chainId), nft, 1n],
    );
    expect(await chain.client.readContract({ address: account, abi: tokenHubAccountAbi, functionName: "owner" })).toBe(
      accounts().owner.address,
    );
    expect(await readAccount.state()).toBe(0n);
  });

  it("isValidSigner accepts only the owner", async () => {
    const { owner, stranger } = accounts();
    const isValidSigner = (signer: Address) =>
      chain.client.readContract({
        address: account,
        abi: tokenHubAccountAbi,
        functionName: "isValidSigner",
        args: [signer, "0x"],
      });
    expect(await isValidSigner(owner.address)).toBe("0x523e3260");
    expect(await isValidSigner(stranger.address)).toBe("0x00000000");
  });

  it("isValidSignature (EIP-1271) accepts only the owner's signatures", async () => {
    const { owner, stranger } = accounts();
    const hash = hashMessage("hello");
    const isValidSignature = async (signer: typeof owner) =>
      chain.client.readContract({
        address: account,
        abi: tokenHubAccountAbi,
        functionName: "isValidSignature",
        args: [hash, await signer.sign({ hash })],
      });
    expect(await isValidSignature(owner)).toBe("0x1626ba7e");
    expect(await isValidSignature(stranger)).toBe("0xffffffff");
  });

  it("supports ERC-165, ERC-6551 account and executable, and the token receiver interfaces", async () => {
    const supports = (id: Hex) =>
      chain.client.readContract({
        address: account,
        abi: tokenHubAccountAbi,
        functionName: "supportsInterface",
        args: [id],
      });
    for (const id of ["0x01ffc9a7", "0x6faff5f1", "0x51945447", "0x150b7a02", "0x4e2312e0"] as const) {
      expect(await supports(id), id).toBe(true);
    }
    expect(await supports("0xffffffff")).toBe(false);
  });

  it("has no owner when the NFT lives on another chain", async () => {
    const foreign = await createAccount(1n, 1);
    expect(await chain.client.readContract({ address: foreign, abi: tokenHubAccountAbi, functionName: "token" })).toEqual(
      [1n, nft, 1n],
    );
    expect(await chain.client.readContract({ address: foreign, abi: tokenHubAccountAbi, functionName: "owner" })).toBe(
      "0x0000000000000000000000000000000000000000",
    );
    const { owner } = accounts();
    await expectRevert(
      chain.client.writeContract({
        account: owner,
        address: foreign,
        abi: accountAbi,
        functionName: "execute",
        args: [owner.address, 0n, "0x", 0],
      }),
      "NotTokenOwner",
      [owner.address],
    );
  });
});

describe("TokenHubAccount receiving", () => {
  it("accepts ETH, ERC-721 and ERC-1155 tokens", async () => {
    const { admin, minter } = accounts();
    const balanceBefore = await chain.client.getBalance({ address: account });
    await mined(chain, chain.client.sendTransaction({ account: admin, to: account, value: 5n }));
    expect(await chain.client.getBalance({ address: account })).toBe(balanceBefore + 5n);

    await mintNft(account); // _safeMint: calls onERC721Received
    expect(
      await chain.client.readContract({ address: nft, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [2n] }),
    ).toBe(account);

    await mined(
      chain,
      chain.client.writeContract({
        account: minter,
        address: erc1155,
        abi: tokenHubERC1155Abi,
        functionName: "mintBatch",
        args: [[account], [3n], [7n]],
      }),
    );
    await mined(
      chain,
      chain.client.writeContract({
        account: minter,
        address: erc1155,
        abi: tokenHubERC1155Abi,
        functionName: "mintTo",
        args: [account, 3n, 1n],
      }),
    );
    expect(
      await chain.client.readContract({
        address: erc1155,
        abi: tokenHubERC1155Abi,
        functionName: "balanceOf",
        args: [account, 3n],
      }),
    ).toBe(8n);
  });

  it("refuses its own NFT, which would lock it forever", async () => {
    const { owner } = accounts();
    await expectRevert(
      chain.client.writeContract({
        account: owner,
        address: nft,
        abi: [...tokenHubERC721Abi, ...tokenHubAccountAbi],
        functionName: "safeTransferFrom",
        args: [owner.address, account, 1n],
      }),
      "OwnershipCycle",
    );
  });
});

describe("execute and executeBatch", () => {
  it("execute lets the owner send ETH", async () => {
    const { owner, recipient } = accounts();
    const before = await chain.client.getBalance({ address: recipient.address });
    const receipt = await mined(
      chain,
      chain.client.writeContract({
        account: owner,
        address: account,
        abi: accountAbi,
        functionName: "execute",
        args: [recipient.address, parseEther("0.4"), "0x", 0],
      }),
    );
    expect(await chain.client.getBalance({ address: recipient.address })).toBe(before + parseEther("0.4"));
    expect(eventArgs(tokenHubAccountAbi, receipt, "Executed")).toEqual([
      { executor: owner.address, to: recipient.address, value: parseEther("0.4"), data: "0x" },
    ]);
    expect(await readAccount.state()).toBe(1n);
  });

  it("execute lets the owner call a contract and returns its result", async () => {
    const { owner, recipient } = accounts();
    const call = transferErc20(recipient.address, 10n);
    const request = {
      account: owner,
      address: account,
      abi: accountAbi,
      functionName: "execute",
      args: [call.to, call.value, call.data, 0],
    } as const;
    const { result } = await chain.client.simulateContract(request);
    expect(result).toBe(encodeAbiParameters([{ type: "bool" }], [true]));
    const receipt = await mined(chain, chain.client.writeContract(request));
    expect(await erc20Balance(recipient.address)).toBe(10n);
    expect(eventArgs(tokenHubAccountAbi, receipt, "Executed")).toEqual([{ executor: owner.address, ...call }]);
  });

  it("executeBatch runs every call in order, one Executed event each", async () => {
    const { owner, recipient } = accounts();
    const calls = [sendEth(recipient.address, 3n), transferErc20(recipient.address, 20n)];
    const ethBefore = await chain.client.getBalance({ address: recipient.address });
    const receipt = await mined(
      chain,
      chain.client.writeContract({
        account: owner,
        address: account,
        abi: accountAbi,
        functionName: "executeBatch",
        args: [calls],
      }),
    );
    expect(await chain.client.getBalance({ address: recipient.address })).toBe(ethBefore + 3n);
    expect(await erc20Balance(recipient.address)).toBe(20n);
    expect(eventArgs(tokenHubAccountAbi, receipt, "Executed")).toEqual(
      calls.map((call) => ({ executor: owner.address, ...call })),
    );
    expect(await readAccount.state()).toBe(1n);
  });

  it("executeBatch is atomic and bubbles up the failing call's error", async () => {
    const { owner, recipient } = accounts();
    const ethBefore = await chain.client.getBalance({ address: recipient.address });
    await expectRevert(
      chain.client.writeContract({
        account: owner,
        address: account,
        abi: accountAbi,
        functionName: "executeBatch",
        args: [[sendEth(recipient.address, 3n), transferErc20(recipient.address, 1001n)]],
      }),
      "ERC20InsufficientBalance",
      [account, 1000n, 1001n],
    );
    expect(await chain.client.getBalance({ address: recipient.address })).toBe(ethBefore);
  });

  it("rejects any caller other than the owner", async () => {
    const { stranger } = accounts();
    const request = { account: stranger, address: account, abi: accountAbi } as const;
    await expectRevert(
      chain.client.writeContract({ ...request, functionName: "execute", args: [stranger.address, 1n, "0x", 0] }),
      "NotTokenOwner",
      [stranger.address],
    );
    await expectRevert(
      chain.client.writeContract({ ...request, functionName: "executeBatch", args: [[sendEth(stranger.address, 1n)]] }),
      "NotTokenOwner",
      [stranger.address],
    );
  });

  it("rejects operations other than CALL", async () => {
    const { owner } = accounts();
    await expectRevert(
      chain.client.writeContract({
        account: owner,
        address: account,
        abi: accountAbi,
        functionName: "execute",
        args: [owner.address, 0n, "0x", 1],
      }),
      "UnsupportedOperation",
      [1],
    );
  });
});

describe("executeBatchWithSig", () => {
  function relay(batch: SignedBatch, signature: Hex, address = account) {
    return chain.client.writeContract({
      account: accounts().stranger,
      address,
      abi: accountAbi,
      functionName: "executeBatchWithSig",
      args: [batch.calls, batch.nonce, batch.deadline, signature],
    });
  }
  let nextNonce = 1n;
  const batchOf = (calls: Call[], overrides: Partial<SignedBatch> = {}): SignedBatch => ({
    calls,
    nonce: nextNonce++,
    deadline: maxUint256,
    ...overrides,
  });

  it("runs a batch signed by an owner without ETH, relayed by someone who pays the gas", async () => {
    const { stranger, recipient } = accounts();
    const cloudKey = privateKeyToAccount(generatePrivateKey());
    await mintNft(cloudKey.address);
    const cloudAccount = await createAccount(2n);
    await mined(chain, chain.client.sendTransaction({ account: accounts().admin, to: cloudAccount, value: 10n }));

    const batch = batchOf([sendEth(recipient.address, 4n), sendEth(recipient.address, 6n)]);
    const signature = await signExecuteBatch(cloudKey, chain.chainId, cloudAccount, batch);
    const [recipientBefore, strangerBefore] = await Promise.all([
      chain.client.getBalance({ address: recipient.address }),
      chain.client.getBalance({ address: stranger.address }),
    ]);
    const receipt = await mined(chain, relay(batch, signature, cloudAccount));

    expect(await chain.client.getBalance({ address: recipient.address })).toBe(recipientBefore + 10n);
    expect(await chain.client.getBalance({ address: stranger.address })).toBe(
      strangerBefore - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect(await chain.client.getBalance({ address: cloudKey.address })).toBe(0n);
    expect(eventArgs(tokenHubAccountAbi, receipt, "Executed")).toEqual(
      batch.calls.map((call) => ({ executor: cloudKey.address, ...call })),
    );
    expect(await readAccount.isNonceUsed(batch.nonce, cloudAccount)).toBe(true);
    expect(await readAccount.state(cloudAccount)).toBe(1n);
  });

  it("rejects a replayed batch", async () => {
    const { owner, recipient } = accounts();
    const batch = batchOf([transferErc20(recipient.address, 1n)]);
    const signature = await signExecuteBatch(owner, chain.chainId, account, batch);
    await mined(chain, relay(batch, signature));
    await expectRevert(relay(batch, signature), "NonceAlreadyUsed", [batch.nonce]);
  });

  it("rejects an expired batch", async () => {
    const { owner, recipient } = accounts();
    const deadline = (await latestTimestamp(chain)) + 60n;
    const batch = batchOf([transferErc20(recipient.address, 1n)], { deadline });
    const signature = await signExecuteBatch(owner, chain.chainId, account, batch);
    await chain.client.increaseTime({ seconds: 120 });
    await chain.client.mine({ blocks: 1 });
    await expectRevert(relay(batch, signature), "SignatureExpired", [batch.deadline]);
  });

  it("rejects a batch signed by a former owner once the NFT was transferred", async () => {
    const { owner, recipient } = accounts();
    const batch = batchOf([transferErc20(owner.address, 1n)]);
    const signature = await signExecuteBatch(owner, chain.chainId, account, batch);
    await mined(
      chain,
      chain.client.writeContract({
        account: owner,
        address: nft,
        abi: tokenHubERC721Abi,
        functionName: "transferFrom",
        args: [owner.address, recipient.address, 1n],
      }),
    );
    await expectRevert(relay(batch, signature), "InvalidOwnerSignature");
  });

  it("rejects a batch signed by someone else, or with tampered calls", async () => {
    const { owner, stranger } = accounts();
    const batch = batchOf([transferErc20(stranger.address, 1n)]);
    await expectRevert(
      relay(batch, await signExecuteBatch(stranger, chain.chainId, account, batch)),
      "InvalidOwnerSignature",
    );
    const signature = await signExecuteBatch(owner, chain.chainId, account, batch);
    await expectRevert(relay({ ...batch, calls: [transferErc20(stranger.address, 999n)] }, signature), "InvalidOwnerSignature");
  });

  it("accepts an EIP-1271 signature when the owner is itself an account", async () => {
    const { owner, recipient } = accounts();
    // NFT #2 is held by the account of NFT #1, so NFT #2's account is controlled by owner through it.
    await mintNft(account);
    const nestedAccount = await createAccount(2n);
    await mined(chain, chain.client.sendTransaction({ account: accounts().admin, to: nestedAccount, value: 10n }));
    const batch = batchOf([sendEth(recipient.address, 10n)]);
    const signature = await signExecuteBatch(owner, chain.chainId, nestedAccount, batch);
    const before = await chain.client.getBalance({ address: recipient.address });
    const receipt = await mined(chain, relay(batch, signature, nestedAccount));
    expect(await chain.client.getBalance({ address: recipient.address })).toBe(before + 10n);
    expect(eventArgs(tokenHubAccountAbi, receipt, "Executed")).toEqual([
      { executor: account, to: recipient.address, value: 10n, data: "0x" },
    ]);
  });
});
