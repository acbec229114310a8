/** Gas of one operation per mint, on tokenhub or on a reference contract. */
export type GasFigure = { name: string; gas: number };

/**
 * What a row must stay within: tokenhub over the reference at most `ratio`, or tokenhub at most `gas`. A collection
 * is an EIP-1167 clone, whose delegatecall costs about 2,680 gas per transaction that no contract code can win back
 * (bench/README.md, "Clones or full deployments"): for single mints the ratio applies to the same code fully deployed,
 * and the clone may add at most `clonePremium`.
 */
export type GasTarget = { ratio: number; clonePremium?: number } | { gas: number };

export type GasRow = {
  operation: string;
  /** Generation 2, on a collection created by today's factory (an EIP-1167 clone), as the service sends it. */
  tokenhub: number;
  /** The same mint on a collection holding generation 2's code itself instead of the clone (single mints only). */
  fullDeployment?: number;
  /** Generation 1 (before issue 20), as the service sent it then. */
  before: number;
  /** The reference the target is set against. */
  reference: GasFigure;
  /** Other references, for comparison only. */
  others: GasFigure[];
  target: GasTarget;
};

/** What a collection costs to create as a clone (today) and as a full deployment of the same code. */
export type DeploymentFigures = {
  kind: "ERC-20" | "ERC-721" | "ERC-1155";
  clone: number;
  /** Deploying the implementation's code plus its initialize call: what a full deployment would cost. */
  fullDeployment: number;
  /** What a single-mint transaction costs more on the clone than on the full deployment. */
  premium: number;
};

export type GasReport = { rows: GasRow[]; deployments: DeploymentFigures[]; batch: number };

/** The figure the row's ratio target applies to: the code without the clone in front for single mints. */
export function comparedGas(row: GasRow): number {
  return "clonePremium" in row.target && row.fullDeployment !== undefined ? row.fullDeployment : row.tokenhub;
}

export function ratioOf(row: GasRow): number {
  return comparedGas(row) / row.reference.gas;
}

/** Why the row misses its target, or undefined when it meets it. */
export function missedTarget(row: GasRow): string | undefined {
  const { target } = row;
  if ("gas" in target) return row.tokenhub <= target.gas ? undefined : `${row.tokenhub} gas > ${target.gas}`;
  if (ratioOf(row) > target.ratio) return `ratio ${ratioOf(row).toFixed(4)} > ${target.ratio}`;
  if (target.clonePremium !== undefined) {
    if (row.fullDeployment === undefined) return "no full-deployment figure";
    const premium = row.tokenhub - row.fullDeployment;
    if (premium > target.clonePremium) return `clone premium ${premium} gas > ${target.clonePremium}`;
  }
  return undefined;
}

/** The EIP-1167 clone's own cost per transaction: a cold account access (2,600) and the proxy's calldata copying. */
export const CLONE_PREMIUM = 2_700;

