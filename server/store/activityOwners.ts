import type { Address } from "viem";
import type { Queryable } from "./transactions.js";

/** A collection of a project, as the dispatcher of index events needs it. */
export type OwnedCollection = { projectId: string; decimals: number | null };

/** The project collections among these (checksummed addresses, as project_collections stores them), by address. */
export async function findOwnedCollections(db: Queryable, chainId: number, addresses: readonly Address[]): Promise<Map<Address, OwnedCollection>> {
  if (addresses.length === 0) return new Map();
  const { rows } = await db.query<{ address: Address; project_id: string; decimals: number | null }>(
    "SELECT address, project_id, decimals FROM tokenhub_app.project_collections WHERE chain_id = $1 AND address = ANY($2::text[])",
    [chainId, [...new Set(addresses)]],
  );
  return new Map(rows.map((row) => [row.address, { projectId: row.project_id, decimals: row.decimals }]));
}

/** A permit the project issued, found by the nonce the chain saw used or invalidated. */
export type NoncePermit = { id: string; projectId: string; recipient: Address; mintedTokenIds: string[]; mintedAmount: string | null };

/**
 * The permits with these (contract, signer, nonce), checksummed as stored, with what their redemption minted as the
 * index has it now (the mints follow the redemption's log in the same transaction, so they are all in by the time a
 * committed block is read). Keyed `contract signer nonce`.
 */
export async function findNoncePermits(
  db: Queryable,
  indexSchema: string,
  chainId: number,
  nonces: readonly { contract: Address; signer: Address; nonce: string }[],
): Promise<Map<string, NoncePermit>> {
  if (nonces.length === 0) return new Map();
  const { rows } = await db.query<{
    id: string;
    project_id: string;
    recipient: Address;
    contract_address: Address;
    signer: Address;
    nonce: string;
    minted_token_ids: string[] | null;
    minted_amount: string | null;
  }>(
    `SELECT p.id, p.project_id, p.recipient, p.contract_address, p.signer, p.nonce::text, n.minted_token_ids::text[] AS minted_token_ids,
            n.minted_amount::text AS minted_amount
       FROM unnest($2::text[], $3::text[], $4::numeric[]) AS k(contract_address, signer, nonce)
       JOIN tokenhub_app.permits p ON p.chain_id = $1 AND p.contract_address = k.contract_address AND p.signer = k.signer AND p.nonce = k.nonce
       LEFT JOIN "${indexSchema.replaceAll('"', '""')}".permit_nonce n
         ON n.chain_id = $1 AND n.contract = lower(p.contract_address) AND n.signer = lower(p.signer) AND n.nonce = p.nonce`,
    [chainId, nonces.map((key) => key.contract), nonces.map((key) => key.signer), nonces.map((key) => key.nonce)],
  );
  return new Map(
    rows.map((row) => [
      `${row.contract_address} ${row.signer} ${row.nonce}`,
      { id: row.id, projectId: row.project_id, recipient: row.recipient, mintedTokenIds: row.minted_token_ids ?? [], mintedAmount: row.minted_amount },
    ]),
  );
}
