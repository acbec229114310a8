import { sql } from "drizzle-orm";
import type { Address } from "viem";
import * as schema from "../../../ponder.schema.js";
import { checksummedAddress } from "../../chain/checksummedAddress.js";
import type { RuntimeConfig } from "../../config/runtime.js";
import { formatAmount } from "../../schemas/amounts.js";
import { encodePageKey } from "../../schemas/pageKey.js";
import { findMetadataSources, type MetadataSources } from "../../store/metadataSources.js";
import { preparedStatement } from "../../store/database/preparedStatements.js";
import { requireChain } from "../chains/chains.js";
import type { IndexDb } from "../collections/collections.js";
import { findIndexedCollection, type IndexedCollection } from "../collections/indexedCollections.js";
import { type OpenSeaMetadata, tokenMetadataFrom } from "../metadata/metadata.js";

export type WalletToken = {
  contractAddress: Address;
  tokenType: IndexedCollection["kind"];
  name: string;
  symbol: string;
  tokenId: string | null;
  balance: string;
  balanceRaw: string;
  ownerSince: number;
  metadata: OpenSeaMetadata | null;
  tbaAddress: string | null;
};

type HoldingRow = { contract: string; kind: IndexedCollection["kind"]; token_id: string; balance: string; owner_since: string; tba_address: string | null };

/** Sorts an ERC-20 balance before a contract's token ids (there is only one per contract, so any lower id would do). */
const NO_TOKEN_ID = "-1";

/**
 * An address's current holdings on a chain, by contract then token id, among the contracts the project may see: its
 * own collections (created or imported) and the external contracts of the chains file; other projects' collections
 * are not listed. Each of the three current-state tables is read by its (chain, owner) index.
 */
function holdingsStatement(indexDb: IndexDb, after: boolean) {
  return preparedStatement<HoldingRow>(indexDb, `tokenhub_wallet_tokens_${Number(after)}`, () => {
    const chainId = sql.placeholder("chainId");
    const owner = sql.placeholder("owner");
    const afterKey = after ? sql`WHERE (held.contract, held.token_id) > (${sql.placeholder("afterContract")}, ${sql.placeholder("afterTokenId")}::numeric)` : sql``;
    return sql`
      WITH visible AS (
        SELECT address, kind FROM ${schema.collection}
         WHERE chain_id = ${chainId}
           AND (source = 'external' OR address IN (SELECT lower(p.address) FROM tokenhub_app.project_collections p
                                                    WHERE p.chain_id = ${chainId} AND p.project_id = ${sql.placeholder("projectId")}))
      ), held AS (
        SELECT contract, ${sql.raw(NO_TOKEN_ID)}::numeric AS token_id, balance, owner_since, NULL::text AS tba_address
          FROM ${schema.erc20Balance} WHERE chain_id = ${chainId} AND owner = ${owner}
        UNION ALL
        SELECT contract, token_id, 1::numeric, owner_since, tba_address FROM ${schema.erc721Token} WHERE chain_id = ${chainId} AND owner = ${owner}
        UNION ALL
        SELECT contract, token_id, balance, owner_since, NULL FROM ${schema.erc1155Balance} WHERE chain_id = ${chainId} AND owner = ${owner}
      )
      SELECT held.contract, visible.kind::text AS kind, held.token_id::text AS token_id, held.balance::text AS balance,
             held.owner_since::text AS owner_since, held.tba_address
        FROM held JOIN visible ON visible.address = held.contract ${afterKey}
       ORDER BY held.contract, held.token_id LIMIT ${sql.placeholder("limit")}`;
  });
}

/**
 * Everything an address holds on a chain (GET /api/v1/tokens): ERC-721 tokens with their metadata and account
 * address, ERC-1155 balances with their metadata, ERC-20 balances, paged by key (a page key is the last holding's
 * contract and token id, so holdings added between two reads never shift the pages that follow).
 */
export async function listWalletTokens(
  deps: { indexDb: IndexDb; runtime: RuntimeConfig },
  projectId: string,
  query: { chainId: number; ownerAddress: Address; pageKey?: string[]; pageSize: number },
): Promise<{ tokens: WalletToken[]; nextPageKey: string | null }> {
  requireChain(deps.runtime, query.chainId);
  const rows = await holdingsStatement(deps.indexDb, query.pageKey !== undefined)({
    chainId: query.chainId,
    owner: query.ownerAddress.toLowerCase(),
    projectId,
    afterContract: query.pageKey?.[0],
    afterTokenId: query.pageKey?.[1],
    limit: query.pageSize + 1,
  });
  const shown = rows.slice(0, query.pageSize);
  const contracts = [...new Set(shown.map((row) => row.contract))];
  const collections = new Map(
    await Promise.all(contracts.map(async (contract) => [contract, await findIndexedCollection(deps.indexDb, query.chainId, contract as Address)] as const)),
  );
  const sources = new Map<string, MetadataSources>(
    await Promise.all(
      contracts
        .filter((contract) => collections.get(contract)?.kind !== "erc20")
        .map(async (contract) => {
          const kind = collections.get(contract)!.kind as "erc721" | "erc1155";
          const tokenIds = shown.filter((row) => row.contract === contract).map((row) => BigInt(row.token_id));
          return [contract, await findMetadataSources(deps.indexDb, kind, query.chainId, checksummedAddress(contract), tokenIds)] as const;
        }),
    ),
  );
  return {
    tokens: shown.map((row) => {
      const collection = collections.get(row.contract);
      const metadataSources = sources.get(row.contract);
      const fungible = row.kind === "erc20";
      return {
        contractAddress: checksummedAddress(row.contract),
        tokenType: row.kind,
        name: collection?.name ?? "",
        symbol: collection?.symbol ?? "",
        tokenId: fungible ? null : row.token_id,
        balance: fungible ? formatAmount(BigInt(row.balance), collection?.decimals ?? 18) : row.balance,
        balanceRaw: row.balance,
        ownerSince: Number(row.owner_since),
        metadata: metadataSources === undefined ? null : tokenMetadataFrom(metadataSources, collection?.name ?? null, row.token_id),
        tbaAddress: row.tba_address,
      };
    }),
    nextPageKey: rows.length > query.pageSize ? encodePageKey([shown.at(-1)!.contract, shown.at(-1)!.token_id]) : null,
  };
}
