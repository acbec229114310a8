import { index, onchainTable } from "ponder";

/** One row per block: its event's id (Ponder's checkpoint of the event), number and timestamp. */
export const tick = onchainTable(
  "tick",
  (t) => ({
    id: t.text().primaryKey(),
    number: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({ numberIndex: index().on(table.number) }),
);
