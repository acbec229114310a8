import {
  BaseError,
  ContractFunctionRevertedError,
  keccak256,
  parseEventLogs,
  stringToHex,
  type Abi,
  type Address,
  type ContractEventName,
  type Hash,
  type ParseEventLogsReturnType,
  type LocalAccount,
  type TransactionReceipt,
} from "viem";
import { expect } from "vitest";
import { tokenFactoryAbi } from "../../abis/index.js";
import { deployCore, type CoreAddresses } from "../../server/chain/deployCore.js";
import type { TestChain } from "../helpers/anvil.js";

export const METADATA_ROOT = "http://localhost:42069/metadata/";
export const MINTER_ROLE = keccak256(stringToHex("MINTER_ROLE"));
export const METADATA_ROLE = keccak256(stringToHex("METADATA_ROLE"));
export const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as const;

/** Waits for the transaction and fails the test unless it succeeded. */
export async function mined(chain: TestChain, hash: Promise<Hash>): Promise<TransactionReceipt> {
  const receipt = await chain.client.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/**
 * Asserts that the call reverts with the named custom error (decoded with the ABI the call was made with) and returns
 * the error's arguments.
 */
export async function expectRevert(action: Promise<unknown>, errorName: string, args?: readonly unknown[]) {
  const error = await action.then(
    () => {
      throw new Error(`expected a revert with ${errorName}, but the call succeeded`);
    },
    (rejection: unknown) => rejection,
  );
  const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  if (!(reverted instanceof ContractFunctionRevertedError)) throw error;
  expect(reverted.data?.errorName).toBe(errorName);
  if (args) expect(reverted.data?.args).toEqual(args);
  return reverted.data?.args ?? [];
}

export async function deployTokenHub(chain: TestChain): Promise<CoreAddresses> {
  const { addresses } = await deployCore(chain.client, chain.accounts[0]!);
  return addresses;
}

export type CollectionSpec = {
  from: LocalAccount;
  admin: Address;
  minters: readonly Address[];
  name?: string;
  symbol?: string;
} & ({ kind: "ERC20"; decimals?: number } | { kind: "ERC721" | "ERC1155"; transferable?: boolean });

/** Creates a collection through the factory and returns its address, read from CollectionCreated. */
export async function createCollection(chain: TestChain, factory: Address, spec: CollectionSpec): Promise<Address> {
  return createdCollection(await createCollectionReceipt(chain, factory, spec));
}

export async function createCollectionReceipt(
  chain: TestChain,
  factory: Address,
  spec: CollectionSpec,
): Promise<TransactionReceipt> {
  const { from, admin, minters, name = `Test ${spec.kind}`, symbol = "TST" } = spec;
  const hash =
    spec.kind === "ERC20"
      ? chain.client.writeContract({
          account: from,
          address: factory,
          abi: tokenFactoryAbi,
          functionName: "createERC20",
          args: [name, symbol, spec.decimals ?? 18, admin, minters, METADATA_ROOT],
        })
      : chain.client.writeContract({
          account: from,
          address: factory,
          abi: tokenFactoryAbi,
          functionName: spec.kind === "ERC721" ? "createERC721" : "createERC1155",
          args: [name, symbol, spec.transferable ?? true, admin, minters, METADATA_ROOT],
        });
  return mined(chain, hash);
}

export function createdCollection(receipt: TransactionReceipt): Address {
  const [created] = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
  if (!created) throw new Error("no CollectionCreated event in the receipt");
  return created.args.collection;
}

/** The URIs the contracts derive from METADATA_ROOT at creation. */
export function expectedContractURI(chain: TestChain, collection: Address): string {
  return `${METADATA_ROOT}${chain.chainId}/${collection.toLowerCase()}`;
}

export async function latestTimestamp(chain: TestChain): Promise<bigint> {
  return (await chain.client.getBlock()).timestamp;
}

/** Asserts OpenZeppelin AccessControl's revert for a caller missing the role. */
export function expectMissingRole(action: Promise<unknown>, caller: Address, role: Hash) {
  return expectRevert(action, "AccessControlUnauthorizedAccount", [caller, role]);
}

/**
 * The storage slots of `contract` the transaction read or wrote, from anvil's prestate tracer: what a gas
 * optimisation that skips a storage read is proven by.
 */
export async function storageSlotsTouched(chain: TestChain, hash: Hash, contract: Address): Promise<Hash[]> {
  const prestate = (await chain.client.request({
    method: "debug_traceTransaction",
    params: [hash, { tracer: "prestateTracer" }],
  } as never)) as Record<string, { storage?: Record<Hash, Hash> }>;
  return Object.keys(prestate[contract.toLowerCase()]?.storage ?? {}).sort() as Hash[];
}

export function eventArgs<const abi extends Abi, eventName extends ContractEventName<abi>>(
  abi: abi,
  receipt: TransactionReceipt,
  eventName: eventName,
): ParseEventLogsReturnType<abi, eventName, true>[number]["args"][] {
  return parseEventLogs({ abi, logs: receipt.logs, eventName }).map((log) => log.args);
}
