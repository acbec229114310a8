import { onchainTable } from "ponder";

export const collection = onchainTable("collection", (t) => ({
  address: t.hex().primaryKey(),
  kind: t.integer().notNull(),
  admin: t.hex().notNull(),
}));

export const erc20Transfer = onchainTable("erc20_transfer", (t) => ({
  id: t.text().primaryKey(),
  contract: t.hex().notNull(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  value: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
}));

export const erc721Transfer = onchainTable("erc721_transfer", (t) => ({
  id: t.text().primaryKey(),
  contract: t.hex().notNull(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  tokenId: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
}));

export const erc1155Transfer = onchainTable("erc1155_transfer", (t) => ({
  id: t.text().primaryKey(),
  contract: t.hex().notNull(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  tokenId: t.bigint().notNull(),
  value: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
}));
