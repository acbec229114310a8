import { sql, type SQL } from "drizzle-orm";
import * as schema from "../../ponder.schema.js";
import { preparedStatement } from "./database/preparedStatements.js";

/**
 * The metadata an ERC-721 mint carried, for the token it minted, before the metadata job attaches it (the job waits
 * for the receipt loop, and the index lists the token first). The mint is found from the token's mint transaction as
 * the index has it (any attempt's hash finds the service's record), so it follows the chain through a reorganisation.
 *
 * Fragments over a relation aliased `token` (token_id, mint_transaction, minted_block) in a statement whose
 * placeholders `chainId` and `contract` (lowercase) name the collection. `join` adds `mint.id`: the id of the service's
 * transaction that minted the token (null when the service did not send it), one primary-key lookup. `waiting` is the
 * metadata the call that minted the token carried, while the job has not attached the mint's metadata from the block
 * the index has the token in (null otherwise, or when the call carried none); it reads the transaction's record, and
 * counts the call's position only then (in a joined transaction call i mints the i-th token: ids are consecutive).
 */
export function tokenMint(): { join: SQL; waiting: SQL } {
  const position = sql`(SELECT count(*)::int FROM ${schema.erc721Token} AS earlier
                         WHERE earlier.chain_id = ${sql.placeholder("chainId")} AND earlier.contract = ${sql.placeholder("contract")}
                           AND earlier.token_id < token.token_id
                           AND earlier.token_id >= token.token_id - jsonb_array_length(sent.metadata -> 'joined')
                           AND earlier.mint_transaction = token.mint_transaction)`;
  return {
    // OFFSET 0 keeps it a lookup per token: flattened into a join, it was planned as a scan of every attempt.
    join: sql`LEFT JOIN LATERAL (SELECT transaction_id AS id FROM tokenhub_app.transaction_attempts WHERE hash = token.mint_transaction OFFSET 0) AS mint ON true`,
    waiting: sql`(SELECT CASE WHEN sent.metadata ? 'joined' THEN sent.metadata -> 'joined' -> ${position} -> 'tokenMetadata' ELSE sent.metadata -> 'tokenMetadata' END
                    FROM tokenhub_app.transactions sent
                   WHERE sent.id = mint.id AND sent.purpose = 'erc721.mint'
                     AND (sent.metadata ? 'tokenMetadata' OR jsonb_path_exists(sent.metadata, '$.joined[*].tokenMetadata'))
                     AND NOT (sent.metadata ? 'tokenMetadataRecorded'
                              AND (sent.metadata -> 'tokenMetadataRecorded' ->> 'blockHash') IS NOT DISTINCT FROM sent.block_hash
                              AND sent.block_number = token.minted_block))`,
  };
}

/** The metadata a token's mint gave it and the job has not attached yet, with the mint's id; undefined if none waits. */
export async function findWaitingMintMetadata(
  indexDb: object,
  chainId: number,
  contract: string,
  tokenId: bigint,
): Promise<{ mintId: string; metadata: Record<string, unknown> } | undefined> {
  const statement = preparedStatement<{ mint_id: string; metadata: Record<string, unknown> | null }>(indexDb, "tokenhub_erc721_waiting_mint_metadata", () => {
    const mint = tokenMint();
    return sql`SELECT mint.id AS mint_id, ${mint.waiting} AS metadata
                 FROM (SELECT token_id, mint_transaction, minted_block FROM ${schema.erc721Token}
                        WHERE chain_id = ${sql.placeholder("chainId")} AND contract = ${sql.placeholder("contract")} AND token_id = ${sql.placeholder("tokenId")}) AS token
                 ${mint.join}`;
  });
  const [row] = await statement({ chainId, contract: contract.toLowerCase(), tokenId: tokenId.toString() });
  return row?.metadata ? { mintId: row.mint_id, metadata: row.metadata } : undefined;
}
