import { type SQL, sql } from "drizzle-orm";
import type { Address } from "viem";
import * as schema from "../../../ponder.schema.js";
import { checksummedAddress } from "../../chain/checksummedAddress.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { ValidationError } from "../../errors.js";
import { formatAmount } from "../../schemas/amounts.js";
import { encodePageKey } from "../../schemas/pageKey.js";
import { preparedStatement } from "../../store/database/preparedStatements.js";
import type { IndexDb } from "../collections/collections.js";
import { requireIndexedCollection } from "../collections/indexedCollections.js";

export type Transfer = {
  standard: "erc20" | "erc721" | "erc1155";
  contractAddress: Address;
  from: Address;
  to: Address;
  tokenId: string | null;
  amount: string;
  amountRaw: string;
  blockNumber: string;
  timestamp: number;
  transactionHash: string;
  logIndex: number;
};

export type TransfersQuery = {
  chainId: number;
  contractAddress: Address;
  tokenId?: bigint;
  address?: Address;
  fromBlock?: number;
  toBlock?: number;
  /** The sort key of the last transfer of the page before: its id. */
  pageKey?: string[];
  pageSize: number;
};

type TransferRow = { id: string; from: string; to: string; token_id: string | null; amount: string; block_number: string; timestamp: string; transaction_hash: string; log_index: number };

/** One prepared statement per combination of filters, newest first by id (chain order), from after the page key. */
function transfersStatement(indexDb: IndexDb, shape: { tokenId: boolean; address: boolean; fromBlock: boolean; toBlock: boolean; after: boolean }) {
  const name = `tokenhub_transfers_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<TransferRow>(indexDb, name, () => {
    const where: SQL[] = [sql`chain_id = ${sql.placeholder("chainId")}`, sql`contract = ${sql.placeholder("contract")}`];
    if (shape.tokenId) where.push(sql`token_id = ${sql.placeholder("tokenId")}`);
    if (shape.address) where.push(sql`("from" = ${sql.placeholder("address")} OR "to" = ${sql.placeholder("address")})`);
    if (shape.fromBlock) where.push(sql`block_number >= ${sql.placeholder("fromBlock")}`);
    if (shape.toBlock) where.push(sql`block_number <= ${sql.placeholder("toBlock")}`);
    if (shape.after) where.push(sql`id < ${sql.placeholder("after")}`);
    return sql`SELECT id, "from", "to", token_id::text AS token_id, amount::text AS amount, block_number::text AS block_number, timestamp::text AS timestamp,
        transaction_hash, log_index FROM ${schema.transfer} WHERE ${sql.join(where, sql` AND `)} ORDER BY id DESC LIMIT ${sql.placeholder("limit")}`;
  });
}

/**
 * A contract's transfers, newest first, from the index's record of movement (ponder.schema.ts, `transfer`), paged by
 * key: a page key is the id of the last transfer answered, so transfers indexed between two reads (all newer) never
 * shift the pages that follow.
 */
export async function listTransfers(deps: { indexDb: IndexDb; runtime: RuntimeConfig }, query: TransfersQuery): Promise<{ transfers: Transfer[]; nextPageKey: string | null }> {
  const collection = await requireIndexedCollection(deps.indexDb, deps.runtime, query.chainId, query.contractAddress);
  if (query.tokenId !== undefined && collection.kind === "erc20") {
    throw new ValidationError(`${query.contractAddress} is an ERC-20 contract: its transfers have no token id.`, [{ path: "tokenId", message: "is not a filter of ERC-20 transfers" }]);
  }
  if (query.fromBlock !== undefined && query.toBlock !== undefined && query.fromBlock > query.toBlock) {
    throw new ValidationError(`fromBlock ${query.fromBlock} is after toBlock ${query.toBlock}.`, [{ path: "fromBlock", message: "is after toBlock" }]);
  }
  const statement = transfersStatement(deps.indexDb, {
    tokenId: query.tokenId !== undefined,
    address: query.address !== undefined,
    fromBlock: query.fromBlock !== undefined,
    toBlock: query.toBlock !== undefined,
    after: query.pageKey !== undefined,
  });
  const rows = await statement({
    chainId: query.chainId,
    contract: query.contractAddress.toLowerCase(),
    tokenId: query.tokenId?.toString(),
    address: query.address?.toLowerCase(),
    fromBlock: query.fromBlock,
    toBlock: query.toBlock,
    after: query.pageKey?.[0],
    limit: query.pageSize + 1,
  });
  const shown = rows.slice(0, query.pageSize);
  const contractAddress = checksummedAddress(collection.address);
  const decimals = collection.decimals ?? 18;
  return {
    transfers: shown.map((row) => ({
      standard: collection.kind,
      contractAddress,
      from: checksummedAddress(row.from),
      to: checksummedAddress(row.to),
      tokenId: row.token_id,
      amount: collection.kind === "erc20" ? formatAmount(BigInt(row.amount), decimals) : row.amount,
      amountRaw: row.amount,
      blockNumber: row.block_number,
      timestamp: Number(row.timestamp),
      transactionHash: row.transaction_hash,
      logIndex: row.log_index,
    })),
    nextPageKey: rows.length > query.pageSize ? encodePageKey([shown.at(-1)!.id]) : null,
  };
}
