import { wordCount } from '../../documents/word-count';
import { scanTokens, T_CODE, type TokenSink } from '../../tm/tokenize';

let characters = 0;
// One sink for every call, as in word-count.ts: nothing allocated per token.
const characterSink: TokenSink = {
  token(text, kind, start, end) {
    if (kind === T_CODE) return;
    for (let i = start; i < end; i += 1) {
      const c = text.charCodeAt(i);
      // The second half of a surrogate pair: one character with the first.
      if (c < 0xdc00 || c > 0xdfff) characters += 1;
    }
  },
};

/**
 * Characters of a segment as the analysis counts them: the code points of its words, numbers and
 * punctuation as the TM tokenizer reads them; no spaces, no inline codes (as words count them).
 */
export function characterCount(text: string): number {
  characters = 0;
  scanTokens(text, characterSink);
  return characters;
}

export interface TextMeasure {
  words: number;
  characters: number;
}

/** Words (the same as progress, documents/word-count.ts) and characters of a source. */
export const measureText = (text: string): TextMeasure => ({
  words: wordCount(text),
  characters: characterCount(text),
});
