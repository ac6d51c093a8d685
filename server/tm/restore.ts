import { classKeyOf } from './score';
import { tokenize } from './tokenize';
import type { TmToken } from './types';

/**
 * Pairs of tokens of `a` and `b` that the scoring alignment matches with the same class (score.ts:
 * least distance, then fewest changed numbers and codes), as [indexInA, indexInB].
 */
function alignedPairs(a: readonly TmToken[], b: readonly TmToken[]): Array<[number, number]> {
  const aClass = a.map(classKeyOf);
  const bClass = b.map(classKeyOf);
  const width = b.length + 1;
  const k = a.length + b.length + 1;
  const cost = new Float64Array((a.length + 1) * width);
  for (let j = 0; j <= b.length; j++) cost[j] = j * k;
  for (let i = 1; i <= a.length; i++) {
    cost[i * width] = i * k;
    for (let j = 1; j <= b.length; j++) {
      const same = aClass[i - 1] === bClass[j - 1];
      const diag =
        cost[(i - 1) * width + j - 1]! + (same ? (a[i - 1]!.key === b[j - 1]!.key ? 0 : 1) : k);
      cost[i * width + j] = Math.min(
        diag,
        cost[(i - 1) * width + j]! + k,
        cost[i * width + j - 1]! + k,
      );
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    const here = cost[i * width + j]!;
    const same = aClass[i - 1] === bClass[j - 1];
    const step = same ? (a[i - 1]!.key === b[j - 1]!.key ? 0 : 1) : k;
    if (same && here === cost[(i - 1) * width + j - 1]! + step) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (here === cost[(i - 1) * width + j]! + k) {
      i--;
    } else if (here === cost[i * width + j - 1]! + k) {
      j--;
    } else {
      // A substitution of different classes.
      i--;
      j--;
    }
  }
  return pairs.reverse();
}

/** The k-th occurrence (0-based) of each token's key among the tokens of one kind. */
function occurrenceIndexes(tokens: readonly TmToken[], kind: TmToken['kind']): Map<number, number> {
  const seen = new Map<string, number>();
  const result = new Map<number, number>();
  tokens.forEach((token, index) => {
    if (token.kind !== kind) return;
    const k = seen.get(token.key) ?? 0;
    seen.set(token.key, k + 1);
    result.set(index, k);
  });
  return result;
}

const occurrenceKey = (key: string, k: number) => `${k}\u0000${key}`;

/**
 * The match's target adapted to the current source:
 * - inline codes: each code of the match source that the alignment pairs with a code of the same
 *   kind in the current source is replaced, in the target, by that current code. A target code
 *   corresponds to the match-source code with the same text, occurrence by occurrence (the 2nd
 *   `<g id="1">` of the target is the 2nd of the source). Codes that have no partner stay as they
 *   are, so nothing is lost; placeholders swapped in the current source (`{1} … {0}`) swap in the
 *   target too, since correspondence follows the alignment, not the text.
 * - numbers: a number the alignment pairs with a different number is replaced in the target when
 *   that is unambiguous: the old value always becomes the same new value, and it occurs as many
 *   times in the target as in the match source (so `1,5` written for `1.5` is left alone).
 * Replacements are made at once on the original positions, so `1 -> 2, 2 -> 3` does not chain.
 */
export function restoreInlineCodes(
  matchSource: string,
  matchTarget: string,
  currentSource: string,
): string {
  const source = tokenize(matchSource);
  const current = tokenize(currentSource);
  const target = tokenize(matchTarget);
  const sourceCodeOccurrence = occurrenceIndexes(source, 'code');
  const codeMap = new Map<string, string>();
  const numberMap = new Map<string, string | null>();
  for (const [i, j] of alignedPairs(source, current)) {
    const from = source[i]!;
    const to = current[j]!;
    if (from.kind === 'code') {
      const raw = currentSource.slice(to.start, to.end);
      codeMap.set(occurrenceKey(from.key, sourceCodeOccurrence.get(i)!), raw);
    } else if (from.kind === 'number' && from.key !== to.key) {
      const raw = currentSource.slice(to.start, to.end);
      const known = numberMap.get(from.key);
      numberMap.set(from.key, known === undefined || known === raw ? raw : null);
    }
  }
  const countNumbers = (tokens: readonly TmToken[], key: string) =>
    tokens.reduce((n, t) => n + (t.kind === 'number' && t.key === key ? 1 : 0), 0);

  const targetCodeOccurrence = occurrenceIndexes(target, 'code');
  let out = '';
  let copied = 0;
  target.forEach((token, index) => {
    let replacement: string | undefined;
    if (token.kind === 'code') {
      replacement = codeMap.get(occurrenceKey(token.key, targetCodeOccurrence.get(index)!));
    } else if (token.kind === 'number') {
      const next = numberMap.get(token.key);
      if (next && countNumbers(target, token.key) === countNumbers(source, token.key)) {
        replacement = next;
      }
    }
    if (replacement === undefined) return;
    out += matchTarget.slice(copied, token.start) + replacement;
    copied = token.end;
  });
  return out + matchTarget.slice(copied);
}
