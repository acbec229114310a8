import { permitNonce, permitRedemptionCursor } from "ponder:schema";
import { type ActivityEvent, recordActivity } from "./activity.js";

type Hex = `0x${string}`;

export type NonceEvent = ActivityEvent & {
  args: { signer: Hex; nonce: bigint };
  log: { address: Hex; logIndex: number };
  transaction: { hash: Hex; from: Hex };
};

/**
 * Per chain, the block whose events this process is indexing and the transactions of it that redeemed a permit: a
 * mint in any other transaction has no cursor to look up. Most mints are not a permit's, and the lookup was one of the
 * three operations of Ponder's store an ERC-721 mint cost. `fromStart` is false while the process may have started in
 * the middle of the block (Ponder resumes from its checkpoint): a redemption before that is not known here, so every
 * mint of that block looks its cursor up. Events of a chain come in order, so a block's first event opens it.
 */
const redemptionsByChain = new Map<number, { blockHash: Hex; fromStart: boolean; transactions: Set<Hex> }>();

function redemptionsOf(chainId: number, blockHash: Hex) {
  const seen = redemptionsByChain.get(chainId);
  if (seen === undefined) {
    const opened = { blockHash, fromStart: false, transactions: new Set<Hex>() };
    redemptionsByChain.set(chainId, opened);
    return opened;
  }
  if (seen.blockHash !== blockHash) {
    seen.blockHash = blockHash;
    seen.fromStart = true;
    seen.transactions.clear();
  }
  return seen;
}

/**
 * A nonce consumed on chain. A redemption (`used`) also becomes the transaction's cursor on the contract, so the
 * mint logs that follow it are credited to this permit.
 */
export async function recordPermitNonce(context: any, event: NonceEvent, status: "used" | "invalidated") {
  const chainId: number = context.chain.id;
  const contract = event.log.address;
  if (status === "used") redemptionsOf(chainId, event.block.hash).transactions.add(event.transaction.hash);
  await context.db
    .insert(permitNonce)
    .values({
      chainId,
      contract,
      signer: event.args.signer,
      nonce: event.args.nonce,
      status,
      transactionHash: event.transaction.hash,
      logIndex: event.log.logIndex,
      sender: event.transaction.from,
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
      mintedTokenIds: [],
      mintedAmount: 0n,
    })
    .onConflictDoNothing();
  const nonce = { signer: event.args.signer, nonce: event.args.nonce.toString() };
  if (status === "used") await recordActivity(context, event, "permit_used", contract, { ...nonce, sender: event.transaction.from });
  else await recordActivity(context, event, "permit_invalidated", contract, nonce);
  if (status === "used") {
    await context.db
      .insert(permitRedemptionCursor)
      .values({ chainId, contract, transactionHash: event.transaction.hash, signer: event.args.signer, nonce: event.args.nonce })
      .onConflictDoUpdate({ signer: event.args.signer, nonce: event.args.nonce });
  }
}

export type PermitMint = {
  contract: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  /** null for ERC-20. */
  tokenId: bigint | null;
  amount: bigint;
  /**
   * ERC-20 and ERC-1155 permits mint once, so the cursor ends there and a later mint in the same transaction is not
   * theirs. An ERC-721 permit mints `amount` tokens; the service reads no more ids than the permit allowed.
   */
  once: boolean;
};

/** Credits a mint (a transfer from the zero address) to the permit redeemed just before it in the transaction. */
export async function creditMintToPermit(context: any, mint: PermitMint) {
  const chainId: number = context.chain.id;
  const redemptions = redemptionsOf(chainId, mint.blockHash);
  if (redemptions.fromStart && !redemptions.transactions.has(mint.transactionHash)) return;
  const cursorKey = { chainId, contract: mint.contract, transactionHash: mint.transactionHash };
  const cursor = await context.db.find(permitRedemptionCursor, cursorKey);
  if (!cursor) return;
  await context.db
    .update(permitNonce, { chainId, contract: mint.contract, signer: cursor.signer, nonce: cursor.nonce })
    .set((row: { mintedTokenIds: bigint[]; mintedAmount: bigint }) => ({
      mintedTokenIds: mint.tokenId === null ? row.mintedTokenIds : [...row.mintedTokenIds, mint.tokenId],
      mintedAmount: row.mintedAmount + mint.amount,
    }));
  if (mint.once) await context.db.delete(permitRedemptionCursor, cursorKey);
}
