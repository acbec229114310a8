import { closest, distance } from "fastest-levenshtein";

/**
 * The known name a misspelt one most likely meant (case-insensitive edit distance), or undefined when none is close
 * enough to be a useful guess.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const lower = name.toLowerCase();
  const lowered = known.map((candidate) => candidate.toLowerCase());
  const guess = closest(lower, lowered);
  const limit = Math.max(2, Math.floor(name.length / 3));
  return distance(lower, guess) <= limit ? known[lowered.indexOf(guess)] : undefined;
}

/** " did you mean X?" when a known name is close, else "" (for error and warning sentences). */
export function didYouMean(name: string, known: readonly string[]): string {
  const guess = nearestName(name, known);
  return guess === undefined ? "" : `; did you mean ${guess}?`;
}
