import { type Address, encodeFunctionData, parseEventLogs } from "viem";
import { tokenFactoryAbi } from "../../abis/index.js";
import { TokenhubError } from "../errors.js";
import type { StoreDb } from "../store/db.js";
import { insertProjectCollection } from "../store/projectCollections.js";
import { requireChain } from "./chains.js";
import { type ChainWriter, type SentWrite, sentWrite } from "./chainWriter.js";

export type CreateCollectionInput =
  | { kind: "erc20"; chainId: number; name: string; symbol: string; decimals: number }
  | { kind: "erc721" | "erc1155"; chainId: number; name: string; symbol: string; transferable: boolean; defaultMetadata?: unknown };

/**
 * Deploys a collection through the factory, owned by the calling project; the service signers get the minter and
 * metadata roles. Waits for the receipt: the collection's address is only known once the factory has run.
 */
export async function createCollection(
  writer: ChainWriter,
  db: StoreDb,
  projectId: string,
  input: CreateCollectionInput,
): Promise<SentWrite & { contractAddress: Address }> {
  const chain = requireChain(writer.runtime, input.chainId);
  const signers = writer.signerAddresses.get(chain.id) ?? [];
  const admin = signers[0];
  if (!admin) throw new TokenhubError(503, "CHAIN_UNAVAILABLE", `Chain ${chain.id} has no service signer configured.`);
  const metadataRoot = `${writer.runtime.publicUrl}/metadata/`;
  const data =
    input.kind === "erc20"
      ? encodeFunctionData({ abi: tokenFactoryAbi, functionName: "createERC20", args: [input.name, input.symbol, input.decimals, admin, [...signers], metadataRoot] })
      : encodeFunctionData({
          abi: tokenFactoryAbi,
          functionName: input.kind === "erc721" ? "createERC721" : "createERC1155",
          args: [input.name, input.symbol, input.transferable, admin, [...signers], metadataRoot],
        });
  const sent = await writer.pipeline.send({ chainId: chain.id, to: chain.core.tokenFactory, data, purpose: `${input.kind}.create`, projectId });
  const record = await writer.pipeline.waitForReceipt(chain.id, sent.hash, { timeoutMs: 120_000 });
  if (record.status !== "success") {
    throw new TokenhubError(422, "CHAIN_REJECTED", `The collection was not created: ${record.failureReason ?? "the transaction reverted"}.`);
  }
  const receipt = await writer.publicClient(chain.id).getTransactionReceipt({ hash: record.hash });
  const [created] = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
  if (!created) throw new TokenhubError(500, "INTERNAL", "The factory emitted no CollectionCreated event.");
  const contractAddress = created.args.collection;
  await insertProjectCollection(db, {
    chainId: chain.id,
    address: contractAddress,
    projectId,
    kind: input.kind,
    source: "created",
    name: input.name,
    symbol: input.symbol,
    decimals: input.kind === "erc20" ? input.decimals : null,
    transferable: input.kind === "erc20" ? true : input.transferable,
    defaultMetadata: input.kind === "erc20" ? null : (input.defaultMetadata ?? null),
    transactionHash: record.hash,
  });
  return { ...sentWrite(writer.runtime, chain.id, record.hash), contractAddress };
}
