import type pg from "pg";
import { type Address, encodeFunctionData, type Hex, parseEventLogs } from "viem";
import { tokenFactoryAbi } from "../../../abis/index.js";
import { CURRENT_CONTRACT_VERSION } from "../../chain/contractGenerations.js";
import { ReceiptTimeoutError } from "../../chain/transactions/pipeline.js";
import { ChainUnavailableError, TokenhubError } from "../../errors.js";
import type { MetadataFields } from "../../schemas/metadata.js";
import type { StoreDb } from "../../store/database/db.js";
import { type CollectionClaim, completeCollectionClaim, findUncompletedClaims, insertCollectionClaim } from "../../store/collectionClaims.js";
import { requireChain } from "../chains/chains.js";
import { type Caller, type ChainWriter, deployedNow, readReceipt, recordedWith, type SentWrite, sentWrite } from "../transactions/chainWriter.js";

type Erc20Input = { kind: "erc20"; chainId: number; name: string; symbol: string; decimals: number };
type NftCollectionInput = { kind: "erc721" | "erc1155"; chainId: number; name: string; symbol: string; transferable: boolean; defaultMetadata?: MetadataFields };
export type CreateCollectionInput = Erc20Input | NftCollectionInput;

/** GroupOS's `token` object of a creation answer: the collection deployed, as it was asked for. */
type TokenCreated<Extra> = { contractAddress: Address; name: string; symbol: string } & Extra;
export type CollectionCreated<Extra> = SentWrite & { contractAddress: Address; token: TokenCreated<Extra> };

/**
 * The collection a mined creation made, from its receipt's CollectionCreated event, recorded as its claim's project's
 * (the request, or the claims loop for one whose request did not get that far).
 */
export async function completeClaim(writer: Pick<ChainWriter, "publicClient">, pool: pg.Pool, claim: { transactionId: string; chainId: number; hash: Hex }): Promise<Address> {
  const receipt = await readReceipt(writer, claim.chainId, claim.hash);
  const [created] = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
  if (!created) throw new TokenhubError(500, "INTERNAL", `The factory emitted no CollectionCreated event in ${claim.hash}.`);
  await completeCollectionClaim(pool, claim.transactionId, created.args.collection, claim.hash);
  return created.args.collection;
}

/** Records the collections of mined creations whose request ended before it recorded them (a crash, a lost connection). */
export async function completeUncompletedClaims(writer: Pick<ChainWriter, "publicClient">, pool: pg.Pool): Promise<number> {
  const claims = await findUncompletedClaims(pool, 100);
  for (const claim of claims) await completeClaim(writer, pool, claim);
  return claims.length;
}

/**
 * Deploys a collection through the factory, owned by the calling project; the service signers get the minter and
 * metadata roles. What it will store is claimed with the outbox row, before the broadcast (migration 0096); waits for
 * the receipt, since the collection's address is only known once the factory has run.
 */
export async function createCollection(writer: ChainWriter, db: StoreDb, caller: Caller, input: Erc20Input): Promise<CollectionCreated<{ decimals: number }>>;
export async function createCollection(
  writer: ChainWriter,
  db: StoreDb,
  caller: Caller,
  input: NftCollectionInput,
): Promise<CollectionCreated<{ transferable: boolean }>>;
export async function createCollection(
  writer: ChainWriter,
  db: StoreDb,
  caller: Caller,
  input: CreateCollectionInput,
): Promise<CollectionCreated<{ decimals: number } | { transferable: boolean }>> {
  const chain = requireChain(writer.runtime, input.chainId);
  const signers = writer.signerAddresses.get(chain.id) ?? [];
  const admin = signers[0];
  if (!admin) throw new ChainUnavailableError(`Chain ${chain.id} has no transaction signer configured (TOKENHUB_SIGNER_KEYS_${chain.id}).`);
  if (!chain.coreDeployed && !(await deployedNow(writer, chain.id, Object.values(chain.core)))) {
    throw new ChainUnavailableError(`tokenhub's factory is not deployed on chain ${chain.id}: collections cannot be created there yet.`);
  }
  const metadataRoot = `${writer.runtime.publicUrl}/metadata/`;
  const data =
    input.kind === "erc20"
      ? encodeFunctionData({ abi: tokenFactoryAbi, functionName: "createERC20", args: [input.name, input.symbol, input.decimals, admin, [...signers], metadataRoot] })
      : encodeFunctionData({
          abi: tokenFactoryAbi,
          functionName: input.kind === "erc721" ? "createERC721" : "createERC1155",
          args: [input.name, input.symbol, input.transferable, admin, [...signers], metadataRoot],
        });
  const recorded = recordedWith(caller);
  const claim: CollectionClaim = {
    projectId: caller.projectId,
    chainId: chain.id,
    kind: input.kind,
    name: input.name,
    symbol: input.symbol,
    decimals: input.kind === "erc20" ? input.decimals : null,
    transferable: input.kind === "erc20" ? true : input.transferable,
    defaultMetadata: input.kind === "erc20" ? null : (input.defaultMetadata ?? null),
    // The chain's factory is the one deployCore deploys: it creates from the current generation.
    contractVersion: CURRENT_CONTRACT_VERSION,
  };
  const sent = await writer.pipeline.send({
    chainId: chain.id,
    to: chain.core.tokenFactory,
    data,
    purpose: `${input.kind}.create`,
    ...recorded,
    onRecord: (client, transactionId) => insertCollectionClaim(client, transactionId, claim),
  });
  const record = await writer.pipeline.waitForReceipt(chain.id, sent.hash, { timeoutMs: 120_000 }).catch((error: unknown) => {
    if (!(error instanceof ReceiptTimeoutError)) throw error;
    throw new ChainUnavailableError(`The collection's transaction ${sent.hash} is still pending after 120 s; GET /api/v1/transactions/${sent.hash} follows it.`);
  });
  if (record.status !== "success") {
    throw new TokenhubError(422, "CHAIN_REJECTED", `The collection was not created: ${record.failureReason ?? "the transaction reverted"}.`);
  }
  const contractAddress = await completeClaim(writer, db.$client, { transactionId: sent.id, chainId: chain.id, hash: record.hash });
  const token = { contractAddress, name: input.name, symbol: input.symbol };
  return {
    ...sentWrite(writer.runtime, chain.id, record.hash, recorded.operationId),
    contractAddress,
    token: input.kind === "erc20" ? { ...token, decimals: input.decimals } : { ...token, transferable: input.transferable },
  };
}
