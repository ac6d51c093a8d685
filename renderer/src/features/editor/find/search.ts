import type { Segment } from '../../../../../shared/api/segments';

export type SearchScope = 'both' | 'source' | 'target';

export interface SearchOptions {
  query: string;
  isCaseSensitive: boolean;
  isWholeWord: boolean;
  isRegex: boolean;
  scope: SearchScope;
}

/** A segment's text as the search reads it, lowercased once. */
export interface SearchText {
  source: string;
  target: string;
  sourceLower: string;
  targetLower: string;
}

/** Tests one text (and its lowercased copy); built once per query, never per row. */
type TextTest = (text: string, lower: string) => boolean;

export type CompiledSearch =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; test: TextTest; pattern: RegExp };

// A letter, digit or underscore in any script: what a whole word may not touch.
const WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const WORD_AFTER = '(?![\\p{L}\\p{N}_])';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression, with the Unicode flag when the pattern allows it. */
function compilePattern(source: string, flags: string): RegExp {
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    // Some patterns are valid only without it (`\-` outside a class); the error says why.
    return new RegExp(source, flags);
  }
}

/** The search as one test, or why it cannot run (an invalid regular expression, in words). */
export function compileSearch(options: SearchOptions): CompiledSearch {
  const { query, isCaseSensitive, isWholeWord, isRegex } = options;
  if (query === '') return { kind: 'none' };
  const body = isRegex ? `(?:${query})` : escapeRegExp(query);
  const source = isWholeWord ? `${WORD_BEFORE}${body}${WORD_AFTER}` : body;
  let pattern: RegExp;
  try {
    // Whole words need \p{…}, so the Unicode flag; compilePattern falls back only for a regex.
    pattern = isWholeWord
      ? new RegExp(source, isCaseSensitive ? 'u' : 'iu')
      : compilePattern(source, isCaseSensitive ? '' : 'i');
  } catch (error) {
    return { kind: 'invalid', message: invalidMessage(error) };
  }
  if (!isRegex && !isWholeWord) {
    const lowered = query.toLowerCase();
    const test: TextTest = isCaseSensitive
      ? (text) => text.includes(query)
      : (_text, lower) => lower.includes(lowered);
    return { kind: 'ok', test, pattern };
  }
  if (!isRegex) {
    // A plain whole word: the cheap substring check rules most rows out before the regex runs.
    const lowered = query.toLowerCase();
    return {
      kind: 'ok',
      test: (text, lower) => lower.includes(lowered) && pattern.test(text),
      pattern,
    };
  }
  return { kind: 'ok', test: (text) => pattern.test(text), pattern };
}

function invalidMessage(error: unknown): string {
  const detail = error instanceof Error ? (error.message.split(': ').at(-1) ?? '') : '';
  return `This is not a valid regular expression${detail ? ` (${detail.toLowerCase()})` : ''}.`;
}

const lowered = new WeakMap<Segment, SearchText>();

/**
 * The segments' texts with their lowercased copies. Kept per segment object, so a save (which
 * replaces one segment in a new list) lowercases that one only.
 */
export function searchTexts(segments: readonly Segment[]): SearchText[] {
  return segments.map((segment) => {
    const known = lowered.get(segment);
    if (known) return known;
    const text: SearchText = {
      source: segment.source,
      target: segment.target,
      sourceLower: segment.source.toLowerCase(),
      targetLower: segment.target.toLowerCase(),
    };
    lowered.set(segment, text);
    return text;
  });
}

/** Whether one segment's text matches, in the scope asked for. */
export function matchesText(text: SearchText, test: TextTest, scope: SearchScope): boolean {
  if (scope !== 'target' && test(text.source, text.sourceLower)) return true;
  return scope !== 'source' && test(text.target, text.targetLower);
}

/** `[start, end)` of each hit of the search in `text`, for highlighting (empty hits left out). */
export function searchHits(text: string, pattern: RegExp): [number, number][] {
  const global = new RegExp(pattern.source, `${pattern.flags}g`);
  const hits: [number, number][] = [];
  for (const match of text.matchAll(global)) {
    if (match[0].length > 0) hits.push([match.index, match.index + match[0].length]);
  }
  return hits;
}
