import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  encodeFunctionData, formatEther, getAddress, type Hex, zeroAddress, zeroHash } from "viem";
import * as schema from "../../../ponder.schema.js";
import { erc6551RegistryAbi, tokenHubAccountAbi, tokenHubERC721Abi } from "../../../abis/index.js";
import type { CloudKeyCustody } from "../../custody/cloudKeyCustody.js";
import { ChainRejectedError, ChainUnavailableError, ForbiddenError, NotFoundError } from "../../errors.js";
import { ACCOUNT_BATCH_PURPOSE, ACCOUNT_CREATE_PURPOSE, findPendingAccountCreation } from "../../store/accountTransactions.js";
import type { StoreDb } from "../../store/database/db.js";
import { insertOperationWithoutSending } from "../../store/operations.js";
import { requireChain } from "../chains/chains.js";
import { type Caller, type ChainWriter, deployedNow, recordedWith, sentWrite, transactionUrl } from "../transactions/chainWriter.js";
import { findProjectKeySigner } from "../keys/cloudKeys.js";
import type { IndexDb } from "../collections/collections.js";
import { describeTokenAccount } from "./erc6551.js";

export type NftRef = { chainId: number; contractAddress: Address; tokenId: bigint };

export type AccountCreated = { success: true; accountAddress: Address; transactionHash: Hex | null; transactionUrl: string | null; operationId: string };

/** A relayed signature stays valid this long: long enough for a stuck transaction's fee bumps, not forever. */
const BATCH_SIGNATURE_LIFETIME_SECONDS = 24n * 3600n;

async function onChain<T>(chainId: number, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ChainUnavailableError(`Chain ${chainId} did not answer ${what}; try again shortly.`, { cause: error });
  }
}

/**
 * Creates the NFT's ERC-6551 account through the canonical registry with tokenhub's implementation (salt 0), at the
 * address GET /api/v1/erc6551/account predicts. Idempotent: an account that exists, or whose creation the service
 * already sent, is answered with its address and creation transaction, and nothing is sent.
 */
export async function createNftAccount(
  deps: { writer: ChainWriter; store: StoreDb; indexDb: IndexDb },
  caller: Caller,
  nft: NftRef,
): Promise<AccountCreated> {
  const { writer } = deps;
  const chain = requireChain(writer.runtime, nft.chainId);
  if (!chain.accountsDeployed && !(await deployedNow(writer, chain.id, [chain.core.erc6551Registry, chain.core.accountImplementation]))) throw new ChainUnavailableError(`The ERC-6551 registry or tokenhub's account implementation is not deployed on chain ${chain.id}.`);
  const account = await describeTokenAccount(writer, nft);
  // The account exists, or its creation was sent before: this request sends nothing, and its operation names the
  // creating transaction when the service sent it.
  const answerWithoutSending = async (hash: Hex | null): Promise<AccountCreated> => {
    const operationId = crypto.randomUUID();
    await insertOperationWithoutSending(deps.store, {
      id: operationId,
      projectId: caller.projectId,
      chainId: chain.id,
      purpose: ACCOUNT_CREATE_PURPOSE,
      ...(hash === null ? {} : { transactionHash: hash }),
    });
    return {
      success: true,
      accountAddress: account.contractAddress,
      transactionHash: hash,
      transactionUrl: hash === null ? null : transactionUrl(writer.runtime, chain.id, hash),
      operationId,
    };
  };
  if (account.deployed) {
    const [indexed] = await deps.indexDb
      .select({ transactionHash: schema.erc6551Account.transactionHash })
      .from(schema.erc6551Account)
      .where(and(eq(schema.erc6551Account.chainId, chain.id), eq(schema.erc6551Account.address, account.contractAddress.toLowerCase() as Address)));
    return await answerWithoutSending(indexed?.transactionHash ?? null);
  }
  const pending = await findPendingAccountCreation(deps.store, chain.id, account.contractAddress.toLowerCase());
  if (pending !== undefined) return await answerWithoutSending(pending);

  try {
    await writer.publicClient(chain.id).readContract({ address: nft.contractAddress, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [nft.tokenId] });
  } catch (error) {
    // A revert (no such token) or no answer at all (no such contract) is the caller's mistake; anything else the RPC's.
    if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError)) {
      throw new NotFoundError(`Token ${nft.tokenId} of ${nft.contractAddress} does not exist on chain ${chain.id}.`);
    }
    throw new ChainUnavailableError(`Chain ${chain.id} did not answer who owns token ${nft.tokenId} of ${nft.contractAddress}; try again shortly.`, { cause: error });
  }
  const data = encodeFunctionData({
    abi: erc6551RegistryAbi,
    functionName: "createAccount",
    args: [chain.core.accountImplementation, zeroHash, BigInt(chain.id), nft.contractAddress, nft.tokenId],
  });
  const recorded = recordedWith(caller, { accountAddress: account.contractAddress.toLowerCase() });
  const sent = await writer.pipeline.send({ chainId: chain.id, to: chain.core.erc6551Registry, data, purpose: ACCOUNT_CREATE_PURPOSE, ...recorded });
  return { ...sentWrite(writer.runtime, chain.id, sent.hash, recorded.operationId), accountAddress: account.contractAddress };
}

export type AccountCall = { toAddress: Address; value: bigint; data: Hex };

/**
 * Runs calls through an ERC-6551 account, atomically, for the project whose cloud key holds the account's NFT: that
 * key signs an `executeBatchWithSig` request and a service signer relays it and pays the gas. Refused before
 * anything is sent when the account is not tokenhub's, its NFT's owner is not a key of the project, or the account
 * cannot pay the values.
 */
export async function executeAccountCalls(
  deps: { writer: ChainWriter; store: StoreDb; cloudKeys: CloudKeyCustody },
  caller: Caller,
  input: { chainId: number; accountAddress: Address; calls: AccountCall[] },
) {
  const { writer } = deps;
  const chain = requireChain(writer.runtime, input.chainId);
  const client = writer.publicClient(chain.id);
  const account = input.accountAddress;
  const code = await onChain(chain.id, `whether ${account} is deployed`, () => client.getCode({ address: account }));
  if (code === undefined || code === "0x") {
    throw new NotFoundError(`No account is deployed at ${account} on chain ${chain.id}; create it with POST /api/v1/erc6551/create.`);
  }
  if (accountImplementationOf(code) !== chain.core.accountImplementation.toLowerCase()) {
    throw new NotFoundError(`${account} on chain ${chain.id} is not an ERC-6551 account with tokenhub's implementation, so the service cannot relay its calls.`);
  }
  const owner = await onChain(chain.id, `who controls ${account}`, () => client.readContract({ address: account, abi: tokenHubAccountAbi, functionName: "owner" }));
  const signer = owner === zeroAddress ? undefined : await findProjectKeySigner(deps.store, deps.cloudKeys, caller.projectId, owner);
  if (!signer) throw new ForbiddenError(`The NFT that controls ${account} is not held by a cloud key of this project.`);

  const total = input.calls.reduce((sum, call) => sum + call.value, 0n);
  if (total > 0n) {
    const balance = await onChain(chain.id, `the balance of ${account}`, () => client.getBalance({ address: account }));
    if (balance < total) {
      throw new ChainRejectedError(`The account ${account} holds ${formatEther(balance)} in the native currency; the calls send ${formatEther(total)}.`);
    }
  }

  const calls = input.calls.map((call) => ({ to: call.toAddress, value: call.value, data: call.data }));
  const nonce = BigInt(`0x${crypto.randomBytes(32).toString("hex")}`);
  const latest = await onChain(chain.id, "its latest block", () => client.getBlock({ blockTag: "latest" }));
  const deadline = latest.timestamp + BATCH_SIGNATURE_LIFETIME_SECONDS;
  const signature = await signer.signTypedData({
    domain: { name: "TokenHubAccount", version: "1", chainId: chain.id, verifyingContract: account },
    types: EXECUTE_BATCH_TYPES,
    primaryType: "ExecuteBatch",
    message: { calls, nonce, deadline },
  });
  const recorded = recordedWith(caller, {
    accountAddress: account.toLowerCase(),
    keyAddress: signer.address,
    calls: input.calls.map((call) => ({ toAddress: getAddress(call.toAddress), value: call.value.toString(), data: call.data })),
  });
  const sent = await writer.pipeline.send({
    chainId: chain.id,
    to: account,
    data: encodeFunctionData({ abi: tokenHubAccountAbi, functionName: "executeBatchWithSig", args: [calls, nonce, deadline, signature] }),
    purpose: ACCOUNT_BATCH_PURPOSE,
    ...recorded,
  });
  return sentWrite(writer.runtime, chain.id, sent.hash, recorded.operationId);
}

/** TokenHubAccount's EIP-712 request type for `executeBatchWithSig`. */
const EXECUTE_BATCH_TYPES = {
  ExecuteBatch: [
    { name: "calls", type: "Call[]" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
  Call: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
  ],
} as const;

/** The registry's account proxy is EIP-1167-style code with the implementation at bytes 10–29. */
function accountImplementationOf(code: Hex): string | undefined {
  const body = code.slice(2).toLowerCase();
  if (!body.startsWith("363d3d373d3d3d363d73")) return undefined;
  return `0x${body.slice(20, 60)}`;
}
