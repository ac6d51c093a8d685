import { tokenize } from '../tm';

/** A text cut into words and the delimiters around them (the `rich=true` fields). */
export interface RichTokens {
  /** The words as written: words, numbers, punctuation marks and inline codes, one each. */
  words: string[];
  /**
   * One longer than `words`: `delimiters[0] + words[0] + delimiters[1] + … + words[n-1] +
   * delimiters[n]` is the text exactly (the spaces and other separators between words).
   */
  delimiters: string[];
  /** The words' comparison keys (lower-cased, NFKC), for the alignment. */
  keys: string[];
}

/**
 * Tokenizes as the translation memory does (server/tm/tokenize.ts), so that an inline code
 * (`<g id="1">`, `</g>`, `<x id="2"/>`, `{0}`, `%s`) is a single word and punctuation is a word.
 */
export function richTokens(text: string): RichTokens {
  const words: string[] = [];
  const delimiters: string[] = [];
  const keys: string[] = [];
  let last = 0;
  for (const token of tokenize(text)) {
    delimiters.push(text.slice(last, token.start));
    words.push(text.slice(token.start, token.end));
    keys.push(token.key);
    last = token.end;
  }
  delimiters.push(text.slice(last));
  return { words, delimiters, keys };
}
