import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { type Address, getAddress, type Hex, keccak256, type LocalAccount, maxUint256, stringToHex } from "viem";
import * as schema from "../../../ponder.schema.js";
import { tokenHubERC20Abi } from "../../../abis/index.js";
import { encodeInvalidateNonce, encodeMintWithPermit, encodeMulticall, type MintPermit, signMintPermit } from "../../chain/mintPermit.js";
import { ChainRejectedError, ChainUnavailableError, NotFoundError, TokenhubError, ValidationError } from "../../errors.js";
import { formatAmount, scaleAmount } from "../../schemas/amounts.js";
import type { StoreDb } from "../../store/database/db.js";
import { allocatePermitNonce, findUnrevokedPermitsOf, findProjectPermit, insertPermit, type PermitRecord, revokeWithPermitLocked } from "../../store/permits.js";
import { insertOperationWithoutSending } from "../../store/operations.js";
import { findProjectCollection } from "../../store/projectCollections.js";
import { requireChain } from "../chains/chains.js";
import { type Caller, type ChainWriter, recordedWith, type SentWrite, sentWrite } from "../transactions/chainWriter.js";
import type { IndexDb } from "../collections/collections.js";
import { type OwnedCollection, requireOwnCollection, requireTokenTypes } from "../tokens/mint.js";

type Deps = { writer: ChainWriter; store: StoreDb; indexDb: IndexDb };

const MINTER_ROLE = keccak256(stringToHex("MINTER_ROLE"));
const REVOKE_PURPOSE = "permit.revoke";
/** A multicall of more permits could exceed a block's gas limit; the rest are redeemed by the next batch. */
const MAX_PERMITS_PER_BATCH = 100;
/**
 * A batch leaves out permits about to expire: one expiring before the transaction is mined would revert the whole
 * multicall. They stay redeemable one by one.
 */
const BATCH_EXPIRY_MARGIN_SECONDS = 60;

export type PreparedCall = { to: Address; value: string; data: Hex };
export type PermitIssued = { success: true; permitId: string; signature: Hex; preparedCall: PreparedCall; operationId: string };

type PermitTarget = { chainId: number; contractAddress: Address; recipientAddress: Address; expiration?: number | undefined };
type WithMetadata = { metadata?: Record<string, unknown> | undefined; individualMetadata?: Record<string, unknown> | undefined };

/**
 * The chain's "now" as a redemption would see it: the latest block's time, or the wall clock when blocks are rare
 * (a local chain mines only on demand), whichever is later.
 */
async function chainNow(writer: ChainWriter, chainId: number): Promise<number> {
  let latest: bigint;
  try {
    latest = (await writer.publicClient(chainId).getBlock({ blockTag: "latest" })).timestamp;
  } catch (error) {
    throw new ChainUnavailableError(`Chain ${chainId} did not answer; try again shortly.`, { cause: error });
  }
  return Math.max(Math.floor(Date.now() / 1000), Number(latest));
}

/** The first service signer holding the collection's minter role: the contract accepts only such a signature. */
async function permitSigner(writer: ChainWriter, chainId: number, contract: Address): Promise<LocalAccount> {
  const signers = writer.signerAccounts.get(chainId) ?? [];
  for (const signer of signers) {
    let isMinter: boolean;
    try {
      isMinter = await writer.publicClient(chainId).readContract({ address: contract, abi: tokenHubERC20Abi, functionName: "hasRole", args: [MINTER_ROLE, signer.address] });
    } catch (error) {
      throw new ChainUnavailableError(`Chain ${chainId} did not answer whether the service may sign for ${contract}; try again shortly.`, { cause: error });
    }
    if (isMinter) return signer;
  }
  throw new ChainRejectedError(
    `No service signer holds MINTER_ROLE on ${contract}, so the contract would refuse any permit signed here; grant it to ${signers.map((signer) => signer.address).join(", ") || "a configured signer"}.`,
  );
}

function requireFutureExpiration(expiration: number | undefined, now: number): void {
  if (expiration !== undefined && expiration <= now) {
    throw new ValidationError(`The expiration ${new Date(expiration * 1000).toISOString()} is not in the future (the chain's time is ${new Date(now * 1000).toISOString()}).`, [
      { path: "expiration", message: "must be in the future" },
    ]);
  }
}

function metadataOf(input: WithMetadata): Record<string, unknown> | null {
  return input.metadata ?? input.individualMetadata ?? null;
}

/**
 * Where a signer's nonces on a collection begin. From generation 3 on, a signer's nonces 0 to 247 are kept in its
 * role slot, which every redemption reads anyway and which is never a fresh slot (contracts/base/PermitMint.sol), so
 * on a collection this service created, its permits start at 0. Anywhere else at a random word of the bitmap
 * (migration 0091 says why: a store rebuilt from nothing, or a second installation, imports the collection).
 */
function firstNonceOfCounter(collection: OwnedCollection): bigint {
  if (collection.source === "created" && collection.contractVersion >= 3) return 0n;
  return BigInt(`0x${crypto.randomBytes(15).toString("hex")}`) << 8n;
}

/**
 * Signs the permit and records it; nothing is sent to the chain. Its nonce is the signer's next on the collection,
 * so that consecutive redemptions share a word of the contract's nonce bitmap.
 */
async function issuePermit(
  deps: Deps,
  caller: Caller,
  collection: OwnedCollection,
  input: PermitTarget & { tokenId?: bigint; amount: bigint; metadata: Record<string, unknown> | null },
): Promise<PermitIssued> {
  const [now, signer] = await Promise.all([chainNow(deps.writer, input.chainId), permitSigner(deps.writer, input.chainId, input.contractAddress)]);
  requireFutureExpiration(input.expiration, now);
  const permitId = crypto.randomUUID();
  const nonce = await allocatePermitNonce(deps.store, { chainId: input.chainId, contractAddress: input.contractAddress, signer: signer.address }, firstNonceOfCounter(collection));
  const permit: MintPermit = {
    kind: collection.kind,
    chainId: input.chainId,
    token: input.contractAddress,
    to: input.recipientAddress,
    ...(input.tokenId === undefined ? {} : { id: input.tokenId }),
    amount: input.amount,
    nonce,
    deadline: input.expiration === undefined ? maxUint256 : BigInt(input.expiration),
  };
  const signature = await signMintPermit(signer, permit);
  const operationId = crypto.randomUUID();
  await insertPermit(deps.store, { id: operationId, purpose: `${collection.kind}.permit` }, {
    id: permitId,
    projectId: caller.projectId,
    chainId: input.chainId,
    contractAddress: input.contractAddress,
    kind: collection.kind,
    signer: signer.address,
    recipient: input.recipientAddress,
    tokenId: input.tokenId?.toString() ?? null,
    amount: input.amount.toString(),
    nonce: permit.nonce.toString(),
    expiresAt: input.expiration ?? null,
    signature,
    metadata: input.metadata,
  });
  return { success: true, permitId, signature, preparedCall: { to: input.contractAddress, value: "0", data: encodeMintWithPermit(permit, signature) }, operationId };
}

export async function issueErc20Permit(deps: Deps, caller: Caller, input: PermitTarget & { amount: string }): Promise<PermitIssued> {
  requireChain(deps.writer.runtime, input.chainId);
  const collection = await requireOwnCollection(deps.store, caller.projectId, input.chainId, input.contractAddress, "erc20");
  const amount = scaleAmount(input.amount, collection.decimals ?? 18);
  return await issuePermit(deps, caller, collection, { ...input, amount, metadata: null });
}

export async function issueErc721Permit(deps: Deps, caller: Caller, input: PermitTarget & WithMetadata): Promise<PermitIssued> {
  requireChain(deps.writer.runtime, input.chainId);
  const collection = await requireOwnCollection(deps.store, caller.projectId, input.chainId, input.contractAddress, "erc721");
  return await issuePermit(deps, caller, collection, { ...input, amount: 1n, metadata: metadataOf(input) });
}

export async function issueErc1155Permit(deps: Deps, caller: Caller, input: PermitTarget & WithMetadata & { tokenId: bigint; amount: bigint }): Promise<PermitIssued> {
  requireChain(deps.writer.runtime, input.chainId);
  const collection = await requireOwnCollection(deps.store, caller.projectId, input.chainId, input.contractAddress, "erc1155");
  await requireTokenTypes(deps.store, input, [input.tokenId]);
  return await issuePermit(deps, caller, collection, { ...input, metadata: metadataOf(input) });
}

function mintPermitOf(permit: PermitRecord): MintPermit {
  return {
    kind: permit.kind,
    chainId: permit.chainId,
    token: permit.contractAddress as Address,
    to: permit.recipient as Address,
    ...(permit.tokenId === null ? {} : { id: BigInt(permit.tokenId) }),
    amount: BigInt(permit.amount),
    nonce: BigInt(permit.nonce),
    deadline: permit.expiresAt === null ? maxUint256 : BigInt(permit.expiresAt),
  };
}

type NonceRow = typeof schema.permitNonce.$inferSelect;

async function indexedNonce(indexDb: IndexDb, permit: PermitRecord): Promise<NonceRow | undefined> {
  const { permitNonce } = schema;
  const [row] = await indexDb
    .select()
    .from(permitNonce)
    .where(
      and(
        eq(permitNonce.chainId, permit.chainId),
        eq(permitNonce.contract, permit.contractAddress.toLowerCase() as Address),
        eq(permitNonce.signer, permit.signer.toLowerCase() as Address),
        eq(permitNonce.nonce, BigInt(permit.nonce)),
      ),
    );
  return row;
}

export type PermitStatus = "open" | "redeemed" | "expired" | "revoked";

export type PermitView = {
  success: true;
  permitId: string;
  status: PermitStatus;
  statusReason: string;
  chainId: number;
  contractAddress: Address;
  type: PermitRecord["kind"];
  recipientAddress: Address;
  tokenId: string | null;
  amount: string;
  amountRaw: string;
  expiration: string | null;
  signerAddress: Address;
  signature: string;
  preparedCall: PreparedCall;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  redemption: { transactionHash: Hex; blockNumber: string; timestamp: number; redeemerAddress: Address; tokenIds: string[] } | null;
  revocation: { transactionHash: Hex; status: "pending" | "success" | "failure" } | null;
};

const isoOf = (seconds: number | bigint) => new Date(Number(seconds) * 1000).toISOString();

/** What a redemption minted: an ERC-721 permit's tokens are at most its amount, whatever else that transaction minted. */
function mintedTokenIds(permit: PermitRecord, nonce: NonceRow): string[] {
  if (permit.kind === "erc20") return [];
  const ids = nonce.mintedTokenIds.map(String);
  return permit.kind === "erc721" ? ids.slice(0, Number(permit.amount)) : ids.slice(0, 1);
}

/** The permit with its status: redeemed or revoked as the index saw it on chain, else expired by the chain's clock, else open. */
async function viewPermit(deps: Deps, permit: PermitRecord): Promise<PermitView> {
  const [nonce, collection] = await Promise.all([indexedNonce(deps.indexDb, permit), findProjectCollection(deps.store, permit.chainId, permit.contractAddress)]);
  const revocationRecord = permit.revocationHash === null ? undefined : await deps.writer.pipeline.get(permit.chainId, permit.revocationHash as Hex);
  const amountRaw = BigInt(permit.amount);
  const amount = permit.kind === "erc20" ? formatAmount(amountRaw, collection?.decimals ?? 18) : amountRaw.toString();
  const expiration = permit.expiresAt === null ? null : isoOf(permit.expiresAt);

  let status: PermitStatus;
  let statusReason: string;
  let redemption: PermitView["redemption"] = null;
  let revocation: PermitView["revocation"] =
    permit.revocationHash === null ? null : { transactionHash: permit.revocationHash as Hex, status: revocationRecord?.status ?? "pending" };
  if (nonce?.status === "used") {
    status = "redeemed";
    const tokenIds = mintedTokenIds(permit, nonce);
    redemption = {
      transactionHash: nonce.transactionHash,
      blockNumber: nonce.blockNumber.toString(),
      timestamp: Number(nonce.timestamp),
      redeemerAddress: getAddress(nonce.sender),
      tokenIds,
    };
    const what = permit.kind === "erc20" ? `${amount} tokens` : permit.kind === "erc721" ? `token ${tokenIds.join(", ")}` : `${amount} of token ${tokenIds.join(", ")}`;
    statusReason = `Redeemed by ${redemption.redeemerAddress} in transaction ${nonce.transactionHash} (block ${nonce.blockNumber}, ${isoOf(nonce.timestamp)}), minting ${what}; a permit is redeemed once.`;
  } else if (nonce?.status === "invalidated") {
    status = "revoked";
    revocation = { transactionHash: nonce.transactionHash, status: "success" };
    statusReason = `Revoked in transaction ${nonce.transactionHash} (block ${nonce.blockNumber}, ${isoOf(nonce.timestamp)}): its nonce is invalidated on chain, so the contract refuses it.`;
  } else {
    const now = permit.expiresAt === null ? 0 : await chainNow(deps.writer, permit.chainId);
    if (permit.expiresAt !== null && now > permit.expiresAt) {
      status = "expired";
      statusReason = `Expired at ${expiration}: the contract refuses it after its deadline.`;
    } else {
      status = "open";
      statusReason =
        revocation?.status === "pending"
          ? `Open: a revocation was sent in transaction ${revocation.transactionHash} and is not on chain yet.`
          : `Open: not redeemed yet; ${expiration === null ? "it never expires" : `redeemable until ${expiration}`}.`;
    }
  }
  const mintPermit = mintPermitOf(permit);
  return {
    success: true,
    permitId: permit.id,
    status,
    statusReason,
    chainId: permit.chainId,
    contractAddress: getAddress(permit.contractAddress),
    type: permit.kind,
    recipientAddress: getAddress(permit.recipient),
    tokenId: permit.tokenId,
    amount,
    amountRaw: amountRaw.toString(),
    expiration,
    signerAddress: getAddress(permit.signer),
    signature: permit.signature,
    preparedCall: { to: getAddress(permit.contractAddress), value: "0", data: encodeMintWithPermit(mintPermit, permit.signature as Hex) },
    metadata: (permit.metadata as Record<string, unknown> | null) ?? null,
    createdAt: permit.createdAt.toISOString(),
    redemption,
    revocation,
  };
}

function permitNotFound(permitId: string): NotFoundError {
  return new NotFoundError(`No permit ${permitId} belongs to this project.`);
}

export async function getPermit(deps: Deps, projectId: string, permitId: string): Promise<PermitView> {
  const permit = await findProjectPermit(deps.store, projectId, permitId);
  if (!permit) throw permitNotFound(permitId);
  return await viewPermit(deps, permit);
}

/**
 * Revokes a permit on chain: `invalidateNonce` sent through the pipeline by the signer that signed it (nonces are
 * per signer). A revocation already sent is answered again rather than sent twice.
 */
export async function revokePermit(deps: Deps, caller: Caller, permitId: string): Promise<SentWrite & { permitId: string }> {
  const recorded = recordedWith(caller, { permitId });
  const result = await revokeWithPermitLocked(deps.store, caller.projectId, permitId, async (permit) => {
    if (!permit) throw permitNotFound(permitId);
    const view = await viewPermit(deps, permit);
    if (view.status === "redeemed") throw new TokenhubError(409, "CONFLICT", `Permit ${permitId} cannot be revoked: ${view.statusReason}`);
    if (view.status === "expired") throw new TokenhubError(409, "CONFLICT", `Permit ${permitId} needs no revocation: ${view.statusReason}`);
    if (view.revocation && view.revocation.status !== "failure") return { chainId: permit.chainId, revocationHash: view.revocation.transactionHash as string, sent: false };
    const sent = await deps.writer.pipeline.send({
      chainId: permit.chainId,
      to: permit.contractAddress as Address,
      data: encodeInvalidateNonce(BigInt(permit.nonce)),
      from: permit.signer as Address,
      purpose: REVOKE_PURPOSE,
      ...recorded,
    });
    return { chainId: permit.chainId, revocationHash: sent.hash as string, sent: true };
  });
  // A revocation sent before answers this request too: its operation is that transaction's.
  if (!result.sent) {
    await insertOperationWithoutSending(deps.store, {
      id: recorded.operationId,
      projectId: caller.projectId,
      chainId: result.chainId,
      purpose: REVOKE_PURPOSE,
      transactionHash: result.revocationHash as Hex,
    });
  }
  return { ...sentWrite(deps.writer.runtime, result.chainId, result.revocationHash as Hex, recorded.operationId), permitId };
}

export type Erc20PermitBatch =
  | { success: true; totalAmount: string; totalAmountRaw: string; permitIds: string[]; preparedCall: PreparedCall }
  | { success: false; error: string; code: "NOT_FOUND"; totalAmount: "0"; totalAmountRaw: "0"; permitIds: [] };

/**
 * One call that redeems all of a recipient's permits still redeemable (up to MAX_PERMITS_PER_BATCH): not redeemed
 * or revoked (by the index and, as the index may lag a block, by the contract), not expired, no revocation sent. A
 * multicall reverts as a whole, so anything doubtful is left out.
 */
export async function erc20PermitBatch(
  deps: Deps,
  projectId: string,
  input: { chainId: number; contractAddress: Address; recipientAddress: Address },
): Promise<Erc20PermitBatch> {
  requireChain(deps.writer.runtime, input.chainId);
  const collection = await requireOwnCollection(deps.store, projectId, input.chainId, input.contractAddress, "erc20");
  const candidates = await findUnrevokedPermitsOf(deps.store, { projectId, chainId: input.chainId, contractAddress: input.contractAddress, recipient: input.recipientAddress });
  const now = candidates.some((permit) => permit.expiresAt !== null) ? await chainNow(deps.writer, input.chainId) : 0;
  const unexpired = candidates.filter((permit) => permit.expiresAt === null || permit.expiresAt >= now + BATCH_EXPIRY_MARGIN_SECONDS);
  const consumed = await consumedNonces(deps.indexDb, input.chainId, input.contractAddress, unexpired);
  const unconsumed = unexpired.filter((permit) => !consumed.has(`${permit.signer.toLowerCase()}:${permit.nonce}`)).slice(0, MAX_PERMITS_PER_BATCH);
  const usedOnChain = await Promise.all(
    unconsumed.map((permit) =>
      deps.writer
        .publicClient(input.chainId)
        .readContract({ address: input.contractAddress, abi: tokenHubERC20Abi, functionName: "isNonceUsed", args: [permit.signer as Address, BigInt(permit.nonce)] })
        .catch((error: unknown) => {
          throw new ChainUnavailableError(`Chain ${input.chainId} did not answer whether permit ${permit.id} is still unused; try again shortly.`, { cause: error });
        }),
    ),
  );
  const redeemable = unconsumed.filter((_, index) => !usedOnChain[index]);
  if (redeemable.length === 0) {
    return {
      success: false,
      error: `${input.recipientAddress} has no unused, unexpired permits on ${input.contractAddress} (chain ${input.chainId}).`,
      code: "NOT_FOUND",
      totalAmount: "0",
      totalAmountRaw: "0",
      permitIds: [],
    };
  }
  const total = redeemable.reduce((sum, permit) => sum + BigInt(permit.amount), 0n);
  const calls = redeemable.map((permit) => encodeMintWithPermit(mintPermitOf(permit), permit.signature as Hex));
  return {
    success: true,
    totalAmount: formatAmount(total, collection.decimals ?? 18),
    totalAmountRaw: total.toString(),
    permitIds: redeemable.map((permit) => permit.id),
    preparedCall: { to: input.contractAddress, value: "0", data: encodeMulticall(calls) },
  };
}

/** `signer:nonce` of the permits the index saw redeemed or revoked. */
async function consumedNonces(indexDb: IndexDb, chainId: number, contract: Address, permits: readonly PermitRecord[]): Promise<Set<string>> {
  if (permits.length === 0) return new Set();
  const { permitNonce } = schema;
  const rows = await indexDb
    .select({ signer: permitNonce.signer, nonce: permitNonce.nonce })
    .from(permitNonce)
    .where(
      and(
        eq(permitNonce.chainId, chainId),
        eq(permitNonce.contract, contract.toLowerCase() as Address),
        inArray(permitNonce.nonce, permits.map((permit) => BigInt(permit.nonce))),
      ),
    );
  return new Set(rows.map((row) => `${row.signer.toLowerCase()}:${row.nonce}`));
}
