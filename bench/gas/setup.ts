import {
  type Abi,
  type AccessList,
  type Address,
  createTestClient,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  hexToBytes,
  http,
  keccak256,
  parseEventLogs,
  publicActions,
  toHex,
  walletActions,
} from "viem";
import { type HDAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import { tokenFactoryAbi, tokenFactoryV1Abi, tokenFactoryV2Abi } from "../../abis/index.js";
import { anvilDevAccount } from "../../server/chain/anvil.js";
import { type ContractVersion } from "../../server/chain/contractGenerations.js";
import { deployCore, deployGeneration } from "../../server/chain/deployCore.js";
import { bestAccessList } from "./accessList.js";
import { compileReferences } from "./references.js";

export type Kind = "erc20" | "erc721" | "erc1155";
export const KINDS: readonly Kind[] = ["erc20", "erc721", "erc1155"];

const METADATA_ROOT = "https://tokenhub.example/metadata/";

export type Reference = ((functionName: string, args: readonly unknown[]) => Promise<Hash>) & {
  address: Address;
  calldata(functionName: string, args: readonly unknown[]): Hex;
};

export type GasBench = Awaited<ReturnType<typeof startGasBench>>;

/**
 * One anvil with tokenhub's three generations deployed and the reference contracts compiled (from the npm packages
 * installed now, with tokenhub's compiler settings) and deployed, and the means to send and measure transactions.
 * The service's signer is `service`: collections are created as server/services/collections/createCollection.ts creates them, with
 * it as admin and only minter, and references give it their minter role; `redeemer` sends permit redemptions.
 */
export async function startGasBench(rpcUrl: string) {
  const chain = { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createTestClient({ mode: "anvil", chain, transport: http(rpcUrl), pollingInterval: 10 }).extend(publicActions).extend(walletActions);
  const [service, redeemer] = [0, 1].map((addressIndex) => anvilDevAccount(addressIndex)) as [HDAccount, HDAccount];

  /**
   * The transaction's receipt, asked for until the node has it. Not viem's waitForTransactionReceipt: when its first
   * ask comes too early it asks again only on a block after the first it sees, and on a busy machine that first block
   * was sometimes the transaction's own; anvil mines only when a transaction comes, so the wait hung with it mined.
   */
  const mined = async (hash: Promise<Hash>) => {
    const sent = await hash;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const receipt = await client.getTransactionReceipt({ hash: sent }).catch(() => undefined);
      if (receipt !== undefined) {
        if (receipt.status !== "success") throw new Error(`transaction ${sent} reverted`);
        return receipt;
      }
      if (Date.now() > deadline) throw new Error(`transaction ${sent} was not mined within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const gasOf = async (hash: Promise<Hash>) => Number((await mined(hash)).gasUsed);
  const send = (to: Address, data: Hex, options: { account?: HDAccount; accessList?: AccessList } = {}) =>
    client.sendTransaction({ account: options.account ?? service, to, data, ...(options.accessList === undefined ? {} : { accessList: options.accessList }) });
  /** Sends the call with the access list that saves it the most, as measured by the node for this very call. */
  const sendWithAccessList = async (to: Address, data: Hex, options: { account?: HDAccount } = {}) => {
    const account = options.account ?? service;
    return await send(to, data, { account, accessList: await bestAccessList(client, { from: account.address, to, data }) });
  };
  /** The second of two runs of `run`, per mint: counters, role slots and the like are written by the first. */
  const steady = async (run: () => Promise<Hash>, mints = 1): Promise<number> => {
    await gasOf(run());
    return Math.round((await gasOf(run())) / mints);
  };

  const current = (await deployCore(client, service)).addresses;
  const factories: Record<ContractVersion, { address: Address; abi: typeof tokenFactoryAbi | typeof tokenFactoryV2Abi | typeof tokenFactoryV1Abi }> = {
    1: { address: (await deployGeneration(client, service, 1)).tokenFactory, abi: tokenFactoryV1Abi },
    2: { address: (await deployGeneration(client, service, 2)).tokenFactory, abi: tokenFactoryV2Abi },
    3: { address: current.tokenFactory, abi: tokenFactoryAbi },
  };
  /** A collection created on the generation's factory, as the service creates one; and the creation's gas. */
  const createCollection = async (generation: ContractVersion, kind: Kind): Promise<{ address: Address; gas: number }> => {
    const { address, abi } = factories[generation];
    const data =
      kind === "erc20"
        ? encodeFunctionData({ abi: abi as typeof tokenFactoryAbi, functionName: "createERC20", args: ["Bench", "BNC", 18, service.address, [service.address], METADATA_ROOT] })
        : encodeFunctionData({
            abi: abi as typeof tokenFactoryAbi,
            functionName: kind === "erc721" ? "createERC721" : "createERC1155",
            args: ["Bench", "BNC", true, service.address, [service.address], METADATA_ROOT],
          });
    const receipt = await mined(send(address, data));
    const [created] = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
    return { address: created!.args.collection, gas: Number(receipt.gasUsed) };
  };

  const references = await compileReferences();
  const reference = async (name: string): Promise<Reference> => {
    const compiled = references[name];
    if (!compiled) throw new Error(`no reference contract ${name}`);
    const receipt = await mined(client.deployContract({ account: service, abi: compiled.abi, bytecode: compiled.bytecode, args: [service.address] }));
    const address = receipt.contractAddress!;
    const calldata = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: compiled.abi as Abi, functionName, args });
    return Object.assign((functionName: string, args: readonly unknown[]) => send(address, calldata(functionName, args)), { address, calldata });
  };

  return { client, chainId: chain.id, service, redeemer, current, mined, gasOf, send, sendWithAccessList, steady, createCollection, reference };
}

let handed = 0n;

/**
 * A new address every time, the same sequence in every run, without zero bytes: calldata costs 4 gas per zero byte
 * and 16 per other byte, so random addresses would make the two sides of a ratio differ by chance.
 */
export function freshAddress(): Address {
  const bytes = hexToBytes(keccak256(toHex(++handed, { size: 32 }))).slice(12);
  return getAddress(toHex(bytes.map((byte) => byte || 1)));
}

export function freshAddresses(count: number): Address[] {
  return Array.from({ length: count }, freshAddress);
}

/** A 128-bit nonce as generation 1's service used (a permit's random UUID), without zero bytes likewise. */
export function uuidNonce(): bigint {
  return BigInt(toHex(hexToBytes(keccak256(toHex(++handed, { size: 32 }))).slice(16).map((byte) => byte || 1)));
}
