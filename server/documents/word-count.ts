import { scanTokens, T_NUMBER, T_WORD, type TokenSink } from '../tm/tokenize';

let words = 0;
// One sink for every call: counting allocates nothing per token.
const counter: TokenSink = {
  token(_text, kind) {
    if (kind === T_WORD || kind === T_NUMBER) words += 1;
  },
};

/** Words and numbers of a segment as the TM tokenizer reads it (inline codes do not count). */
export function wordCount(text: string): number {
  words = 0;
  scanTokens(text, counter);
  return words;
}
