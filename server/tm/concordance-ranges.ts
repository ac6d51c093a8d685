import { textWords } from './concordance-words';

/** UTF-16 offsets `[start, end)` in a text. */
export type TextRange = [number, number];

/** The words of a concordance query, folded (empty when it has none). */
export function queryWords(text: string): string[] {
  return textWords(text).map((word) => word.key);
}

/**
 * Where the phrase `words` (folded, see `queryWords`) occurs in `text`, from the first word of
 * an occurrence to the end of its last: in order, never overlapping.
 */
export function phraseRanges(text: string, words: readonly string[]): TextRange[] {
  const found: TextRange[] = [];
  if (words.length === 0) return found;
  const inText = textWords(text);
  const last = inText.length - words.length;
  for (let at = 0; at <= last; at++) {
    let k = 0;
    while (k < words.length && inText[at + k]!.key === words[k]) k++;
    if (k < words.length) continue;
    found.push([inText[at]!.start, inText[at + k - 1]!.end]);
    at += k - 1;
  }
  return found;
}
