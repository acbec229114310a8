import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { type Address, getAddress, zeroHash } from "viem";
import * as schema from "../../../ponder.schema.js";
import { erc6551AccountAddress } from "../../chain/erc6551Account.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { ChainUnavailableError } from "../../errors.js";
import { encodePageKey, pageStart } from "../../schemas/pageKey.js";
import { preparedStatement } from "../../store/database/preparedStatements.js";
import { requireChain } from "../chains/chains.js";
import type { ChainWriter } from "../transactions/chainWriter.js";
import type { IndexDb } from "../collections/collections.js";
import type { Page } from "../tokens/owners.js";

/**
 * The ERC-6551 account of a token (canonical registry, tokenhub's implementation, salt 0): its address, known
 * before creation, and whether it is deployed yet.
 */
export async function describeTokenAccount(
  writer: Pick<ChainWriter, "runtime" | "publicClient">,
  token: { chainId: number; contractAddress: Address; tokenId: bigint },
): Promise<{ contractAddress: Address; deployed: boolean }> {
  const chain = requireChain(writer.runtime, token.chainId);
  const contractAddress = erc6551AccountAddress({
    registry: chain.core.erc6551Registry,
    implementation: chain.core.accountImplementation,
    salt: zeroHash,
    chainId: token.chainId,
    tokenContract: token.contractAddress,
    tokenId: token.tokenId,
  });
  let code: string | undefined;
  try {
    code = await writer.publicClient(chain.id).getCode({ address: contractAddress });
  } catch (error) {
    throw new ChainUnavailableError(`Chain ${chain.id} did not answer whether ${contractAddress} is deployed; try again shortly.`, { cause: error });
  }
  return { contractAddress, deployed: code !== undefined && code !== "0x" };
}

export type NftAccount = {
  contractAddress: Address;
  deployed: boolean;
  ownerAddress: Address;
  nft: { chainId: number; contractAddress: Address; tokenId: string };
};

/**
 * The ERC-721 tokens of one owner, or of every cloud key of a project, by chain, contract and token id: one prepared
 * statement per combination. Placeholders: chainId, owner (lowercase) or projectId, offset, limit.
 */
function heldTokensStatement(indexDb: IndexDb, shape: { chain: boolean; projectKeys: boolean; after: boolean }) {
  const name = `tokenhub_nft_accounts_${Object.values(shape).map(Number).join("")}`;
  return preparedStatement<{ chain_id: number; contract: string; token_id: string; owner: string; tba_address: Address }>(indexDb, name, () => {
    const table = schema.erc721Token;
    const filters: SQL[] = [
      shape.projectKeys
        ? sql`${table.owner} IN (SELECT lower(address) FROM tokenhub_app.cloud_keys WHERE project_id = ${sql.placeholder("projectId")})`
        : eq(table.owner, sql.placeholder("owner")),
    ];
    if (shape.chain) filters.push(eq(table.chainId, sql.placeholder("chainId")));
    if (shape.after) {
      const afterKey = sql`(${sql.placeholder("afterChain")}::int, ${sql.placeholder("afterContract")}, ${sql.placeholder("afterTokenId")}::numeric)`;
      filters.push(sql`(${table.chainId}, ${table.contract}, ${table.tokenId}) > ${afterKey}`);
    }
    return indexDb
      .select({ chainId: table.chainId, contract: table.contract, tokenId: sql<string>`${table.tokenId}::text`.as("token_id"), owner: table.owner, tbaAddress: table.tbaAddress })
      .from(table)
      .where(and(...filters))
      .orderBy(asc(table.chainId), asc(table.contract), asc(table.tokenId))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .getSQL();
  });
}

/** Which of these accounts the index has seen created. Placeholders: addresses (lowercase). */
function createdAccountsStatement(indexDb: IndexDb) {
  return preparedStatement<{ chain_id: number; address: string }>(indexDb, "tokenhub_created_accounts", () => {
    const table = schema.erc6551Account;
    return indexDb
      .select({ chainId: table.chainId, address: table.address })
      .from(table)
      .where(sql`${table.address} = ANY(${sql.placeholder("addresses")}::text[])`)
      .getSQL();
  });
}

/**
 * The ERC-6551 accounts (tokenhub's implementation, as POST /api/v1/erc6551/create makes them) of the ERC-721 tokens
 * an owner holds, or, without an owner, that the project's cloud keys hold; created or not yet (`deployed`, as the
 * index has seen it).
 */
export async function listNftAccounts(
  deps: { indexDb: IndexDb; runtime: RuntimeConfig },
  query: { projectId: string; chainId?: number; ownerAddress?: Address; page: number; pageSize: number; pageKey?: string[] },
): Promise<Page<NftAccount> & { nextPageKey: string | null }> {
  if (query.chainId !== undefined) requireChain(deps.runtime, query.chainId);
  const { offset } = pageStart(query);
  const shape = { chain: query.chainId !== undefined, projectKeys: query.ownerAddress === undefined, after: query.pageKey !== undefined };
  const rows = await heldTokensStatement(deps.indexDb, shape)({
    chainId: query.chainId,
    owner: query.ownerAddress?.toLowerCase(),
    projectId: query.projectId,
    afterChain: query.pageKey?.[0],
    afterContract: query.pageKey?.[1],
    afterTokenId: query.pageKey?.[2],
    offset,
    limit: query.pageSize + 1,
  });
  const last = rows[query.pageSize - 1];
  const accounts = rows.slice(0, query.pageSize).map((row) => {
    const nft = { chainId: row.chain_id, contractAddress: getAddress(row.contract), tokenId: row.token_id };
    return { contractAddress: row.tba_address, ownerAddress: getAddress(row.owner), nft };
  });
  const created =
    accounts.length === 0
      ? []
      : await createdAccountsStatement(deps.indexDb)({ addresses: accounts.map((account) => account.contractAddress.toLowerCase()) });
  const deployed = new Set(created.map((row) => `${row.chain_id}:${row.address}`));
  return {
    items: accounts.map((account) => ({
      contractAddress: account.contractAddress,
      deployed: deployed.has(`${account.nft.chainId}:${account.contractAddress.toLowerCase()}`),
      ownerAddress: account.ownerAddress,
      nft: account.nft,
    })),
    nextPage: rows.length > query.pageSize ? query.page + 1 : null,
    nextPageKey: rows.length > query.pageSize && last ? encodePageKey([String(last.chain_id), last.contract, last.token_id]) : null,
  };
}
