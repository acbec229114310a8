/** The p-th percentile of values sorted ascending: the value below which p % of them fall (NaN for none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
