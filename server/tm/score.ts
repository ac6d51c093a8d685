import { tokenize } from './tokenize';
import type { TmToken } from './types';

/**
 * The score: what a full scan computes and what the index must reproduce exactly.
 *
 * Tokens (tokenize.ts) are compared by CLASS for the edit distance: a word or punctuation mark is
 * its own class (its normalized key), every number is one class, and every inline code of a kind
 * (open, close, standalone, placeholder) is one class. `d` is the word-level Levenshtein distance
 * between the two class sequences (insert, delete, substitute: 1 each), n and m their lengths and
 * L = max(n, m):
 *
 *   base = floor(100 * (L - d) / L)      (0 when either side has no token)
 *
 * Penalties then only LOWER the score: among the alignments that reach the distance d, take the
 * one with the fewest aligned pairs of the same class whose exact keys differ (a number with
 * another value, a code with another identity); each such pair costs 1 point:
 *
 *   score = max(0, base - penalty)
 *
 * so a match that differs only in a number is 99, never 100. Because score <= base, every filter
 * that is exact for `base >= t` is exact for `score >= t`.
 *
 * An exact match is 100 (same class sequence, no penalty); it becomes 101 when the context matches
 * as well (see `contextMatches`).
 */
export const NUMBER_CLASS = '\u0001#';
const CODE_CLASS_PREFIX = '\u0001<';

/** The class key of a token for the edit distance (see above). */
export function classKeyOf(token: TmToken): string {
  if (token.kind === 'number') return NUMBER_CLASS;
  if (token.kind === 'code') return CODE_CLASS_PREFIX + token.codeKind;
  return token.key;
}

/** Score from the distance: floor(100 (L - d) / L), integer arithmetic. */
export function baseScore(d: number, n: number, m: number): number {
  const l = n > m ? n : m;
  if (n === 0 || m === 0) return 0;
  return Math.floor((100 * (l - d)) / l);
}

/**
 * Plain dynamic programming over (distance, penalty) in lexicographic order, packed in one number
 * as distance * K + penalty with K larger than any penalty. The reference for Myers and the index.
 */
export function distanceAndPenalty(
  a: readonly TmToken[],
  b: readonly TmToken[],
): { distance: number; penalty: number } {
  const aClass = a.map(classKeyOf);
  const bClass = b.map(classKeyOf);
  const k = a.length + b.length + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j * k;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i * k;
    for (let j = 1; j <= b.length; j++) {
      const same = aClass[i - 1] === bClass[j - 1];
      const diag = prev[j - 1]! + (same ? (a[i - 1]!.key === b[j - 1]!.key ? 0 : 1) : k);
      cur[j] = Math.min(diag, prev[j]! + k, cur[j - 1]! + k);
    }
    [prev, cur] = [cur, prev];
  }
  const packed = prev[b.length]!;
  return { distance: Math.floor(packed / k), penalty: packed % k };
}

/** The fuzzy score (0..100) of `unitSource` for `query`, context aside. */
export function scoreUnit(query: string, unitSource: string): number {
  return scoreTokens(tokenize(query), tokenize(unitSource));
}

export function scoreTokens(query: readonly TmToken[], unit: readonly TmToken[]): number {
  const { distance, penalty } = distanceAndPenalty(query, unit);
  return Math.max(0, baseScore(distance, query.length, unit.length) - penalty);
}

/** Threshold as applied: an integer in 1..101 (default 50). */
export function effectiveThreshold(threshold: number | undefined): number {
  const t = threshold === undefined || Number.isNaN(threshold) ? 50 : Math.ceil(threshold);
  return Math.min(101, Math.max(1, t));
}

/** Limit as applied: an integer >= 0 (default 5). */
export function effectiveLimit(limit: number | undefined): number {
  return limit === undefined || Number.isNaN(limit) ? 5 : Math.max(0, Math.floor(limit));
}
