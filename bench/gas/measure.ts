import {
  type Abi,
  type Address,
  concat,
  createTestClient,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  hexToBytes,
  http,
  keccak256,
  maxUint256,
  parseEventLogs,
  publicActions,
  toHex,
  walletActions,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import {
  tokenFactoryAbi,
  tokenHubERC1155Abi,
  tokenHubERC1155Bytecode,
  tokenHubERC20Abi,
  tokenHubERC20Bytecode,
  tokenHubERC721Abi,
  tokenHubERC721Bytecode,
} from "../../abis/index.js";
import { DEFAULT_ANVIL_MNEMONIC } from "../../src/chain/anvil.js";
import { deployCore, deployFirstGeneration } from "../../src/chain/deployCore.js";
import { encodeMintWithPermit, signMintPermit } from "../../src/chain/mintPermit.js";
import { compileReferences } from "./references.js";
import { CLONE_PREMIUM, type DeploymentFigures, type GasReport, type GasRow } from "./targets.js";

type Kind = "erc20" | "erc721" | "erc1155";

const KINDS = [
  { kind: "erc20", label: "ERC-20", bytecode: tokenHubERC20Bytecode },
  { kind: "erc721", label: "ERC-721", bytecode: tokenHubERC721Bytecode },
  { kind: "erc1155", label: "ERC-1155", bytecode: tokenHubERC1155Bytecode },
] as const;

const METADATA_ROOT = "https://tokenhub.example/metadata/";
const ONE_TOKEN = 10n ** 18n;

let handed = 0n;

/**
 * A new address every time, the same sequence in every run, without zero bytes: calldata costs 4 gas per zero byte
 * and 16 per other byte, so random addresses would make the two sides of a ratio differ by chance.
 */
function freshAddress(): Address {
  const bytes = hexToBytes(keccak256(toHex(++handed, { size: 32 }))).slice(12);
  return getAddress(toHex(bytes.map((byte) => byte || 1)));
}

function freshAddresses(count: number): Address[] {
  return Array.from({ length: count }, freshAddress);
}

/** A 128-bit nonce as generation 1's service used (a permit's random UUID), without zero bytes likewise. */
function uuidNonce(): bigint {
  return BigInt(toHex(hexToBytes(keccak256(toHex(++handed, { size: 32 }))).slice(16).map((byte) => byte || 1)));
}

const ones = (count: number, value = 1n) => Array.from({ length: count }, () => value);

const encode = {
  erc721MintTo: (to: Address) => encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "mintTo", args: [to, 1n] }),
  erc1155MintTo: (to: Address) => encodeFunctionData({ abi: tokenHubERC1155Abi, functionName: "mintTo", args: [to, 1n, 1n] }),
  erc20MintTo: (to: Address) => encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "mintTo", args: [to, ONE_TOKEN] }),
  multicall: (calls: Hex[]) => encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "multicall", args: [calls] }),
};

/**
 * Measures every row of issue 20's table on the anvil at `rpcUrl`: tokenhub's generation 2 and generation 1 (both
 * deployed here from the bytecode in abis/) against reference contracts compiled in this run from the npm packages
 * installed. Every figure is a steady state: the same operation ran once before it (counters and role slots already
 * written), each mint goes to a fresh address, and joined mints are `batch` mints in one transaction.
 */
export async function measureGas(rpcUrl: string, options: { batch?: number; progress?: (line: string) => void } = {}): Promise<GasReport> {
  const batch = options.batch ?? 40;
  const progress = options.progress ?? (() => undefined);
  const chain = { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createTestClient({ mode: "anvil", chain, transport: http(rpcUrl), pollingInterval: 10 })
    .extend(publicActions)
    .extend(walletActions);
  const [deployer, minter, redeemer] = [0, 1, 2].map((addressIndex) => mnemonicToAccount(DEFAULT_ANVIL_MNEMONIC, { addressIndex }));

  const mined = async (hash: Promise<Hash>) => {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash, pollingInterval: 10 });
    if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };
  const gasOf = async (hash: Promise<Hash>) => Number((await mined(hash)).gasUsed);
  /** The second of two runs of `send`, per mint. */
  const steady = async (send: () => Promise<Hash>, mints = 1): Promise<number> => {
    await gasOf(send());
    return Math.round((await gasOf(send())) / mints);
  };
  const call = (to: Address, data: Hex, account = minter!) => client.sendTransaction({ account, to, data });

  progress("compiling the reference contracts");
  const references = await compileReferences();
  const reference = async (name: string) => {
    const compiled = references[name];
    if (!compiled) throw new Error(`no reference contract ${name}`);
    const receipt = await mined(client.deployContract({ account: deployer!, abi: compiled.abi, bytecode: compiled.bytecode, args: [minter!.address] }));
    const address = receipt.contractAddress!;
    return Object.assign((functionName: string, args: readonly unknown[]) => call(address, encodeFunctionData({ abi: compiled.abi as Abi, functionName, args })), { address });
  };
  const referenceCalldata = (name: string, functionName: string, args: readonly unknown[]) =>
    encodeFunctionData({ abi: references[name]!.abi as Abi, functionName, args });

  progress("deploying tokenhub (both generations) and the references");
  const current = (await deployCore(client, deployer!)).addresses;
  const first = await deployFirstGeneration(client, deployer!);
  const createCollection = async (factory: Address, kind: Kind): Promise<{ address: Address; gas: number }> => {
    const common = { account: deployer!, address: factory, abi: tokenFactoryAbi } as const;
    const hash =
      kind === "erc20"
        ? client.writeContract({ ...common, functionName: "createERC20", args: ["Bench", "BNC", 18, deployer!.address, [minter!.address], METADATA_ROOT] })
        : client.writeContract({
            ...common,
            functionName: kind === "erc721" ? "createERC721" : "createERC1155",
            args: ["Bench", "BNC", true, deployer!.address, [minter!.address], METADATA_ROOT],
          });
    const receipt = await mined(hash);
    const [created] = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
    return { address: created!.args.collection, gas: Number(receipt.gasUsed) };
  };
  const createEachKind = async (factory: Address) => ({
    erc20: await createCollection(factory, "erc20"),
    erc721: await createCollection(factory, "erc721"),
    erc1155: await createCollection(factory, "erc1155"),
  });
  const clones = await createEachKind(current.tokenFactory);
  const old = await createEachKind(first.tokenFactory);
  // The same code and storage without the proxy in front: what a full deployment of generation 2 costs per mint.
  const full = await createEachKind(current.tokenFactory);
  for (const { kind } of KINDS) {
    await client.setCode({ address: full[kind].address, bytecode: (await client.getCode({ address: current[`${kind}Implementation`] }))! });
  }
  const ozErc721 = await reference("ReferenceERC721");
  const erc721a = await reference("ReferenceERC721A");
  const ozErc1155 = await reference("ReferenceERC1155");
  const ozErc20 = await reference("ReferenceERC20");
  const ozPermit = await reference("ReferencePermitERC721");
  const rows: GasRow[] = [];

  progress("ERC-721 mints");
  rows.push({
    operation: "ERC-721 mint, fresh address",
    tokenhub: await steady(() => call(clones.erc721.address, encode.erc721MintTo(freshAddress()))),
    fullDeployment: await steady(() => call(full.erc721.address, encode.erc721MintTo(freshAddress()))),
    before: await steady(() => call(old.erc721.address, encode.erc721MintTo(freshAddress()))),
    reference: { name: "OpenZeppelin ERC721 safeMint", gas: await steady(() => ozErc721("safeMint", [freshAddress()])) },
    others: [
      { name: "ERC721A _safeMint", gas: await steady(() => erc721a("safeMint", [freshAddress()])) },
      { name: "ERC721A _mint", gas: await steady(() => erc721a("mint", [freshAddress()])) },
    ],
    target: { ratio: 1, clonePremium: CLONE_PREMIUM },
  });
  rows.push({
    operation: `ERC-721, ${batch} mints joined, per mint`,
    tokenhub: await steady(
      () => call(clones.erc721.address, encodeFunctionData({ abi: tokenHubERC721Abi, functionName: "mintToMany", args: [freshAddresses(batch)] })),
      batch,
    ),
    before: await steady(() => call(old.erc721.address, encode.multicall(freshAddresses(batch).map(encode.erc721MintTo))), batch),
    reference: { name: "ERC721A _safeMint loop", gas: await steady(() => erc721a("safeMintToMany", [freshAddresses(batch)]), batch) },
    others: [
      { name: "ERC721A _mint loop", gas: await steady(() => erc721a("mintToMany", [freshAddresses(batch)]), batch) },
      {
        name: "OpenZeppelin safeMint via multicall",
        gas: await steady(() => ozErc721("multicall", [freshAddresses(batch).map((to) => referenceCalldata("ReferenceERC721", "safeMint", [to]))]), batch),
      },
    ],
    target: { ratio: 1 },
  });

  progress("ERC-1155 mints");
  rows.push({
    operation: "ERC-1155 mint, new holder",
    tokenhub: await steady(() => call(clones.erc1155.address, encode.erc1155MintTo(freshAddress()))),
    fullDeployment: await steady(() => call(full.erc1155.address, encode.erc1155MintTo(freshAddress()))),
    before: await steady(() => call(old.erc1155.address, encode.erc1155MintTo(freshAddress()))),
    reference: { name: "OpenZeppelin ERC1155 mint", gas: await steady(() => ozErc1155("mint", [freshAddress(), 1n, 1n])) },
    others: [],
    target: { ratio: 1, clonePremium: CLONE_PREMIUM },
  });
  const mintBatch = (to: Address[]) => encodeFunctionData({ abi: tokenHubERC1155Abi, functionName: "mintBatch", args: [to, ones(to.length), ones(to.length)] });
  rows.push({
    operation: `ERC-1155, ${batch} mints joined, per mint`,
    tokenhub: await steady(() => call(clones.erc1155.address, mintBatch(freshAddresses(batch))), batch),
    before: await steady(() => call(old.erc1155.address, encode.multicall(freshAddresses(batch).map(encode.erc1155MintTo))), batch),
    reference: { name: "OpenZeppelin ERC1155 _mint loop", gas: await steady(() => ozErc1155("mintToMany", [freshAddresses(batch), ones(batch), ones(batch)]), batch) },
    others: [{ name: "generation 1's mintBatch", gas: await steady(() => call(old.erc1155.address, mintBatch(freshAddresses(batch))), batch) }],
    target: { ratio: 1 },
  });

  progress("ERC-20 mints");
  rows.push({
    operation: "ERC-20 mint, new holder",
    tokenhub: await steady(() => call(clones.erc20.address, encode.erc20MintTo(freshAddress()))),
    fullDeployment: await steady(() => call(full.erc20.address, encode.erc20MintTo(freshAddress()))),
    before: await steady(() => call(old.erc20.address, encode.erc20MintTo(freshAddress()))),
    reference: { name: "OpenZeppelin ERC20 mint", gas: await steady(() => ozErc20("mint", [freshAddress(), ONE_TOKEN])) },
    others: [],
    target: { ratio: 1, clonePremium: CLONE_PREMIUM },
  });
  rows.push({
    operation: `ERC-20, ${batch} mints joined, per mint`,
    tokenhub: await steady(
      () =>
        call(clones.erc20.address, encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "mintToMany", args: [freshAddresses(batch), ones(batch, ONE_TOKEN)] })),
      batch,
    ),
    before: await steady(() => call(old.erc20.address, encode.multicall(freshAddresses(batch).map(encode.erc20MintTo))), batch),
    reference: { name: "OpenZeppelin ERC20 _mint loop", gas: await steady(() => ozErc20("mintToMany", [freshAddresses(batch), ones(batch, ONE_TOKEN)]), batch) },
    others: [],
    target: { ratio: 1 },
  });

  progress("ERC-721 permit redemptions");
  // Generation 2's service numbers a signer's permits per collection, so consecutive ones share a word of the nonce
  // bitmap; generation 1's used random 128-bit UUIDs, each in a word of its own.
  let sequential = 1000n << 8n;
  const redeem = async (token: Address, nonce: bigint) => {
    const permit = { kind: "erc721", chainId: chain.id, token, to: freshAddress(), amount: 1n, nonce, deadline: maxUint256 } as const;
    return call(token, encodeMintWithPermit(permit, await signMintPermit(minter!, permit)), redeemer);
  };
  rows.push({
    operation: "ERC-721 mintWithPermit",
    tokenhub: await steady(() => redeem(clones.erc721.address, sequential++)),
    before: await steady(() => redeem(old.erc721.address, uuidNonce())),
    // The reference verifies the same typed data under the same domain: the same calldata redeems it.
    reference: { name: "the same permit on OpenZeppelin ERC721", gas: await steady(() => redeem(ozPermit.address, sequential++)) },
    others: [],
    target: { gas: 100_000 },
  });

  progress("collection creation: clones against full deployments");
  const deployments: DeploymentFigures[] = [];
  for (const { kind, label, bytecode } of KINDS) {
    const single = rows.find((row) => row.operation.startsWith(`${label} mint`))!;
    deployments.push({
      kind: label,
      clone: clones[kind].gas,
      fullDeployment: (await gasOf(client.sendTransaction({ account: deployer!, data: bytecode }))) + (await initializeGas(kind)),
      premium: single.tokenhub - single.fullDeployment!,
    });
  }
  return { rows, deployments, batch };

  /** Initializing a bare clone of the implementation, less the 21,000 every transaction costs: a full deployment's other part. */
  async function initializeGas(kind: Kind): Promise<number> {
    const bare = freshAddress();
    await client.setCode({ address: bare, bytecode: concat(["0x363d3d373d3d3d363d73", current[`${kind}Implementation`], "0x5af43d82803e903d91602b57fd5bf3"]) });
    const data =
      kind === "erc20"
        ? encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "initialize", args: ["Bench", "BNC", 18, deployer!.address, [minter!.address], METADATA_ROOT] })
        : encodeFunctionData({
            abi: kind === "erc721" ? tokenHubERC721Abi : tokenHubERC1155Abi,
            functionName: "initialize",
            args: ["Bench", "BNC", true, deployer!.address, [minter!.address], METADATA_ROOT],
          });
    return (await gasOf(call(bare, data, deployer!))) - 21_000;
  }
}
