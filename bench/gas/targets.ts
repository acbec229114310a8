import type { Breakdown } from "./breakdown.js";

/** Gas of one operation per mint, on tokenhub or on a reference contract. */
export type GasFigure = { name: string; gas: number };

/** A bound on tokenhub's figure: at most `ratio` times a reference's, or at most `gas`. */
export type GasBound = { ratio: number; of: GasFigure } | { gas: number };

export type GasRow = {
  operation: string;
  /**
   * The current generation as the service sends it: its calldata (server/chain/mintCalls.ts, joined by the pipeline's
   * joinCalls.ts, permits numbered as server/services/permits/permits.ts numbers them), on a collection its factory created, with
   * no access list (the pipeline sends none).
   */
  tokenhub: number;
  /** The target. */
  target: GasBound;
  /**
   * When the target cannot be met without changing what the service guarantees: on what condition (the
   * arithmetic is in bench/README.md), and the bound the gas test holds instead, so the figure cannot rise unnoticed.
   */
  unreachable?: { why: string; holds: GasBound };
  /** The same transactions with the EIP-2930 access list that saves the most (accessList.ts): not sent today. */
  withAccessList: number;
  /** Earlier generations, as the service sent them on those. */
  before: { generation2: number; generation1: number };
  /** Other references, for comparison only. */
  others: GasFigure[];
};

/** What a collection costs to create, by generation, and as a full deployment of the current implementation. */
export type CreationFigures = {
  kind: "ERC-20" | "ERC-721" | "ERC-1155";
  /** Generation 3: a minting proxy (contracts/proxies). */
  current: number;
  /** Generation 2: an EIP-1167 clone. */
  clone: number;
  /** The implementation's creation code and its initialize call, without a second 21,000. */
  fullDeployment: number;
  /** What a single mint costs less on the current generation than on generation 2. */
  singleMintSaving: number;
};

export type GasReport = { rows: GasRow[]; creation: CreationFigures[]; batch: number; breakdowns: Breakdown[] };

export function boundOf(row: GasRow): GasBound {
  return row.unreachable?.holds ?? row.target;
}

/** Why `gas` is above the bound, or undefined when it is within. */
export function exceeded(gas: number, bound: GasBound): string | undefined {
  if ("gas" in bound) return gas <= bound.gas ? undefined : `${gas} gas > ${bound.gas}`;
  const ratio = gas / bound.of.gas;
  return ratio <= bound.ratio ? undefined : `${ratio.toFixed(5)}x ${bound.of.name} > ${bound.ratio}x`;
}

/** Why the row's issue target is missed, or undefined when it is met. */
export function missedTarget(row: GasRow): string | undefined {
  return exceeded(row.tokenhub, row.target);
}

/** Why the row is above what the gas test holds it to (its target, or for an unreachable one the bound instead). */
export function missedBound(row: GasRow): string | undefined {
  return exceeded(row.tokenhub, boundOf(row));
}
