import { index, onchainEnum, onchainTable, primaryKey } from "ponder";

/**
 * The index: what the chain says, as the read routes need it. Every table is keyed by chain id first, so one
 * deployment indexes many chains side by side. Addresses are stored lowercase (Ponder's hex columns).
 */

export const collectionKind = onchainEnum("collection_kind", ["erc20", "erc721", "erc1155"]);

export const collection = onchainTable(
  "collection",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    kind: collectionKind("kind").notNull(),
    /** `factory` for collections our TokenFactory created, `external` for contracts listed in the chains file. */
    source: t.text().notNull(),
    name: t.text(),
    symbol: t.text(),
    decimals: t.integer(),
    transferable: t.boolean(),
    /**
     * False when a view could not be read (the RPC failed or was too slow, not the contract): then a null above is
     * unknown rather than absent, and the service reads it again (server/services/collections/collectionDescriptions.ts).
     */
    described: t.boolean().notNull(),
    admin: t.hex(),
    createdBlock: t.bigint().notNull(),
    createdAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
);

export const erc20Balance = onchainTable(
  "erc20_balance",
  (t) => ({
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    owner: t.hex().notNull(),
    balance: t.bigint().notNull(),
    /** Block time at which the current non-zero holding began. */
    ownerSince: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.contract, table.owner] }),
    ownerIdx: index().on(table.chainId, table.owner),
  }),
);

export const erc721Token = onchainTable(
  "erc721_token",
  (t) => ({
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    ownerSince: t.bigint().notNull(),
    mintedAt: t.bigint().notNull(),
    mintedBlock: t.bigint().notNull(),
    mintTransaction: t.hex().notNull(),
    /**
     * The token's ERC-6551 account address (tokenhub's implementation, salt 0), whether or not the account exists:
     * fixed once the token exists, so derived when it is indexed rather than at every read. EIP-55 text, as the reads
     * answer it.
     */
    tbaAddress: t.text().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.contract, table.tokenId] }),
    ownerIdx: index().on(table.chainId, table.contract, table.owner, table.tokenId),
    holderIdx: index().on(table.chainId, table.owner),
    // The remote-metadata discovery pass reads an external collection's tokens minted since its cursor, every second.
    mintedIdx: index().on(table.chainId, table.contract, table.mintedBlock),
  }),
);

export const erc1155Balance = onchainTable(
  "erc1155_balance",
  (t) => ({
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    balance: t.bigint().notNull(),
    ownerSince: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.contract, table.tokenId, table.owner] }),
    ownerIdx: index().on(table.chainId, table.contract, table.owner, table.tokenId),
    holderIdx: index().on(table.chainId, table.owner),
  }),
);

/**
 * The index's record of movement: one row per transfer (per id of an ERC-1155 batch), mints (from the zero address)
 * and burns (to it) included, of every standard. `id` is Ponder's checkpoint of the log (a chain's rows sort in the
 * order the chain has them) and a five-digit part for the several moves one log makes (an ERC-1155 batch's position),
 * as activity's. The transfer history (GET /api/v1/transfers), the webhooks' transfer events and the past owner of an
 * ERC-721 token (`atBlock`: the `to` of its last transfer at or below the block) are read from it. Token and balance
 * rows above are the current state.
 */
export const transfer = onchainTable(
  "transfer",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    standard: collectionKind("standard").notNull(),
    /** Null for ERC-20. */
    tokenId: t.bigint(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    /** The raw amount: 1 for an ERC-721 token. */
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    /** What tells a row of a reorganised block from its replacement at the same position (the webhooks' dispatcher). */
    blockHash: t.hex().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    // Newest first per contract (the history), and per token: a token's owner at a block is its last row at or below it.
    contractIdx: index().on(table.chainId, table.contract, table.id),
    tokenIdx: index().on(table.chainId, table.contract, table.tokenId, table.id),
    fromIdx: index().on(table.chainId, table.from),
    toIdx: index().on(table.chainId, table.to),
  }),
);

/**
 * Past state, for reads at a block (`atBlock`): an owner's ERC-20 balance after each change (0 once emptied). The
 * owner at the end of block n is the one of the holding's last row at or below n, in chain order (`id`, as transfer's
 * with a last digit for the side: 0 the sender's, 1 the recipient's). Kept beside the transfers because a balance at a
 * block from them alone is the sum of every earlier transfer of the holder; a change is one insert, never a read.
 */
export const erc20BalanceHistory = onchainTable(
  "erc20_balance_history",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    owner: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    balance: t.bigint().notNull(),
    /** The holding's `ownerSince` after the change (when it last rose from zero; 0 once emptied). */
    ownerSince: t.bigint().notNull(),
  }),
  (table) => ({ blockIdx: index().on(table.chainId, table.contract, table.blockNumber) }),
);

/** ERC-1155 balances after each change (0 once emptied), as erc20BalanceHistory. */
export const erc1155BalanceHistory = onchainTable(
  "erc1155_balance_history",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    balance: t.bigint().notNull(),
    ownerSince: t.bigint().notNull(),
  }),
  (table) => ({ blockIdx: index().on(table.chainId, table.contract, table.blockNumber) }),
);

export const erc6551Account = onchainTable(
  "erc6551_account",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    implementation: t.hex().notNull(),
    /** True when the implementation is tokenhub's own account contract (the one whose calls are indexed). */
    tokenhubImplementation: t.boolean().notNull(),
    salt: t.hex().notNull(),
    tokenChainId: t.bigint().notNull(),
    tokenContract: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    createdAt: t.bigint().notNull(),
    createdBlock: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
    tokenIdx: index().on(table.tokenChainId, table.tokenContract, table.tokenId),
  }),
);

/** One row per (account, transaction): the call batch an account executed, with what it cost. */
export const accountTransaction = onchainTable(
  "account_transaction",
  (t) => ({
    chainId: t.integer().notNull(),
    account: t.hex().notNull(),
    transactionHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    gasUsed: t.bigint().notNull(),
    effectiveGasPrice: t.bigint().notNull(),
    callCount: t.integer().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.account, table.transactionHash] }),
    recentIdx: index().on(table.chainId, table.account, table.blockNumber),
  }),
);

export const accountCall = onchainTable(
  "account_call",
  (t) => ({
    chainId: t.integer().notNull(),
    account: t.hex().notNull(),
    transactionHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    executor: t.hex().notNull(),
    to: t.hex().notNull(),
    value: t.bigint().notNull(),
    data: t.hex().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.account, table.transactionHash, table.logIndex] }),
  }),
);

/**
 * Permit nonces consumed on chain: `used` by a redemption, `invalidated` by a revocation. A redemption also records
 * who sent it and what it minted (the mints that follow its `PermitUsed` log in the same transaction).
 */
export const permitNonce = onchainTable(
  "permit_nonce",
  (t) => ({
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    signer: t.hex().notNull(),
    nonce: t.bigint().notNull(),
    status: t.text().notNull(),
    transactionHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    /** The transaction's sender: the account that paid for the redemption or the revocation. */
    sender: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    /** ERC-721: the token ids minted; ERC-1155: the token id; ERC-20: empty. */
    mintedTokenIds: t.bigint().array().notNull(),
    /** ERC-20 raw amount or ERC-1155 quantity; for ERC-721 the number of tokens. */
    mintedAmount: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.contract, table.signer, table.nonce] }) }),
);

/**
 * Within one transaction, the permit whose `PermitUsed` log came last on a contract: the mints that follow belong to
 * it. Redeeming several permits in one `multicall` moves it from one permit to the next.
 */
export const permitRedemptionCursor = onchainTable(
  "permit_redemption_cursor",
  (t) => ({
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    transactionHash: t.hex().notNull(),
    signer: t.hex().notNull(),
    nonce: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.contract, table.transactionHash] }) }),
);

/** ERC-4906 / ERC-1155 URI / ERC-7572 signals, the log of what marketplaces were told to refresh. */
export const metadataSignal = onchainTable(
  "metadata_signal",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    contract: t.hex().notNull(),
    kind: t.text().notNull(),
    fromTokenId: t.bigint(),
    toTokenId: t.bigint(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ contractIdx: index().on(table.chainId, table.contract, table.blockNumber) }),
);

/**
 * The index's rarer changes, one row per change in chain order: ERC-6551 account creations, permit redemptions and
 * revocations (transfers are in `transfer`). `id` is built as transfer's, so the two sort together in chain order. A
 * reorganisation removes its rows with the rest of the index. The webhooks' dispatcher reads it with the
 * transfers (server/services/webhooks/activityEvents.ts); it is also queryable over GraphQL and SQL.
 */
export const activity = onchainTable(
  "activity",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    /** `account_created`, `permit_used` or `permit_invalidated`. */
    kind: t.text().notNull(),
    /** The collection it concerns (for an account creation: its NFT's collection). */
    contract: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    blockHash: t.hex().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    /** What changed, by kind, numbers as decimal strings (src/indexing/activity.ts). */
    data: t.json().notNull(),
  }),
  (table) => ({ chainIdx: index().on(table.chainId, table.id) }),
);
